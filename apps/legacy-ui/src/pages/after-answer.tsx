// Select menus wait until the shell has had its answer to `router`.
//
// Frame and shell share one main thread when they share an origin, and the shell reads the frame's
// answer in a task of its own, after the frame's. Measured in Chromium 156 (bench/src/tab-click-
// trace.ts), a `<select>` in the commit that answers makes the browser lay out the whole new page
// before that task runs:
//   - one removed with the page the shell navigates away from: a microtask after the commit
//     recalculates style and layout (about 3 ms for a list page);
//   - one inserted with the new page: the browser's form tracking (autofill) posts a task that does
//     the same, queued ahead of the answer (3-5 ms).
// Without either, a tab click's answer reaches the shell in about half the time. So while the frame
// answers a `router` it holds the menus: the page on screen lets go of its selects first (their
// removal then lays out a page that is already laid out), the new page mounts without them, and
// they come in right after the answer, before the browser paints in practice. In their place
// stands a box of a select's size, so nothing moves when they come.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

/** Whether the menus are shown, with its listeners (a store: only the menus render when it moves). */
export interface MenuHold {
  /** True while the frame answers the shell's `router`. */
  held(): boolean;
  /** Holds the menus until `release`; a second hold before the release is the same hold. */
  hold(): void;
  release(): void;
  subscribe(listener: () => void): () => void;
}

export function createMenuHold(): MenuHold {
  let held = false;
  const listeners = new Set<() => void>();
  const set = (value: boolean) => {
    if (held === value) return;
    held = value;
    for (const listener of [...listeners]) listener();
  };
  return {
    held: () => held,
    hold: () => set(true),
    release: () => set(false),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Outside a frame's `router` answer (a page rendered on its own, a test) nothing is held. */
const NEVER_HELD: MenuHold = createMenuHold();

export const MenuHoldContext = createContext<MenuHold>(NEVER_HELD);

/** True while the frame answers the shell's `router` (see the top of this file). */
export function useMenusHeld(): boolean {
  const hold = useContext(MenuHoldContext);
  return useSyncExternalStore(hold.subscribe, hold.held, hold.held);
}

/**
 * A select (its `children`), or, while the frame answers a `router`, a box of its size that no one
 * can reach (no role, no focus): its label stays beside it, so nothing moves when it comes.
 */
export function AfterAnswer({ children }: { children: ReactNode }) {
  return useMenusHeld() ? <span className="select-stand-in" aria-hidden="true" /> : children;
}

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
// answers a `router`, its request gate (request-gate.ts) holds the menus with the requests: the
// page on screen lets go of its selects first (in a commit of its own, with no new page to lay
// out), the new page mounts without them, and they come in right after the answer, before the
// browser paints in practice. In their place stands a box of a select's size, so nothing moves.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { createRequestGate } from '../request-gate.ts';
import type { RequestGate } from '../request-gate.ts';

/** What the menus watch: the frame's request gate, held while it answers a `router`. */
export type MenuHold = Pick<RequestGate, 'held' | 'subscribe'>;

/** Outside a frame's `router` answer (a page rendered on its own, a test) nothing is held. */
const NEVER_HELD: MenuHold = createRequestGate();

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

// The frame's route lives in location.hash, but the frame never adds browser-history entries:
// the shell owns history (one Back press = one step), so every frame navigation replaces the
// current entry and is reported to the shell (routerUpdate), which pushes its own.
import { normalizeLocation } from './routes.ts';

/** The frame's current route as an external store. */
export interface HashRouter {
  /** The current location: a path and, for a list, its query (`/things/thing?sort=name:desc`). */
  current(): string;
  subscribe(listener: () => void): () => void;
  /** Shows `path` by replacing the hash (no history entry, no reload). */
  go(path: string): void;
}

/** Creates the router over `win.location.hash`. */
export function createHashRouter(win: Window): HashRouter {
  const listeners = new Set<() => void>();
  let current = normalizeLocation(win.location.hash);
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  win.addEventListener('hashchange', () => {
    const next = normalizeLocation(win.location.hash);
    if (next === current) return;
    current = next;
    notify();
  });
  return {
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go(path) {
      const next = normalizeLocation(path);
      if (`#${next}` !== win.location.hash)
        win.history.replaceState(win.history.state, '', `#${next}`);
      if (next === current) return;
      current = next;
      notify();
    },
  };
}

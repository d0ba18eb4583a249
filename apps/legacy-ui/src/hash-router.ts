// The frame's route lives in location.hash, but the frame never adds browser-history entries:
// the shell owns history (one Back press = one step), so every frame navigation replaces the
// current entry and is reported to the shell (routerUpdate), which pushes its own.
import { normalizeLocation } from './routes.ts';

/** How {@link HashRouter.go} writes the address. */
export interface GoOptions {
  /**
   * Write the hash once the thread is idle instead of now. For the shell's `router` request: the
   * page changes at once, and the frame's own address (read only by a reload of the frame) is
   * written after the answer has gone back, off the shell's wait.
   */
  writeHashLater?: boolean;
}

/** The frame's current route as an external store. */
export interface HashRouter {
  /** The current location: a path and, for a list, its query (`/things/thing?sort=name:desc`). */
  current(): string;
  subscribe(listener: () => void): () => void;
  /** Shows `path` by replacing the hash (no history entry, no reload). */
  go(path: string, options?: GoOptions): void;
}

/** At the latest this long after a deferred write, the hash is written even if the thread is busy. */
const LATE_WRITE_LIMIT_MS = 500;

/** Creates the router over `win.location.hash`. */
export function createHashRouter(win: Window): HashRouter {
  const listeners = new Set<() => void>();
  let current = normalizeLocation(win.location.hash);
  let cancelLateWrite: (() => void) | null = null;
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const writeHash = () => {
    cancelLateWrite?.();
    cancelLateWrite = null;
    if (`#${current}` !== win.location.hash)
      win.history.replaceState(win.history.state, '', `#${current}`);
  };
  const writeLater = () => {
    if (cancelLateWrite) return; // one write is pending: it writes the latest route
    if (typeof win.requestIdleCallback === 'function') {
      const id = win.requestIdleCallback(writeHash, { timeout: LATE_WRITE_LIMIT_MS });
      cancelLateWrite = () => win.cancelIdleCallback(id);
    } else {
      const id = win.setTimeout(writeHash, 0);
      cancelLateWrite = () => win.clearTimeout(id);
    }
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
    go(path, options = {}) {
      const next = normalizeLocation(path);
      const changed = next !== current;
      current = next;
      if (options.writeHashLater) writeLater();
      else writeHash();
      if (changed) notify();
    },
  };
}

// Holds back what a new page starts for a moment: while the frame answers the shell's `router`,
// the page's API requests wait until the answer is out, so the shell's wait for the frame carries
// none of their cost (sending three requests and handling their answers was a fifth of a tab
// click), and so do its select menus (pages/after-answer.tsx). They start a moment later
// (legacy-app.tsx: a 1 ms timer queued after the answer); the requests in the order they were made.

/** A gate the API client waits at before each request, and the select menus watch. */
export interface RequestGate {
  /** Closes the gate until the returned release is called (holds nest; release is idempotent). */
  hold(): () => void;
  /** A promise to wait for while the gate is held, or null when it is open. */
  opened(): Promise<void> | null;
  /** True while the gate is held. */
  held(): boolean;
  /** Called when the gate closes or opens (not for a nested hold or release). */
  subscribe(listener: () => void): () => void;
}

export function createRequestGate(): RequestGate {
  let holds = 0;
  let open: (() => void) | null = null;
  let waiting: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    hold() {
      holds += 1;
      if (holds === 1) tell();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds > 0) return;
        tell();
        if (!open) return;
        const resolve = open;
        open = null;
        waiting = null;
        resolve();
      };
    },
    opened() {
      if (holds === 0) return null;
      waiting ??= new Promise<void>((resolve) => {
        open = resolve;
      });
      return waiting;
    },
    held: () => holds > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

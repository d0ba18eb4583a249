// Holds the page's API requests back for a moment: while the frame answers the shell's `router`,
// the requests the new page starts wait until the answer is out, so the shell's wait for the
// frame carries none of their cost (sending three requests and handling their
// answers was a fifth of a tab click). They start a moment later (legacy-app.tsx: a 1 ms timer
// queued after the answer), in the order they were made.

/** A gate the API client waits at before each request. */
export interface RequestGate {
  /** Closes the gate until the returned release is called (holds nest; release is idempotent). */
  hold(): () => void;
  /** A promise to wait for while the gate is held, or null when it is open. */
  opened(): Promise<void> | null;
}

export function createRequestGate(): RequestGate {
  let holds = 0;
  let open: (() => void) | null = null;
  let waiting: Promise<void> | null = null;
  return {
    hold() {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds > 0 || !open) return;
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
  };
}

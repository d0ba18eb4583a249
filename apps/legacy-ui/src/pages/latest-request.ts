// A list's requests as its query changes (typing in the search box, a sort, a page): only the
// latest counts. Starting one aborts the one before (the server stops working for a query nobody
// waits for), and an answer or failure of one that is no longer the latest is dropped, so the page
// never shows the rows of an older query after a newer one, whatever order the answers come in.

/**
 * How long the search box waits after a keystroke of a burst before it asks: long enough to fold a
 * fast typist's burst into one request (a newer query aborts the older one's request anyway), short
 * enough that the rows of 100,000 things come within 150 ms of a burst's last keystroke (the pause,
 * about 15 ms to ask, about 40 ms for the answer). A keystroke after a pause asks at once
 * (`searchWriteDelay`).
 */
export const SEARCH_PAUSE_MS = 75;

/**
 * How long the search box waits before it writes the text it holds (and so asks for its rows).
 * A keystroke that starts a burst (none in the last SEARCH_PAUSE_MS) asks at once: a single
 * keystroke, a paste, a browser suggestion, or most people's typing, whose keystrokes are further
 * apart than the pause, has nothing to be folded into. A keystroke inside a burst waits the pause
 * after it: a fast typist's burst is its first keystroke's request and one after its last.
 */
export function searchWriteDelay(
  /** When the keystroke before this one came (ms, the same clock as `now`); null: never. */
  previousAt: number | null,
  now: number,
): number {
  return previousAt === null || now - previousAt >= SEARCH_PAUSE_MS ? 0 : SEARCH_PAUSE_MS;
}

/** What to do with the latest request's outcome. */
export interface LatestHandlers<T> {
  answer(value: T): void;
  fail(error: unknown): void;
}

/** The latest of a series of requests. */
export interface LatestRequest {
  /**
   * Starts `request` (aborting the one in flight); `handlers` run only while it is still the
   * latest. The returned stop aborts it and drops its outcome (a React effect's cleanup).
   */
  start<T>(request: (signal: AbortSignal) => Promise<T>, handlers: LatestHandlers<T>): () => void;
}

export function createLatestRequest(): LatestRequest {
  let current: AbortController | null = null;
  return {
    start(request, handlers) {
      current?.abort();
      const controller = new AbortController();
      current = controller;
      const latest = () => current === controller && !controller.signal.aborted;
      let promise;
      try {
        promise = request(controller.signal);
      } catch (error) {
        promise = Promise.reject(error);
      }
      promise.then(
        (value) => {
          if (latest()) handlers.answer(value);
        },
        (error: unknown) => {
          if (latest()) handlers.fail(error);
        },
      );
      return () => {
        controller.abort();
        if (current === controller) current = null;
      };
    },
  };
}

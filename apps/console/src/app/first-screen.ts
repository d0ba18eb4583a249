// When the console's first screen is done with the network and the main thread, as far as the shell
// can tell: what loads then (the analytics library, the version check and the service worker with
// its precache of every file) does not compete with the frame's first page, its rows included.

/** After the frame's first page is shown, the moment its own requests and rows usually need. */
export const FIRST_SCREEN_GRACE_MS = 1500;
/** The idle moment after the grace is waited for at most this long. */
const IDLE_LIMIT_MS = 1000;

/**
 * Resolves once `settled` has (the frame's first page shown, or its own time limit; a failure
 * counts too), then `graceMs` later (the shell cannot see the frame's requests, which may be on
 * another origin: the page's data and rows come after its answer), then at an idle moment.
 */
export function afterFirstScreen(
  settled: () => Promise<void>,
  graceMs = FIRST_SCREEN_GRACE_MS,
): Promise<void> {
  return settled()
    .catch(() => undefined)
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, graceMs)))
    .then(
      () =>
        new Promise<void>((resolve) => {
          if (typeof requestIdleCallback === 'function')
            requestIdleCallback(() => resolve(), { timeout: IDLE_LIMIT_MS });
          else resolve();
        }),
    );
}

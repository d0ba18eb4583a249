/**
 * The frame's side of "activity extends the session": the shell cannot see keys and clicks inside
 * the iframe, so the frame reports them with the `activity` event. This throttles the reports: the
 * first activity is reported at once, then at most one per interval (the shell extends the session
 * at most once a minute, so a report every 10 s is plenty and costs nothing).
 */

/** The shortest time between two `activity` reports. */
export const ACTIVITY_REPORT_INTERVAL_MS = 10_000;

/** The DOM events that count as the user's activity in a page. */
export const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'input'] as const;

/** Options of {@link createActivityReporter}. */
export interface ActivityReporterOptions {
  /** Sends one report (the frame endpoint's `send('activity', {})`). */
  send(): void;
  /** The clock (tests pass a fake one). */
  now?: () => number;
  intervalMs?: number;
}

/** Returns the function to call on every activity; it reports at most once per interval. */
export function createActivityReporter({
  send,
  now = Date.now,
  intervalMs = ACTIVITY_REPORT_INTERVAL_MS,
}: ActivityReporterOptions): () => void {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < intervalMs) return;
    last = at;
    send();
  };
}

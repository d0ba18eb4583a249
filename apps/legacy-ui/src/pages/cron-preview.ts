// What the cron field shows under the expression as one types: nothing yet, why it is refused, or
// its next runs in the tenant's time zone and date format (core's schedule and date rules).
import { CRON_PREVIEW_RUNS, cronProblem, formatDateTime, nextCronRuns } from '@portico/core';
import type { CronProblemCode, DateTimePreferences } from '@portico/core';

export type CronPreview =
  | { readonly kind: 'empty' }
  | { readonly kind: 'problem'; readonly code: CronProblemCode }
  /** `runs`: each run as the user reads dates; `at`: the same instants, ISO (`<time dateTime>`). */
  | { readonly kind: 'runs'; readonly runs: readonly string[]; readonly at: readonly string[] };

/** The preview of `expression` typed at `now` (epoch milliseconds). */
export function cronPreview(
  expression: string,
  preferences: DateTimePreferences,
  now: number,
): CronPreview {
  if (expression.trim() === '') return { kind: 'empty' };
  const problem = cronProblem(expression, preferences.timeZone);
  if (problem) return { kind: 'problem', code: problem.code };
  const times = nextCronRuns(expression, preferences.timeZone, now, CRON_PREVIEW_RUNS);
  return {
    kind: 'runs',
    runs: times.map((time) => formatDateTime(time, preferences)),
    at: times.map((time) => new Date(time).toISOString()),
  };
}

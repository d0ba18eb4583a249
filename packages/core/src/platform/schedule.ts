/**
 * Cron expressions of scheduled rules, read by croner: five fields (minute hour day-of-month month
 * day-of-week) or six (seconds first, as the real platform's Quartz expressions), names (`MON`,
 * `JAN`), ranges, lists, steps, `?`, `L`, `#` and the `@daily`-style nicknames. The services refuse
 * an expression this module finds a problem in; the legacy UI shows the same problem, or the next
 * runs, while one types.
 */
import { Cron } from 'croner';

/** The longest cron expression a scheduled rule takes. */
export const MAX_CRON_LENGTH = 120;

/** How many next runs the form shows. */
export const CRON_PREVIEW_RUNS = 5;

/** Why an expression is refused, as a code a UI translates. */
export type CronProblemCode =
  /** Nothing given. */
  | 'empty'
  /** Longer than {@link MAX_CRON_LENGTH}. */
  | 'tooLong'
  /** Not five or six fields. */
  | 'fieldCount'
  /** A field with a value out of its range, or not a cron value at all. */
  | 'invalidField'
  /** Valid, but no date ever matches (`0 0 30 2 *`: February 30th). */
  | 'neverRuns';

export interface CronProblem {
  readonly code: CronProblemCode;
  /** What is wrong, in English (the services' 400 names it). */
  readonly detail: string;
}

const MODE = '5-or-6-parts';

/** `timeZone` when the engine knows it, else UTC (dates of an unknown zone show in UTC too). */
function knownZone(timeZone: string): string {
  try {
    return Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

function cronOf(expression: string, timeZone: string): Cron {
  return new Cron(expression, { timezone: knownZone(timeZone), mode: MODE, paused: true });
}

function problemOfError(error: unknown): CronProblem {
  // croner throws a TypeError or RangeError naming what it could not read
  const detail = (error as Error).message.replace(/^CronPattern: /, '');
  return {
    code: /parts|five, six|space separated/i.test(detail) ? 'fieldCount' : 'invalidField',
    detail,
  };
}

/**
 * The problem of a cron expression, or null when it is one that runs (in `timeZone`, UTC by
 * default; an unknown zone reads as UTC).
 */
export function cronProblem(expression: string, timeZone = 'UTC'): CronProblem | null {
  const text = expression.trim();
  if (text === '') return { code: 'empty', detail: 'must not be empty' };
  if (text.length > MAX_CRON_LENGTH)
    return { code: 'tooLong', detail: `must be at most ${MAX_CRON_LENGTH} characters` };
  let cron: Cron;
  try {
    cron = cronOf(text, timeZone);
  } catch (error) {
    return problemOfError(error);
  }
  if (cron.nextRun() === null)
    return { code: 'neverRuns', detail: 'no date matches it: it would never run' };
  return null;
}

/**
 * The next `count` runs of a valid expression after `from` (epoch milliseconds), in `timeZone`;
 * empty for an expression {@link cronProblem} refuses.
 */
export function nextCronRuns(
  expression: string,
  timeZone: string,
  from: number,
  count = CRON_PREVIEW_RUNS,
): number[] {
  if (cronProblem(expression, timeZone)) return [];
  return cronOf(expression.trim(), timeZone)
    .nextRuns(count, new Date(from))
    .map((date) => date.getTime());
}

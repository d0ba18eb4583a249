/**
 * When a session ends and what the console does before it (the platform's sliding session: it ends
 * `sessionTimeout` minutes, a group field, after the token's last use; a `{ token }` login extends
 * it). The console warns before the end, extends the session on activity without asking, and ends it
 * itself when the time is up. These rules decide when; the console only reads the clock and acts.
 */

/** A tenant with no (or an unreadable) `sessionTimeout` gets the services' default: 30 minutes. */
export const DEFAULT_SESSION_TIMEOUT_MINUTES = 30;
/** The longest timeout the services accept (30 days), in minutes. */
export const MAX_SESSION_TIMEOUT_MINUTES = 60 * 24 * 30;
/** How long before the end the warning shows (for sessions long enough, see {@link sessionWarningLeadMs}). */
export const SESSION_WARNING_LEAD_MS = 120_000;
/** Activity extends the session at most this often (for sessions long enough, see {@link sessionExtendThrottleMs}). */
export const SESSION_EXTEND_THROTTLE_MS = 60_000;
/** The remaining seconds at which the countdown is announced to screen readers (besides the opening). */
export const SESSION_ANNOUNCE_AT_SECONDS: readonly number[] = [120, 60, 30, 10];

/**
 * The session lifetime of the tenant's `sessionTimeout` group field (minutes, a number or its text),
 * in ms. Anything that is not a whole positive number of minutes gives the default; a value past the
 * services' limit is capped as they cap it.
 */
export function sessionTimeoutMs(field: unknown): number {
  const minutes =
    typeof field === 'number'
      ? field
      : typeof field === 'string' && /^\s*\d+\s*$/.test(field)
        ? Number.parseInt(field, 10)
        : Number.NaN;
  const valid = Number.isInteger(minutes) && minutes > 0;
  return (
    (valid ? Math.min(minutes, MAX_SESSION_TIMEOUT_MINUTES) : DEFAULT_SESSION_TIMEOUT_MINUTES) *
    60_000
  );
}

/**
 * How long before the end the warning shows: two minutes, or half the session when it is shorter
 * than four minutes (a one-minute session warns 30 s before its end, not as soon as it starts).
 */
export function sessionWarningLeadMs(timeoutMs: number): number {
  return Math.min(SESSION_WARNING_LEAD_MS, Math.floor(timeoutMs / 2));
}

/**
 * The shortest time between two extensions on activity: one minute, or half the time before the
 * warning when that is shorter (so that a user who is active in a very short session is extended
 * before the warning would show).
 */
export function sessionExtendThrottleMs(timeoutMs: number): number {
  return Math.min(
    SESSION_EXTEND_THROTTLE_MS,
    Math.floor((timeoutMs - sessionWarningLeadMs(timeoutMs)) / 2),
  );
}

/** Where a session is in its life. */
export type SessionExpiryPhase =
  | { phase: 'ACTIVE'; endsAt: number; warnAt: number }
  | { phase: 'WARNING'; endsAt: number; remainingMs: number }
  | { phase: 'EXPIRED'; endsAt: number };

/** What {@link sessionExpiryPhase} needs. */
export interface SessionExpiryInput {
  now: number;
  /** When the token was last used (any request, a login, an extension), ms epoch. */
  lastUse: number;
  timeoutMs: number;
}

/** The phase of a session last used at `lastUse`: active, warning (the dialog), or expired. */
export function sessionExpiryPhase({
  now,
  lastUse,
  timeoutMs,
}: SessionExpiryInput): SessionExpiryPhase {
  const endsAt = lastUse + timeoutMs;
  const warnAt = endsAt - sessionWarningLeadMs(timeoutMs);
  if (now >= endsAt) return { phase: 'EXPIRED', endsAt };
  if (now >= warnAt) return { phase: 'WARNING', endsAt, remainingMs: endsAt - now };
  return { phase: 'ACTIVE', endsAt, warnAt };
}

/** What {@link decideActivityExtension} needs. */
export interface ActivityInput extends SessionExpiryInput {
  /** When the console last asked for an extension (sent, answered or not), or null. */
  lastExtensionAt: number | null;
}

/**
 * User activity (in the shell or reported by the frame): `EXTEND` when the session should be
 * extended now without a dialog. Never once the warning shows (only "Stay signed in" extends then,
 * so that moving the mouse does not dismiss the warning unread) nor after the end; at most once per
 * {@link sessionExtendThrottleMs}, counted from the last use and from the last extension asked.
 */
export function decideActivityExtension(input: ActivityInput): 'EXTEND' | 'NONE' {
  if (sessionExpiryPhase(input).phase !== 'ACTIVE') return 'NONE';
  const throttle = sessionExtendThrottleMs(input.timeoutMs);
  const since = Math.max(input.lastUse, input.lastExtensionAt ?? Number.NEGATIVE_INFINITY);
  return input.now - since >= throttle ? 'EXTEND' : 'NONE';
}

/** What screen readers are told of the countdown: a whole number of minutes or seconds. */
export interface CountdownAnnouncement {
  unit: 'minutes' | 'seconds';
  count: number;
}

/**
 * The countdown as announced: not every second, only the last threshold of
 * {@link SESSION_ANNOUNCE_AT_SECONDS} reached ("less than 1 minute" from 60 s, "less than 30
 * seconds" from 30 s…); above the first threshold, the whole minutes left. The text changes only when
 * the threshold changes, so a polite live region speaks a handful of times, not 120.
 */
export function countdownAnnouncement(remainingMs: number): CountdownAnnouncement {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const thresholds = [...SESSION_ANNOUNCE_AT_SECONDS].sort((a, b) => a - b);
  const reached = thresholds.find((threshold) => seconds <= threshold);
  const value = reached ?? Math.ceil(seconds / 60) * 60;
  return value >= 60 && value % 60 === 0
    ? { unit: 'minutes', count: value / 60 }
    : { unit: 'seconds', count: value };
}

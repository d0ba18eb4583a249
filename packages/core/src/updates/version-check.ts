/**
 * The new-version check (spec §4 "App version reload", §8, §9): what a conditional fetch of
 * index.html means, when a reload may happen, and the cross-tab signal.
 */

/** Spec §9: at most one version reload per 10 seconds (per tab). */
export const VERSION_RELOAD_THROTTLE_MS = 10_000;

/** The BroadcastChannel over which a tab that found a new version tells the others. */
export const VERSION_CHANNEL_NAME = 'portico-version';

/** Spec §8: the console message of a failed update check (logged with the error). */
export const UPDATE_CHECK_FAILED_MESSAGE = 'Failed to check for updates';

/** What one version check found. */
export type VersionCheckOutcome = 'latest' | 'first' | 'new-version' | 'unknown' | 'failed';

/** The answer of the conditional `GET index.html` and what is stored. */
export interface VersionCheckInput {
  /** HTTP status; 0 for a network failure. */
  status: number;
  /** The response's `ETag` header. */
  etag?: string | null;
  /** The response's `Last-Modified` header. */
  lastModified?: string | null;
  /** LAST_ETAG as stored (sent as `If-None-Match`). */
  storedEtag?: string | null;
  /** LAST_MODIFIED as stored (sent as `If-Modified-Since`). */
  storedLastModified?: string | null;
  /**
   * The version this tab runs (learnt at its first check); `null` before the first check. A tab
   * never reloads on its first check: it has just loaded whatever the server serves.
   */
  running?: string | null;
}

/** What to do after one version check. */
export interface VersionCheckDecision {
  outcome: VersionCheckOutcome;
  /** Reload (at a safe moment, throttled) and tell the other tabs. */
  reload: boolean;
  /** New LAST_ETAG / LAST_MODIFIED to store, or `null` to keep what is stored. */
  store: { etag: string | null; lastModified: string | null } | null;
  /** The version this tab runs after the decision. */
  running: string | null;
}

function present(value: string | null | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A version's identity: its ETag, else its Last-Modified date, else `null` (unknown). */
export function versionIdentity(etag?: string | null, lastModified?: string | null): string | null {
  return present(etag) ?? present(lastModified);
}

/**
 * Decides on one version check (spec §4, §8):
 * - 304: already latest; the stored version is the server's. A tab whose running version differs
 *   (another tab stored a newer one and this tab missed its signal) reloads.
 * - 2xx: the response's ETag (or Last-Modified) is the server's version: stored when it differs
 *   from the stored one; a reload when it differs from the version this tab runs. The first check
 *   of a tab (nothing running yet, or nothing stored at all) only stores.
 * - anything else (0 = network failure): 'failed', the §8 message is logged, nothing changes.
 */
export function decideVersionCheck(input: VersionCheckInput): VersionCheckDecision {
  const running = present(input.running);
  const stored = versionIdentity(input.storedEtag, input.storedLastModified);
  if (input.status === 304) {
    if (running === null) return { outcome: 'latest', reload: false, store: null, running: stored };
    const reload = stored !== null && stored !== running;
    return { outcome: reload ? 'new-version' : 'latest', reload, store: null, running };
  }
  if (input.status < 200 || input.status > 299)
    return { outcome: 'failed', reload: false, store: null, running };
  const current = versionIdentity(input.etag, input.lastModified);
  if (current === null) return { outcome: 'unknown', reload: false, store: null, running };
  const store =
    current === stored
      ? null
      : { etag: present(input.etag), lastModified: present(input.lastModified) };
  if (running === null || stored === null)
    return { outcome: 'first', reload: false, store, running: running ?? current };
  if (current !== running) return { outcome: 'new-version', reload: true, store, running };
  return { outcome: 'latest', reload: false, store, running };
}

/** Reads a stored millisecond timestamp (LAST_REFRESH); `null` when absent or not a number. */
export function parseTimestamp(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * True while a version reload is throttled: the last one (LAST_REFRESH) happened less than
 * {@link VERSION_RELOAD_THROTTLE_MS} ago. A last refresh in the future (clock changed) throttles
 * for at most the same span.
 */
export function isReloadThrottled(
  lastRefresh: number | null,
  now: number,
  throttleMs: number = VERSION_RELOAD_THROTTLE_MS,
): boolean {
  return lastRefresh !== null && Math.abs(now - lastRefresh) < throttleMs;
}

/** What to do with a wanted reload right now. */
export type ReloadDecision =
  | { action: 'reload' }
  /** Throttled: try again after `retryInMs`. */
  | { action: 'wait'; retryInMs: number }
  /** Unsafe (a frame modal, a dialog or an unsaved form is open): wait for the next safe navigation. */
  | { action: 'defer' };

/**
 * Decides whether a wanted reload happens now: never while something is open that a reload would
 * lose (`safe` false → defer), at most once per throttle span (→ wait), otherwise at once.
 */
export function decideReload(input: {
  now: number;
  lastRefresh: number | null;
  safe: boolean;
  throttleMs?: number;
}): ReloadDecision {
  if (!input.safe) return { action: 'defer' };
  const throttleMs = input.throttleMs ?? VERSION_RELOAD_THROTTLE_MS;
  const last = input.lastRefresh;
  if (last !== null && isReloadThrottled(last, input.now, throttleMs)) {
    return {
      action: 'wait',
      retryInMs: last > input.now ? throttleMs : throttleMs - (input.now - last),
    };
  }
  return { action: 'reload' };
}

/** The cross-tab message a tab posts when it found a new version. */
export interface VersionSignal {
  type: 'portico-version';
  version: string;
}

/** Builds the cross-tab new-version message. */
export function createVersionSignal(version: string): VersionSignal {
  return { type: 'portico-version', version };
}

/** The version a received cross-tab message announces, or `null` when it is not one. */
export function parseVersionSignal(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { type?: unknown; version?: unknown };
  return message.type === 'portico-version'
    ? present(typeof message.version === 'string' ? message.version : null)
    : null;
}

/**
 * Whether a tab that receives a new-version signal should reload: when the announced version is
 * not the one it runs (an unknown running version counts as different).
 */
export function shouldReloadOnSignal(announced: string | null, running: string | null): boolean {
  return announced !== null && announced !== running;
}

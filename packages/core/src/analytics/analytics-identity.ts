/**
 * Analytics identity and constants (spec §3 "Analytics identity", §4 "Analytics session", §9).
 */

/** The one event the console records, once per login (spec §1, §9). */
export const PORTAL_LOAD_EVENT = 'Portal Load';

/** The origin analytics is initialised with after a login (spec §4 "Login success"). */
export const ANALYTICS_LOGIN_ORIGIN = 'legacy';

/** Analytics library defaults of spec §9 (durations in the unit their name says). */
export const ANALYTICS_DEFAULTS = {
  sessionIdleTimeoutSeconds: 1800,
  minSessionIdleTimeoutSeconds: 60,
  maxSessionIdleTimeoutSeconds: 1800,
  maxSessionLengthMs: 24 * 60 * 60 * 1000,
  cookieExpirationDays: 365,
  propertyStringMaxLength: 65_535,
  featureFlagTimeoutMs: 3000,
  requestTimeoutMs: 60_000,
  rateLimitSeconds: 60,
} as const;

/** The group fields the tenant rule reads. */
export interface AnalyticsGroupLike {
  name?: string | null;
  treeLevel?: number | null;
  parentLevel2?: { name?: string | null } | null;
}

/** The user fields the identity needs. */
export interface AnalyticsUserLike {
  username: string;
  group?: AnalyticsGroupLike | null;
  activeGroup?: AnalyticsGroupLike | null;
}

/**
 * The tenant's group name: the level-2 ancestor (`parentLevel2`) of the active group (else of the
 * user's group); a group at level 1 or 2, or one without that ancestor, is its own tenant.
 * `''` when the user has no group.
 */
export function getTenantGroupName(user: AnalyticsUserLike): string {
  const group = user.activeGroup ?? user.group;
  if (!group) return '';
  const own = group.name ?? '';
  if (typeof group.treeLevel === 'number' && group.treeLevel <= 2) return own;
  return group.parentLevel2?.name ?? own;
}

/**
 * Spec §3: "the user identifier is username plus the tenant's group name", written
 * `username@tenant` (just the username when there is no tenant).
 */
export function getAnalyticsDistinctId(user: AnalyticsUserLike): string {
  const tenant = getTenantGroupName(user);
  return tenant === '' ? user.username : `${user.username}@${tenant}`;
}

/** Spec §3: "The user data is username and tenant." */
export function getAnalyticsUserData(user: AnalyticsUserLike): {
  username: string;
  tenant: string;
} {
  return { username: user.username, tenant: getTenantGroupName(user) };
}

/**
 * A 32-bit hash of a string, Java `String.hashCode` style: `h = 31 * h + charCode` over the UTF-16
 * code units, wrapped to a signed 32-bit integer (`'' → 0`, `'a' → 97`, `'hello' → 99162322`).
 * Stable across runs and platforms; not a secret (it only lets analytics group events of one
 * session without sending the token).
 */
export function hashString32(value: string): number {
  let hash = 0;
  for (let index = 0; index < value.length; index += 1) {
    hash = (Math.imul(hash, 31) + value.charCodeAt(index)) | 0;
  }
  return hash;
}

/** Spec §3 constant event data: origin, client id and the 32-bit hash of the token. */
export interface AnalyticsEventData {
  origin: string;
  clientId: string;
  tokenHash: number;
}

/** Builds the constant event data sent with every event (the token itself is never sent). */
export function getAnalyticsEventData(input: {
  origin: string;
  clientId: string;
  token: string | null | undefined;
}): AnalyticsEventData {
  return {
    origin: input.origin,
    clientId: input.clientId,
    tokenHash: hashString32(input.token ?? ''),
  };
}

/**
 * Spec §9: the session idle timeout in seconds, 1800 by default, held within 60..1800; a value that
 * is not a finite number gets the default.
 */
export function clampSessionIdleTimeout(seconds: unknown): number {
  const { sessionIdleTimeoutSeconds, minSessionIdleTimeoutSeconds, maxSessionIdleTimeoutSeconds } =
    ANALYTICS_DEFAULTS;
  const value = typeof seconds === 'string' && seconds.trim() !== '' ? Number(seconds) : seconds;
  if (typeof value !== 'number' || !Number.isFinite(value)) return sessionIdleTimeoutSeconds;
  return Math.min(
    maxSessionIdleTimeoutSeconds,
    Math.max(minSessionIdleTimeoutSeconds, Math.round(value)),
  );
}

/**
 * Spec §4: the analytics session renews after the idle timeout or after 24 hours of total length.
 * Times in milliseconds; `idleTimeoutSeconds` is clamped like {@link clampSessionIdleTimeout}.
 */
export function shouldRenewAnalyticsSession(input: {
  now: number;
  sessionStart: number;
  lastActivity: number;
  idleTimeoutSeconds?: unknown;
}): boolean {
  const idleMs = clampSessionIdleTimeout(input.idleTimeoutSeconds) * 1000;
  return (
    input.now - input.lastActivity > idleMs ||
    input.now - input.sessionStart > ANALYTICS_DEFAULTS.maxSessionLengthMs
  );
}

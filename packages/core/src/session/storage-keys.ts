/**
 * Names of what the console stores locally (spec §3 "Stored locally", §9 "Stored keys").
 */
export const STORAGE_KEYS = {
  /** The session detail (the user of the last authenticate). */
  sessionDetail: 'SESSION_DETAIL',
  /** The access token (watched by the session watcher, spec §2). */
  accessToken: 'ACCESS_TOKEN',
  /** The URL asked for before sign-in (spec §2 guard (a)). */
  redirectUrl: 'REDIRECT_URL',
  /** Session storage: the user id of this tab's current session. */
  currentId: 'CURRENT_ID',
  /** Session storage: the user id of this tab's previous session (redirect-after-login rule, spec §4). */
  lastId: 'LAST_ID',
  /** The version check's Last-Modified marker (spec §4 "App version reload"). */
  lastModified: 'LAST_MODIFIED',
  /** The version check's ETag marker. */
  lastEtag: 'LAST_ETAG',
  /** When the version check last reloaded the page (the 10 s throttle). */
  lastRefresh: 'LAST_REFRESH',
  /** The session-expired flag (spec §4: survives a clear, removed by any other state). */
  sessionExpired: 'SESSION_EXPIRED',
  /** When the session was last used (spec §4: refreshed on every request). */
  sessionTimestamp: 'SESSION_TIMESTAMP',
} as const;

/** One of the stored key names. */
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * Keys that logout's clear of cookies, local and session storage keeps (spec §4 "Logout"):
 * expired flag, redirect URL, last id, last modified, last etag, last refresh.
 */
export const PRESERVED_KEYS: readonly StorageKey[] = [
  STORAGE_KEYS.sessionExpired,
  STORAGE_KEYS.redirectUrl,
  STORAGE_KEYS.lastId,
  STORAGE_KEYS.lastModified,
  STORAGE_KEYS.lastEtag,
  STORAGE_KEYS.lastRefresh,
];

/** True for a key that logout's clear keeps (spec §4). */
export function isPreservedKey(key: string): boolean {
  return (PRESERVED_KEYS as readonly string[]).includes(key);
}

/**
 * The keys logout removes from a storage area holding `keys`: every key except the preserved ones
 * (spec §4 "clear cookies, local storage and session storage, except the preserved keys").
 */
export function keysToClearOnLogout(keys: Iterable<string>): string[] {
  return [...keys].filter((key) => !isPreservedKey(key));
}

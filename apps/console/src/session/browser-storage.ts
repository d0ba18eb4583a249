// Browser storage for the session (spec §3 "Stored locally", §9 cookies). The key names and the
// cookie payload formats are core's; this file only touches the browser.
import Cookies from 'js-cookie';
import {
  DEVICE_PREFERENCE_KEYS,
  PRESERVED_KEYS,
  STORAGE_KEYS,
  decodeTokenCookie,
  encodeTokenCookie,
  encodeUserDetailCookie,
  type SessionSummary,
} from '@portico/core';

export const TOKEN_COOKIE = 'RIOT_TK';
export const USER_DETAIL_COOKIE = 'RIOT_UD';

const cookieOptions = (): Cookies.CookieAttributes => ({
  path: '/',
  sameSite: 'strict',
  secure: location.protocol === 'https:',
});

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // storage full or disabled: the session still works for this page
  }
}

/** The access token: local storage (watched across tabs) mirrored in the RIOT_TK cookie (header source). */
export function readToken(): string | undefined {
  const cookie = Cookies.get(TOKEN_COOKIE);
  const fromCookie = cookie === undefined ? undefined : decodeTokenCookie(cookie)?.token;
  return fromCookie ?? safeGet(localStorage, STORAGE_KEYS.accessToken) ?? undefined;
}

/** The token as the watcher sees it: local storage only, so a sign-out in another tab shows at once. */
export function readStoredToken(): string | undefined {
  return safeGet(localStorage, STORAGE_KEYS.accessToken) ?? undefined;
}

export function writeToken(token: string, now: number = Date.now()): void {
  safeSet(localStorage, STORAGE_KEYS.accessToken, token);
  Cookies.set(TOKEN_COOKIE, encodeTokenCookie(token, now), cookieOptions());
}

/** Refreshes the token cookie's timestamp (spec §4: timestamps refreshed on every request). */
export function touchToken(now: number = Date.now()): void {
  const token = readToken();
  if (token) Cookies.set(TOKEN_COOKIE, encodeTokenCookie(token, now), cookieOptions());
  safeSet(localStorage, STORAGE_KEYS.sessionTimestamp, String(now));
}

export function writeSessionDetail(detail: unknown, summary: SessionSummary): void {
  safeSet(localStorage, STORAGE_KEYS.sessionDetail, JSON.stringify(detail));
  Cookies.set(USER_DETAIL_COOKIE, encodeUserDetailCookie(summary), cookieOptions());
}

export function readXsrfToken(): string | undefined {
  return Cookies.get('XSRF-TOKEN');
}

export function getLocal(key: string): string | null {
  return safeGet(localStorage, key);
}
export function setLocal(key: string, value: string): void {
  safeSet(localStorage, key, value);
}
export function removeLocal(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing to remove
  }
}
export function getSession(key: string): string | null {
  return safeGet(sessionStorage, key);
}
export function setSession(key: string, value: string): void {
  safeSet(sessionStorage, key, value);
}

function clearExcept(storage: Storage, keep: ReadonlySet<string>): void {
  try {
    for (const key of Object.keys(storage)) if (!keep.has(key)) storage.removeItem(key);
  } catch {
    // storage disabled
  }
}

/**
 * Logout's local clear (spec §4): every cookie this page can see, local and session storage,
 * except the preserved keys. XSRF-TOKEN is the services' and is left to them.
 */
export function clearSessionStorage(): void {
  // the device's own preferences (theme, sign-in language) are not session data: kept too
  const keep = new Set<string>([...PRESERVED_KEYS, ...Object.values(DEVICE_PREFERENCE_KEYS)]);
  for (const name of Object.keys(Cookies.get())) {
    if (name === 'XSRF-TOKEN' || keep.has(name)) continue;
    Cookies.remove(name, { path: '/' });
    Cookies.remove(name);
  }
  clearExcept(localStorage, keep);
  clearExcept(sessionStorage, keep);
}

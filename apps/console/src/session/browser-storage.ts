// Browser storage for the session (spec §3 "Stored locally", §9 cookies). The key names and the
// cookie payload formats are core's; this file only touches the browser. It is the one module that
// may use localStorage, sessionStorage and js-cookie (eslint.config.js); the access token is read and
// written only through session/token-store.ts.
import Cookies from 'js-cookie';
import {
  DEVICE_PREFERENCE_KEYS,
  DRAFT_KEY_PREFIX,
  PRESERVED_KEYS,
  STORAGE_KEYS,
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

/** A cookie's value (js-cookie decodes it), or undefined. */
export function getCookie(name: string): string | undefined {
  return Cookies.get(name);
}

/**
 * Whether a cookie is there. Cheaper than `getCookie` when it is not, the usual case of a check
 * made on every tab click (the OAuth return): js-cookie decodes every cookie of the page to find
 * one, so the page's cookie string is searched for the name (as it is, or percent-encoded) first.
 */
export function hasCookie(name: string): boolean {
  const all = document.cookie;
  if (!all.includes(name) && !all.includes(encodeURIComponent(name))) return false;
  return Cookies.get(name) !== undefined;
}

/** Sets a console cookie: path `/`, SameSite strict, Secure on https. */
export function setCookie(name: string, value: string): void {
  Cookies.set(name, value, cookieOptions());
}

/** Removes a cookie set on path `/` (and one set without a path). */
export function removeCookie(name: string): void {
  Cookies.remove(name, { path: '/' });
  Cookies.remove(name);
}

/** Where and how long a long-lived cookie (the analytics identity) is kept. */
export interface LongCookieOptions {
  /** A parent domain (cross-subdomain); the page's host when absent. */
  domain?: string;
  expiresDays: number;
}

/** Sets a long-lived cookie: path `/`, SameSite lax (kept across subdomains), Secure on https. */
export function setLongCookie(name: string, value: string, options: LongCookieOptions): void {
  Cookies.set(name, value, {
    path: '/',
    sameSite: 'lax',
    secure: location.protocol === 'https:',
    expires: options.expiresDays,
    ...(options.domain ? { domain: options.domain } : {}),
  });
}

/** Removes a cookie set by {@link setLongCookie}. */
export function removeLongCookie(name: string, domain?: string): void {
  Cookies.remove(name, { path: '/', ...(domain ? { domain } : {}) });
  if (domain) Cookies.remove(name, { path: '/' });
}

/**
 * The first of `candidates` (shortest first) on which the browser accepts a cookie: the site's
 * registrable domain, since browsers refuse public suffixes. A short-lived probe cookie is set and
 * removed at once. Undefined when none is accepted.
 */
export function firstAcceptedCookieDomain(candidates: readonly string[]): string | undefined {
  const probe = `dmn_chk_${Math.random().toString(36).slice(2)}`;
  for (const domain of candidates) {
    try {
      Cookies.set(probe, '1', { domain, path: '/', expires: new Date(Date.now() + 3000) });
      if (Cookies.get(probe) !== undefined) {
        Cookies.remove(probe, { domain, path: '/' });
        return domain;
      }
    } catch {
      // cookies disabled: no domain
      return undefined;
    }
  }
  return undefined;
}

export function writeSessionDetail(detail: unknown, summary: SessionSummary): void {
  safeSet(localStorage, STORAGE_KEYS.sessionDetail, JSON.stringify(detail));
  Cookies.set(USER_DETAIL_COOKIE, encodeUserDetailCookie(summary), cookieOptions());
}

/** Removes the stored session detail and RIOT_UD (they belong to a session that ended). */
export function clearSessionDetail(): void {
  removeLocal(STORAGE_KEYS.sessionDetail);
  Cookies.remove(USER_DETAIL_COOKIE, { path: '/' });
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
export function removeSession(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing to remove
  }
}

/**
 * The browser's storage areas themselves, for modules that take a Storage and handle its failures
 * (the property access throws where storage is disabled: call these inside the caller's try).
 */
export function browserLocalStorage(): Storage {
  return localStorage;
}
export function browserSessionStorage(): Storage {
  return sessionStorage;
}

/** The keys session storage holds now (none where it is disabled). */
export function sessionKeys(): string[] {
  try {
    return Object.keys(sessionStorage);
  } catch {
    return [];
  }
}

/** Local storage as a Storage-like object that never throws (for modules that take a storage). */
export const localArea: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: getLocal,
  setItem: setLocal,
  removeItem: removeLocal,
};
/** Session storage as a Storage-like object that never throws. */
export const sessionArea: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: getSession,
  setItem: setSession,
  removeItem: removeSession,
};

/** The session detail stored by the last successful authentication (spec §3), or null. */
export function readSessionDetail(): unknown {
  const text = getLocal(STORAGE_KEYS.sessionDetail);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function clearExcept(storage: Storage, keep: ReadonlySet<string>): void {
  try {
    for (const key of Object.keys(storage))
      if (!keep.has(key) && !key.startsWith(DRAFT_KEY_PREFIX)) storage.removeItem(key);
  } catch {
    // storage disabled
  }
}

/**
 * Logout's local clear (spec §4): every cookie this page can see, local and session storage,
 * except the preserved keys. XSRF-TOKEN is the services' and is left to them.
 */
export function clearSessionStorage(): void {
  // the device's own preferences (theme, sign-in language) are not session data: kept too; so are
  // the unsaved drafts kept when a session ends (session/unsaved-drafts.ts, keyed by user)
  const keep = new Set<string>([...PRESERVED_KEYS, ...Object.values(DEVICE_PREFERENCE_KEYS)]);
  for (const name of Object.keys(Cookies.get())) {
    if (name === 'XSRF-TOKEN' || keep.has(name)) continue;
    Cookies.remove(name, { path: '/' });
    Cookies.remove(name);
  }
  clearExcept(localStorage, keep);
  clearExcept(sessionStorage, keep);
}

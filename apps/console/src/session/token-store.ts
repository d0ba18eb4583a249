// The one owner of the access token: every read and write of the token goes
// through a TokenStore, created once by the composition root and injected where needed (HTTP client,
// session controller, guards, frame bridge, analytics). The token lives in local storage (watched by
// other tabs, spec §2 watcher) mirrored in the RIOT_TK cookie (spec §9). Decision: local storage is
// the source the token header is taken from; a cookie that disagrees with it (another tab cleared
// one and not the other) never decides who is signed in. During a sign-in the new
// token is only staged in memory: it is used by this tab's authentication calls but stored (and so
// seen by other tabs) only once the authentication succeeded, so a failed sign-in leaves no token.
import { STORAGE_KEYS, encodeTokenCookie } from '@portico/core';
import { getLocal, removeCookie, removeLocal, setCookie, setLocal } from './browser-storage.ts';

export const TOKEN_COOKIE = 'RIOT_TK';

export interface TokenStore {
  /** The token requests carry: a staged sign-in token, else the stored one (cookie, then local storage). */
  read(): string | undefined;
  /** The token as the watcher and other tabs see it: local storage only. */
  readStored(): string | undefined;
  /** Stores `token` (local storage and RIOT_TK) and drops any staged token. */
  write(token: string, now?: number): void;
  /** Holds `token` in memory for this tab's sign-in; nothing is stored. */
  stage(token: string): void;
  /** Stores the staged token, when it is still `token`. */
  commit(token: string): void;
  /** Forgets a staged token. */
  discardStaged(): void;
  /** Removes the stored token (local storage and RIOT_TK) and any staged one. */
  clear(): void;
  /** Refreshes the RIOT_TK timestamp and the session timestamp (spec §4: on every request). */
  touch(now?: number): void;
}

export function createTokenStore(): TokenStore {
  let staged: string | undefined;

  function readStored(): string | undefined {
    return getLocal(STORAGE_KEYS.accessToken) ?? undefined;
  }

  function write(token: string, now: number = Date.now()): void {
    staged = undefined;
    setLocal(STORAGE_KEYS.accessToken, token);
    setCookie(TOKEN_COOKIE, encodeTokenCookie(token, now));
  }

  return {
    // local storage is the one source: RIOT_TK mirrors it (written with it, refreshed on every
    // request); a RIOT_TK left without ACCESS_TOKEN (signed out in another tab) is no session
    read: () => staged ?? readStored(),
    readStored,
    write,
    stage(token) {
      staged = token;
    },
    commit(token) {
      if (staged === token) write(token);
    },
    discardStaged() {
      staged = undefined;
    },
    clear() {
      staged = undefined;
      removeLocal(STORAGE_KEYS.accessToken);
      removeCookie(TOKEN_COOKIE);
    },
    touch(now: number = Date.now()) {
      const token = readStored();
      if (token && !staged) setCookie(TOKEN_COOKIE, encodeTokenCookie(token, now));
      setLocal(STORAGE_KEYS.sessionTimestamp, String(now));
    },
  };
}

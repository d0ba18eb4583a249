// Spec §2 "OAuth return": $oauth_status and token cookies are read and cleared. Bound to this tab
// (issue 13 item 10, login CSRF by cookie tossing): before leaving for the identity provider the
// console stores a random state in session storage and sends it as the `state` query parameter; the
// platform may echo it back (the `$oauth_state` cookie with `$oauth_status` and `token`, or `state`
// in the return URL). A return in a tab that stored no state, or with another state, is refused: its
// cookies are cleared and the tab stays on /login (apps/services/API.md "OAuth return").
import {
  OAUTH_STATE_COOKIE,
  OAUTH_STATE_KEY,
  OAUTH_STATUS_COOKIE,
  OAUTH_TOKEN_COOKIE,
  decideOAuthReturn,
  type OAuthReturnDecision,
} from '@portico/core';
import {
  getCookie,
  getSession,
  removeCookie,
  removeSession,
  setSession,
} from '../session/browser-storage.ts';

/** True when the page was opened by an OAuth return (the cookie is there, not yet handled). */
export function hasOAuthReturn(): boolean {
  return getCookie(OAUTH_STATUS_COOKIE) !== undefined;
}

/** Reads and clears the OAuth return's cookies and this tab's state, and decides (core's rule). */
export function readOAuthReturn(): OAuthReturnDecision {
  const status = getCookie(OAUTH_STATUS_COOKIE);
  if (status === undefined) return { kind: 'none' };
  const token = getCookie(OAUTH_TOKEN_COOKIE);
  const returnedState =
    getCookie(OAUTH_STATE_COOKIE) ?? new URLSearchParams(location.search).get('state') ?? undefined;
  const expectedState = getSession(OAUTH_STATE_KEY);
  for (const name of [OAUTH_STATUS_COOKIE, OAUTH_TOKEN_COOKIE, OAUTH_STATE_COOKIE])
    removeCookie(name);
  removeSession(OAUTH_STATE_KEY);
  return decideOAuthReturn({ status, token, returnedState, expectedState });
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The identity provider's URL for a sign-in started in this tab: a fresh state is stored in session
 * storage and added as the `state` query parameter (the platform echoes it in `$oauth_state`).
 */
export function beginOAuthSignIn(authorizeUrl: string): string {
  const state = randomState();
  setSession(OAUTH_STATE_KEY, state);
  const url = new URL(authorizeUrl, location.href);
  url.searchParams.set('state', state);
  return url.toString();
}

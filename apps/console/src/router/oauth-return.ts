// Spec §2 "OAuth return": $oauth_status and token cookies are read and cleared. Bound to this tab
// (login CSRF by cookie tossing): before leaving for the identity provider the
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
  hasCookie,
  removeCookie,
  removeSession,
  setSession,
} from '../session/browser-storage.ts';

/** True when the page was opened by an OAuth return (the cookie is there, not yet handled). */
export function hasOAuthReturn(): boolean {
  return hasCookie(OAUTH_STATUS_COOKIE);
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

/** What {@link buildOAuthAuthorizeUrl} needs. */
export interface OAuthAuthorizeInput {
  /** The run-time config's `ssoUrl`: an absolute http(s) URL or a path on the console's site. */
  readonly ssoUrl: string;
  /** The console page (`location.href`): resolves a relative `ssoUrl`; without hash and query, the return address. */
  readonly pageUrl: string;
  /** This tab's fresh state (stored under OAUTH_STATE before leaving). */
  readonly state: string;
  /** The language the console shows, passed as OpenID Connect's `ui_locales`. */
  readonly language: string;
}

/**
 * The identity provider's address for a sign-in started in this tab: `ssoUrl` with `state`,
 * `redirect_uri` (the console's page, without hash or query: the OAuth return's guard runs on any
 * route, and a deep link waits in REDIRECT_URL) and `ui_locales`. Parameters `ssoUrl` already
 * carries are kept, but these three are this tab's.
 */
export function buildOAuthAuthorizeUrl(input: OAuthAuthorizeInput): string {
  const page = new URL(input.pageUrl);
  const url = new URL(input.ssoUrl, page);
  url.searchParams.set('state', input.state);
  url.searchParams.set('redirect_uri', `${page.origin}${page.pathname}`);
  url.searchParams.set('ui_locales', input.language);
  return url.href;
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
 * storage and sent as `state`, with this page as `redirect_uri` and the shown language as
 * `ui_locales` (buildOAuthAuthorizeUrl). The provider echoes the state in `$oauth_state`.
 */
export function beginOAuthSignIn(ssoUrl: string, language = 'en'): string {
  const state = randomState();
  setSession(OAUTH_STATE_KEY, state);
  return buildOAuthAuthorizeUrl({ ssoUrl, pageUrl: location.href, state, language });
}

/** "Sign in with SSO": leaves for the identity provider (run-time config `ssoUrl`). */
export function startSsoSignIn(ssoUrl: string, language: string): void {
  location.assign(beginOAuthSignIn(ssoUrl, language));
}

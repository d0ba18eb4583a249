// What a page load without a session does before any React: which route it asked for, whether it can
// only end on the sign-in form, and spec §2's guard (a) and (c) for it. No React here: the first
// script of the page (boot.ts) runs these, and the light sign-in entry re-exports them.
import { LOGIN_ROUTE, STORAGE_KEYS, decodeUriLenient, shouldRememberRedirect } from '@portico/core';
import { hasOAuthReturn } from '../router/oauth-return.ts';
import { clearSessionStorage, removeLocal, setLocal } from '../session/browser-storage.ts';
import { createTokenStore } from '../session/token-store.ts';

/** The route path of the current hash URL (`/login`, `/app/things/thing`, `/`). */
export function currentRoutePath(): string {
  // a malformed escape must not break the sign-in page
  return decodeUriLenient(location.hash.replace(/^#/, '').split('?')[0] ?? '') || '/';
}

/** True when this page load can only show the sign-in form: no token and no OAuth return to handle. */
export function needsOnlySignIn(): boolean {
  return createTokenStore().read() === undefined && !hasOAuthReturn();
}

/**
 * Spec §2 for a page load without a token: (a) remember the requested URL (unless /app), (c) log
 * out locally (no token, so no logout call: the clear keeps the preserved keys) and go to /login.
 */
export function redirectToSignIn(): void {
  const path = currentRoutePath();
  if (path === LOGIN_ROUTE) return;
  if (shouldRememberRedirect(path)) setLocal(STORAGE_KEYS.redirectUrl, path);
  clearSessionStorage();
  removeLocal(STORAGE_KEYS.sessionExpired); // logging out sets a state other than SESSION_EXPIRED (spec §4)
  history.replaceState(history.state, '', `#${LOGIN_ROUTE}`);
}

/**
 * A link pasted into the address bar of a tab showing this page changes only the hash (no page
 * load, and no router here to run the guards): guard (a) remembers it as a page load would, and
 * the tab stays on /login. Nothing is cleared: this tab holds no session, and an SSO sign-in it
 * started must survive.
 */
export function rememberLinkOnSignInPage(): void {
  const path = currentRoutePath();
  if (path === LOGIN_ROUTE) return;
  if (shouldRememberRedirect(path)) setLocal(STORAGE_KEYS.redirectUrl, path);
  history.replaceState(history.state, '', `#${LOGIN_ROUTE}`);
}

/**
 * Spec §2 "OAuth return", bound to the tab that left for the identity provider.
 */

/** The session-storage key holding the state value the console sent to the identity provider. */
export const OAUTH_STATE_KEY = 'OAUTH_STATE';
/** The cookie in which the platform echoes the state value back with `$oauth_status` and `token`. */
export const OAUTH_STATE_COOKIE = '$oauth_state';
/** The cookie that marks an OAuth return (spec §2). */
export const OAUTH_STATUS_COOKIE = '$oauth_status';
/** The cookie holding the token of an OAuth return (spec §2). */
export const OAUTH_TOKEN_COOKIE = 'token';
/**
 * Where the services' demo identity provider lives (its sign-in page is `authorize` under it). The
 * console's service worker never answers a request under it.
 */
export const DEMO_IDP_PREFIX = '/demo-idp/';

/** What the OAuth return handler read (every cookie is read and cleared before deciding). */
export interface OAuthReturnInput {
  /** The `$oauth_status` cookie; undefined when absent (no OAuth return). */
  readonly status: string | undefined;
  /** The `token` cookie. */
  readonly token: string | undefined;
  /** The echoed state (the `$oauth_state` cookie or the return URL's `state`); undefined when not echoed. */
  readonly returnedState: string | undefined;
  /** The state value this tab stored in session storage before leaving; null when it never left. */
  readonly expectedState: string | null | undefined;
}

/** The decision of {@link decideOAuthReturn}. */
export type OAuthReturnDecision =
  | { readonly kind: 'none' }
  | { readonly kind: 'token'; readonly token: string }
  | { readonly kind: 'no-token' }
  | { readonly kind: 'refused'; readonly reason: string };

/** The shortest state value the console accepts (it makes 32 random bytes, base64url: 43 characters). */
export const MIN_OAUTH_STATE_LENGTH = 16;

/**
 * Spec §2: with `$oauth_status` set, a token is stored and the user goes to /app; without one, to
 * /login. Decision (login CSRF by cookie tossing): cookies can be planted by a page on another port
 * of the same host, session storage cannot, so a return is accepted only in the tab that stored a
 * state before leaving for the identity provider, and, when the state is echoed back, only with that
 * state (apps/services/API.md "OAuth return"). Anything else is refused.
 */
export function decideOAuthReturn(input: OAuthReturnInput): OAuthReturnDecision {
  if (input.status === undefined) return { kind: 'none' };
  const expected = input.expectedState ?? '';
  if (expected.length < MIN_OAUTH_STATE_LENGTH)
    return { kind: 'refused', reason: 'this tab did not start an OAuth sign-in' };
  // the platform may not echo the state back; when it does, the echo must be this tab's
  if (input.returnedState !== undefined && input.returnedState !== expected)
    return { kind: 'refused', reason: 'the OAuth state does not match' };
  return input.token ? { kind: 'token', token: input.token } : { kind: 'no-token' };
}

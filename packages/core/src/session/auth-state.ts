/**
 * The authentication state machine (spec §4 "Authentication state").
 */

/** Every authentication state, NO_AUTH first (the initial state). */
export const AUTH_STATES = [
  'NO_AUTH',
  'AUTHENTICATING',
  'AUTHENTICATED',
  'LOGGING_OUT',
  'SESSION_EXPIRED',
] as const;
/** An authentication state. */
export type AuthState = (typeof AUTH_STATES)[number];

/**
 * The state to display: SESSION_EXPIRED, derived from the local-storage flag, overrides the
 * stored state (spec §4).
 */
export function displayedAuthState(state: AuthState, expiredFlag: boolean): AuthState {
  return expiredFlag ? 'SESSION_EXPIRED' : state;
}

/**
 * The session-expired flag after moving to `state`: setting SESSION_EXPIRED sets it, setting any
 * other state removes it (spec §4). A clear of storage keeps it (it is a preserved key).
 */
export function expiredFlagAfter(state: AuthState): boolean {
  return state === 'SESSION_EXPIRED';
}

/** Authenticate's transitions (spec §4): AUTHENTICATING, then AUTHENTICATED or back to NO_AUTH. */
export function authenticateTransition(outcome: 'start' | 'success' | 'failure'): AuthState {
  if (outcome === 'start') return 'AUTHENTICATING';
  return outcome === 'success' ? 'AUTHENTICATED' : 'NO_AUTH';
}

/**
 * Spec §4: "Authenticate with an existing token and a defined session returns immediately with
 * the default path" — true when no call is needed.
 */
export function canSkipAuthenticate(input: {
  hasToken: boolean;
  hasSession: boolean;
  state: AuthState;
}): boolean {
  return input.hasToken && input.hasSession && input.state === 'AUTHENTICATED';
}

/** What happens to the authentication state (spec §4 "Authentication state", "Logout"). */
export type AuthEvent =
  | 'AUTHENTICATE'
  | 'AUTHENTICATE_SUCCESS'
  | 'AUTHENTICATE_FAILURE'
  | 'LOGOUT'
  | 'LOGOUT_DONE'
  | 'SESSION_EXPIRED';

/** The state after an event and the session-expired flag to store with it. */
export interface AuthTransition {
  readonly state: AuthState;
  /** The local-storage session-expired flag after the event (see {@link expiredFlagAfter}). */
  readonly expiredFlag: boolean;
}

const AUTH_EVENT_TARGET: Readonly<Record<AuthEvent, AuthState>> = {
  AUTHENTICATE: 'AUTHENTICATING',
  AUTHENTICATE_SUCCESS: 'AUTHENTICATED',
  AUTHENTICATE_FAILURE: 'NO_AUTH',
  LOGOUT: 'LOGGING_OUT',
  LOGOUT_DONE: 'NO_AUTH',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
};

/**
 * The authentication state machine of spec §4: authenticate moves to AUTHENTICATING, then to
 * AUTHENTICATED on success or back to NO_AUTH on any failure; logout passes through LOGGING_OUT to
 * NO_AUTH; a 401 "session expired" sets SESSION_EXPIRED. Setting SESSION_EXPIRED sets the flag,
 * setting any other state removes it. Outcomes that arrive when nothing is pending are ignored
 * (a late AUTHENTICATE_SUCCESS after a logout must not sign the user back in).
 */
export function transitionAuthState(current: AuthState, event: AuthEvent): AuthTransition {
  const stale =
    ((event === 'AUTHENTICATE_SUCCESS' || event === 'AUTHENTICATE_FAILURE') &&
      current !== 'AUTHENTICATING') ||
    (event === 'LOGOUT_DONE' && current !== 'LOGGING_OUT');
  const state = stale ? current : AUTH_EVENT_TARGET[event];
  return { state, expiredFlag: expiredFlagAfter(state) };
}

/** One authentication attempt as the console started it (late answers are dropped). */
export interface AuthAttemptCheck {
  /** The id the attempt was given when it started. */
  readonly attempt: number;
  /** The id of the attempt the session is waiting for now; null when none is pending. */
  readonly currentAttempt: number | null;
  /** The access token the attempt authenticates. */
  readonly attemptToken: string;
  /** The access token the session holds now. */
  readonly currentToken: string | null | undefined;
}

/**
 * True when an authentication outcome still belongs to the session: it is the pending attempt and
 * the token it authenticated is still the session's. An outcome of an earlier attempt (a sign-out,
 * a user change or a newer sign-in happened meanwhile) is dropped: it must neither sign the tab in
 * nor rewrite the stored session detail.
 */
export function isCurrentAuthAttempt(input: AuthAttemptCheck): boolean {
  return input.currentAttempt === input.attempt && input.currentToken === input.attemptToken;
}

/** What a 401 answer (or the frame's `sessionExpired`) sees. */
export interface UnauthorizedInput {
  readonly state: AuthState;
  /** The token the failing request carried; undefined when unknown (the frame's event). */
  readonly requestToken: string | null | undefined;
  /** The session's token now. */
  readonly currentToken: string | null | undefined;
  /** True when this session already ended on a 401 (a burst logs out once). */
  readonly alreadyHandled: boolean;
}

/** The outcome of {@link decideUnauthorized}. */
export type UnauthorizedDecision = 'EXPIRE_SESSION' | 'IGNORE';

/**
 * Spec §8 "Any 401 response: the user is logged out", for the session the 401 belongs to: only a
 * signed-in session whose current token the request carried expires, once per burst. A 401 while
 * signing in is that attempt's failure (handled by it); one after a sign-out or for a token that is
 * no longer the session's (a late answer of an earlier session) is silent.
 */
export function decideUnauthorized(input: UnauthorizedInput): UnauthorizedDecision {
  if (input.state !== 'AUTHENTICATED' || !input.currentToken || input.alreadyHandled)
    return 'IGNORE';
  if (input.requestToken && input.requestToken !== input.currentToken) return 'IGNORE';
  return 'EXPIRE_SESSION';
}

/** How an authentication attempt failed. */
export type AuthFailureKind = 'NO_ANSWER' | 'ANSWERED' | 'SUPERSEDED';

/** What the session does after a failed attempt (see {@link decideAuthFailure}). */
export type AuthFailureAction = 'KEEP_SESSION_AND_RETRY' | 'LOG_OUT' | 'DROP';

/**
 * One policy for every guard (the layout's guard (d), /login, the watcher): no answer at all (the
 * services unreachable) keeps the session, shows the unreachable screen and retries; an answered
 * failure logs out (spec §8); an attempt superseded by a newer one is dropped without effect.
 */
export function decideAuthFailure(kind: AuthFailureKind): AuthFailureAction {
  if (kind === 'NO_ANSWER') return 'KEEP_SESSION_AND_RETRY';
  return kind === 'ANSWERED' ? 'LOG_OUT' : 'DROP';
}

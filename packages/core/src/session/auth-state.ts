/**
 * The authentication state machine (spec §4 "Authentication state").
 */

/** Every authentication state, NO_AUTH first (the initial state). */
export const AUTH_STATES = ['NO_AUTH', 'AUTHENTICATING', 'AUTHENTICATED', 'LOGGING_OUT', 'SESSION_EXPIRED'] as const;
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
export function canSkipAuthenticate(input: { hasToken: boolean; hasSession: boolean; state: AuthState }): boolean {
  return input.hasToken && input.hasSession && input.state === 'AUTHENTICATED';
}

/** What happens to the authentication state (spec §4 "Authentication state", "Logout"). */
export type AuthEvent = 'AUTHENTICATE' | 'AUTHENTICATE_SUCCESS' | 'AUTHENTICATE_FAILURE' | 'LOGOUT' | 'LOGOUT_DONE' | 'SESSION_EXPIRED';

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
    ((event === 'AUTHENTICATE_SUCCESS' || event === 'AUTHENTICATE_FAILURE') && current !== 'AUTHENTICATING') ||
    (event === 'LOGOUT_DONE' && current !== 'LOGGING_OUT');
  const state = stale ? current : AUTH_EVENT_TARGET[event];
  return { state, expiredFlag: expiredFlagAfter(state) };
}

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

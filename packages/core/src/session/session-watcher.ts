import type { AuthState } from './auth-state.ts';

/** The watcher's actions (spec §4 "Watcher actions"). */
export type WatcherAction = 'NO_ACTION' | 'SHOULD_LOGIN' | 'SHOULD_LOGOUT';

/** What one watcher tick sees (spec §2 "Session watcher", every second). */
export interface WatcherInput {
  previousToken: string | null | undefined;
  currentToken: string | null | undefined;
  authState: AuthState;
  /** True while the current route is /login. */
  onLoginRoute: boolean;
}

/** The decision: an action, and where to go when the action is a navigation. */
export interface WatcherDecision {
  action: WatcherAction;
  /** `/app` for a token that appeared on /login; `/login` for a token that vanished elsewhere. */
  navigateTo?: '/app' | '/login';
  reason:
    'BUSY' | 'TOKEN_APPEARED' | 'TOKEN_VANISHED' | 'TOKEN_CHANGED' | 'NOT_AUTHENTICATED' | 'STEADY';
}

/**
 * Spec §2 "Session watcher":
 * - a token that appeared while on /login: go to /app;
 * - a token that vanished while off /login: log out and go to /login;
 * - token unchanged (and present) but state not authenticated: trigger a login;
 * - nothing while authenticating or logging out.
 * A token replaced by another one (a different sign-in in another tab) triggers a login too, so
 * no tab keeps showing the previous user's data.
 */
export function decideWatcherAction(input: WatcherInput): WatcherDecision {
  const { authState, onLoginRoute } = input;
  if (authState === 'AUTHENTICATING' || authState === 'LOGGING_OUT')
    return { action: 'NO_ACTION', reason: 'BUSY' };
  const previous = input.previousToken || undefined;
  const current = input.currentToken || undefined;
  if (!previous && current) {
    return onLoginRoute
      ? { action: 'SHOULD_LOGIN', navigateTo: '/app', reason: 'TOKEN_APPEARED' }
      : { action: 'SHOULD_LOGIN', reason: 'TOKEN_APPEARED' };
  }
  if (previous && !current) {
    return onLoginRoute
      ? { action: 'NO_ACTION', reason: 'STEADY' }
      : { action: 'SHOULD_LOGOUT', navigateTo: '/login', reason: 'TOKEN_VANISHED' };
  }
  if (previous && current && previous !== current) {
    return onLoginRoute
      ? { action: 'SHOULD_LOGIN', navigateTo: '/app', reason: 'TOKEN_CHANGED' }
      : { action: 'SHOULD_LOGIN', reason: 'TOKEN_CHANGED' };
  }
  if (current && authState !== 'AUTHENTICATED') {
    return onLoginRoute
      ? { action: 'SHOULD_LOGIN', navigateTo: '/app', reason: 'NOT_AUTHENTICATED' }
      : { action: 'SHOULD_LOGIN', reason: 'NOT_AUTHENTICATED' };
  }
  return { action: 'NO_ACTION', reason: 'STEADY' };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTH_STATES, displayedAuthState, transitionAuthState } from './auth-state.ts';
import type { AuthEvent, AuthState } from './auth-state.ts';
import { PRESERVED_KEYS, STORAGE_KEYS, isPreservedKey, keysToClearOnLogout } from './storage-keys.ts';

const EVENTS: readonly AuthEvent[] = ['AUTHENTICATE', 'AUTHENTICATE_SUCCESS', 'AUTHENTICATE_FAILURE', 'LOGOUT', 'LOGOUT_DONE', 'SESSION_EXPIRED'];

describe('spec §4 authentication state machine', () => {
  it.each([
    ['NO_AUTH', 'AUTHENTICATE', 'AUTHENTICATING', '"Authenticate moves to AUTHENTICATING"'],
    ['AUTHENTICATING', 'AUTHENTICATE_SUCCESS', 'AUTHENTICATED', '"then to AUTHENTICATED on success"'],
    ['AUTHENTICATING', 'AUTHENTICATE_FAILURE', 'NO_AUTH', '"On any failure it returns to NO_AUTH"'],
    ['AUTHENTICATED', 'LOGOUT', 'LOGGING_OUT', 'logout starts'],
    ['LOGGING_OUT', 'LOGOUT_DONE', 'NO_AUTH', 'logout ends (success or error)'],
    ['AUTHENTICATED', 'SESSION_EXPIRED', 'SESSION_EXPIRED', 'a 401 session expiry'],
    ['SESSION_EXPIRED', 'AUTHENTICATE', 'AUTHENTICATING', 'signing in again'],
    ['LOGGING_OUT', 'AUTHENTICATE_SUCCESS', 'LOGGING_OUT', 'a late success after logout is ignored'],
    ['NO_AUTH', 'AUTHENTICATE_FAILURE', 'NO_AUTH', 'a stray failure changes nothing'],
    ['AUTHENTICATED', 'LOGOUT_DONE', 'AUTHENTICATED', 'a stray logout end changes nothing'],
  ] as const)('%s + %s -> %s (%s)', (from, event, to, _rule) => {
    expect(transitionAuthState(from, event).state).toBe(to);
  });

  it('property: "Setting any other state removes the flag"; the displayed state is SESSION_EXPIRED exactly while the flag is set', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...EVENTS), { maxLength: 30 }), (events) => {
        let state: AuthState = AUTH_STATES[0];
        for (const event of events) {
          const next = transitionAuthState(state, event);
          expect(next.expiredFlag).toBe(next.state === 'SESSION_EXPIRED');
          expect(displayedAuthState(next.state, next.expiredFlag) === 'SESSION_EXPIRED').toBe(next.expiredFlag);
          state = next.state;
        }
      }),
    );
  });
});

describe('spec §4 logout clear "except the preserved keys"', () => {
  it('removes everything but the preserved keys; "the flag survives a clear of storage"', () => {
    const stored = [...Object.values(STORAGE_KEYS), 'someOtherKey'];
    const cleared = keysToClearOnLogout(stored);
    expect(cleared).toEqual(expect.arrayContaining([STORAGE_KEYS.accessToken, STORAGE_KEYS.sessionDetail, STORAGE_KEYS.currentId, 'someOtherKey']));
    for (const key of PRESERVED_KEYS) expect(cleared).not.toContain(key);
    expect(isPreservedKey(STORAGE_KEYS.sessionExpired)).toBe(true);
    expect(isPreservedKey(STORAGE_KEYS.accessToken)).toBe(false);
  });
});

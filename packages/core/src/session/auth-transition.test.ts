import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTH_STATES,
  decideAuthFailure,
  decideUnauthorized,
  displayedAuthState,
  isCurrentAuthAttempt,
  transitionAuthState,
} from './auth-state.ts';
import type { AuthEvent, AuthState } from './auth-state.ts';
import {
  PRESERVED_KEYS,
  STORAGE_KEYS,
  isPreservedKey,
  keysToClearOnLogout,
} from './storage-keys.ts';

const EVENTS: readonly AuthEvent[] = [
  'AUTHENTICATE',
  'AUTHENTICATE_SUCCESS',
  'AUTHENTICATE_FAILURE',
  'LOGOUT',
  'LOGOUT_DONE',
  'SESSION_EXPIRED',
];

describe('spec §4 authentication state machine', () => {
  it.each([
    ['NO_AUTH', 'AUTHENTICATE', 'AUTHENTICATING', '"Authenticate moves to AUTHENTICATING"'],
    [
      'AUTHENTICATING',
      'AUTHENTICATE_SUCCESS',
      'AUTHENTICATED',
      '"then to AUTHENTICATED on success"',
    ],
    ['AUTHENTICATING', 'AUTHENTICATE_FAILURE', 'NO_AUTH', '"On any failure it returns to NO_AUTH"'],
    ['AUTHENTICATED', 'LOGOUT', 'LOGGING_OUT', 'logout starts'],
    ['LOGGING_OUT', 'LOGOUT_DONE', 'NO_AUTH', 'logout ends (success or error)'],
    ['AUTHENTICATED', 'SESSION_EXPIRED', 'SESSION_EXPIRED', 'a 401 session expiry'],
    ['SESSION_EXPIRED', 'AUTHENTICATE', 'AUTHENTICATING', 'signing in again'],
    [
      'LOGGING_OUT',
      'AUTHENTICATE_SUCCESS',
      'LOGGING_OUT',
      'a late success after logout is ignored',
    ],
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
          expect(displayedAuthState(next.state, next.expiredFlag) === 'SESSION_EXPIRED').toBe(
            next.expiredFlag,
          );
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
    expect(cleared).toEqual(
      expect.arrayContaining([
        STORAGE_KEYS.accessToken,
        STORAGE_KEYS.sessionDetail,
        STORAGE_KEYS.currentId,
        'someOtherKey',
      ]),
    );
    for (const key of PRESERVED_KEYS) expect(cleared).not.toContain(key);
    expect(isPreservedKey(STORAGE_KEYS.sessionExpired)).toBe(true);
    expect(isPreservedKey(STORAGE_KEYS.accessToken)).toBe(false);
  });
});

describe('outcomes, 401s and failures belong to one session', () => {
  it.each([
    [
      'the pending attempt, same token',
      { attempt: 3, currentAttempt: 3, attemptToken: 't', currentToken: 't' },
      true,
    ],
    [
      'an earlier attempt (a newer one started)',
      { attempt: 2, currentAttempt: 3, attemptToken: 't', currentToken: 't' },
      false,
    ],
    [
      'no attempt pending (signed out meanwhile)',
      { attempt: 3, currentAttempt: null, attemptToken: 't', currentToken: undefined },
      false,
    ],
    [
      'the token changed meanwhile (another user)',
      { attempt: 3, currentAttempt: 3, attemptToken: 't', currentToken: 'u' },
      false,
    ],
    [
      'the token vanished meanwhile',
      { attempt: 3, currentAttempt: 3, attemptToken: 't', currentToken: null },
      false,
    ],
  ] as const)('%s -> %s', (_case, input, expected) => {
    expect(isCurrentAuthAttempt(input)).toBe(expected);
  });

  it.each([
    [
      'signed in, the request carried the token',
      { state: 'AUTHENTICATED', requestToken: 't', currentToken: 't', alreadyHandled: false },
      'EXPIRE_SESSION',
    ],
    [
      'signed in, the frame says so (token unknown)',
      { state: 'AUTHENTICATED', requestToken: undefined, currentToken: 't', alreadyHandled: false },
      'EXPIRE_SESSION',
    ],
    [
      'the rest of a burst',
      { state: 'AUTHENTICATED', requestToken: 't', currentToken: 't', alreadyHandled: true },
      'IGNORE',
    ],
    [
      'a request of an earlier session',
      { state: 'AUTHENTICATED', requestToken: 'old', currentToken: 't', alreadyHandled: false },
      'IGNORE',
    ],
    [
      'signed in but the token is gone (the watcher handles it)',
      { state: 'AUTHENTICATED', requestToken: 't', currentToken: undefined, alreadyHandled: false },
      'IGNORE',
    ],
    [
      'after a sign-out',
      { state: 'NO_AUTH', requestToken: 't', currentToken: undefined, alreadyHandled: false },
      'IGNORE',
    ],
    [
      'while signing out',
      { state: 'LOGGING_OUT', requestToken: 't', currentToken: 't', alreadyHandled: false },
      'IGNORE',
    ],
    [
      'while signing in (the attempt fails by itself)',
      { state: 'AUTHENTICATING', requestToken: 't', currentToken: 't', alreadyHandled: false },
      'IGNORE',
    ],
    [
      'after an expiry',
      {
        state: 'SESSION_EXPIRED',
        requestToken: 't',
        currentToken: undefined,
        alreadyHandled: true,
      },
      'IGNORE',
    ],
  ] as const)('401 %s -> %s', (_case, input, expected) => {
    expect(decideUnauthorized(input)).toBe(expected);
  });

  it.each([
    ['NO_ANSWER', 'KEEP_SESSION_AND_RETRY'],
    ['ANSWERED', 'LOG_OUT'],
    ['SUPERSEDED', 'DROP'],
  ] as const)('a failed attempt (%s) -> %s', (kind, action) => {
    expect(decideAuthFailure(kind)).toBe(action);
  });
});

import { describe, expect, it } from 'vitest';
import { decideOAuthReturn } from './oauth-return.ts';

const STATE = 'q3v9Zb1xK7m2Lp0sRt5uW8yA4cE6gI1k';

describe('spec §2 OAuth return, bound to the tab that left', () => {
  it.each([
    [
      'no $oauth_status: no OAuth return',
      { status: undefined, token: 'tok', returnedState: STATE, expectedState: STATE },
      'none',
    ],
    [
      'matching state and a token: signed in',
      { status: 'ok', token: 'tok', returnedState: STATE, expectedState: STATE },
      'token',
    ],
    [
      'matching state, no token: /login',
      { status: 'failed', token: undefined, returnedState: STATE, expectedState: STATE },
      'no-token',
    ],
    [
      'matching state, empty token: /login',
      { status: 'ok', token: '', returnedState: STATE, expectedState: STATE },
      'no-token',
    ],
    [
      'planted cookies, this tab never left: refused',
      { status: 'ok', token: 'tok', returnedState: undefined, expectedState: null },
      'refused',
    ],
    [
      'planted state cookie, this tab never left: refused',
      { status: 'ok', token: 'tok', returnedState: STATE, expectedState: undefined },
      'refused',
    ],
    [
      'state of another round trip: refused',
      { status: 'ok', token: 'tok', returnedState: 'x'.repeat(43), expectedState: STATE },
      'refused',
    ],
    [
      'this tab left, the platform echoes nothing: accepted',
      { status: 'ok', token: 'tok', returnedState: undefined, expectedState: STATE },
      'token',
    ],
    [
      'a short stored state is never trusted',
      { status: 'ok', token: 'tok', returnedState: 'abc', expectedState: 'abc' },
      'refused',
    ],
  ] as const)('%s', (_case, input, kind) => {
    const decision = decideOAuthReturn(input);
    expect(decision.kind).toBe(kind);
    if (decision.kind === 'token') expect(decision.token).toBe('tok');
    if (decision.kind === 'refused') expect(decision.reason).toMatch(/OAuth/);
  });
});

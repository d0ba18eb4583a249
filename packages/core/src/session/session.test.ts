import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTH_STATES,
  authenticateTransition,
  canSkipAuthenticate,
  displayedAuthState,
  expiredFlagAfter,
} from './auth-state.ts';
import { resolveRedirectAfterLogin, shouldRememberRedirect } from './redirect.ts';
import {
  SESSION_INFO_ERROR,
  USER_EXTRA,
  USER_ONLY,
  buildUserRequestQuery,
  decodeTokenCookie,
  decodeUserDetailCookie,
  encodeTokenCookie,
  encodeUserDetailCookie,
  isRootGroup,
  isRootUser,
  toSessionSummary,
} from './session-user.ts';
import { decideWatcherAction, type WatcherInput } from './session-watcher.ts';
import { PRESERVED_KEYS, STORAGE_KEYS } from './storage-keys.ts';

describe('authentication state (spec §4)', () => {
  it('NO_AUTH is the initial state', () => {
    expect(AUTH_STATES[0]).toBe('NO_AUTH');
  });
  it.each(AUTH_STATES.map((state) => [state]))(
    'the expired flag overrides %s for display',
    (state) => {
      expect(displayedAuthState(state, true)).toBe('SESSION_EXPIRED');
      expect(displayedAuthState(state, false)).toBe(state);
    },
  );
  it.each([
    ['SESSION_EXPIRED', true],
    ['NO_AUTH', false],
    ['AUTHENTICATING', false],
    ['AUTHENTICATED', false],
    ['LOGGING_OUT', false],
  ] as const)('"setting any other state removes the flag": %s -> %s', (state, flag) => {
    expect(expiredFlagAfter(state)).toBe(flag);
  });
  it.each([
    ['start', 'AUTHENTICATING'],
    ['success', 'AUTHENTICATED'],
    ['failure', 'NO_AUTH'],
  ] as const)('authenticate %s -> %s', (outcome, state) => {
    expect(authenticateTransition(outcome)).toBe(state);
  });
  it.each([
    [true, true, 'AUTHENTICATED', true],
    [false, true, 'AUTHENTICATED', false],
    [true, false, 'AUTHENTICATED', false],
    [true, true, 'NO_AUTH', false],
  ] as const)(
    '"existing token and a defined session returns immediately": token=%s session=%s %s -> %s',
    (hasToken, hasSession, state, skip) => {
      expect(canSkipAuthenticate({ hasToken, hasSession, state })).toBe(skip);
    },
  );
});

describe('session watcher (spec §2)', () => {
  const row = (
    previousToken: string | undefined,
    currentToken: string | undefined,
    authState: WatcherInput['authState'],
    onLoginRoute: boolean,
  ): WatcherInput => ({
    previousToken,
    currentToken,
    authState,
    onLoginRoute,
  });
  it.each([
    [
      'token appeared on /login: go to /app',
      row(undefined, 't', 'NO_AUTH', true),
      'SHOULD_LOGIN',
      '/app',
    ],
    [
      'token appeared elsewhere: log in',
      row(undefined, 't', 'NO_AUTH', false),
      'SHOULD_LOGIN',
      undefined,
    ],
    [
      'token vanished off /login: log out, /login',
      row('t', undefined, 'AUTHENTICATED', false),
      'SHOULD_LOGOUT',
      '/login',
    ],
    [
      'token vanished on /login: nothing',
      row('t', undefined, 'NO_AUTH', true),
      'NO_ACTION',
      undefined,
    ],
    [
      'unchanged, not authenticated: trigger a login',
      row('t', 't', 'NO_AUTH', false),
      'SHOULD_LOGIN',
      undefined,
    ],
    [
      'unchanged, not authenticated, on /login: log in and go to /app',
      row('t', 't', 'NO_AUTH', true),
      'SHOULD_LOGIN',
      '/app',
    ],
    [
      'unchanged and authenticated: nothing',
      row('t', 't', 'AUTHENTICATED', false),
      'NO_ACTION',
      undefined,
    ],
    [
      'no token at all: nothing',
      row(undefined, undefined, 'NO_AUTH', true),
      'NO_ACTION',
      undefined,
    ],
    [
      'changed token (another sign-in): log in again',
      row('a', 'b', 'AUTHENTICATED', false),
      'SHOULD_LOGIN',
      undefined,
    ],
    ['changed token on /login: go to /app', row('a', 'b', 'NO_AUTH', true), 'SHOULD_LOGIN', '/app'],
    [
      'nothing while authenticating',
      row(undefined, 't', 'AUTHENTICATING', true),
      'NO_ACTION',
      undefined,
    ],
    [
      'nothing while logging out',
      row('t', undefined, 'LOGGING_OUT', false),
      'NO_ACTION',
      undefined,
    ],
  ] as const)('%s', (_rule, input, action, navigateTo) => {
    const decision = decideWatcherAction(input);
    expect(decision.action).toBe(action);
    expect(decision.navigateTo).toBe(navigateTo);
  });
});

describe('redirect after login (spec §2 guard (a), §4 login success)', () => {
  it.each([
    ['/app/things/thing', true],
    ['/app/things/thing/', true],
    ['/app', false],
    ['/app/', false],
    ['/login', false],
    ['', false],
    [undefined, false],
    ['/apple', false],
  ])('remember %s -> %s', (url, expected) => {
    expect(shouldRememberRedirect(url)).toBe(expected);
  });
  const base = { userId: '7', defaultUrl: '/app/things' };
  it.each([
    [
      'no last id: redirect used',
      { redirectUrl: '/app/model/zone', lastId: null },
      '/app/model/zone',
    ],
    [
      'same user: redirect used',
      { redirectUrl: '/app/model/zone', lastId: '7' },
      '/app/model/zone',
    ],
    ['another user: default URL', { redirectUrl: '/app/model/zone', lastId: '8' }, '/app/things'],
    ['redirect is /app: default URL', { redirectUrl: '/app', lastId: null }, '/app/things'],
    ['redirect outside /app: default URL', { redirectUrl: '/login', lastId: null }, '/app/things'],
    ['no redirect: default URL', { redirectUrl: undefined, lastId: null }, '/app/things'],
    [
      'custom session root',
      { redirectUrl: '/console/x', lastId: null, sessionRoot: '/console' },
      '/console/x',
    ],
  ])('%s', (_rule, input, expected) => {
    expect(resolveRedirectAfterLogin({ ...base, ...input })).toBe(expected);
  });
});

describe('stored keys (spec §4 logout, §9)', () => {
  it('preserves exactly the expired flag, redirect URL, last id, last modified, last etag and last refresh', () => {
    // the stored names themselves, as a browser's storage shows them
    expect([...PRESERVED_KEYS].sort().join(' ')).toBe(
      'LAST_ETAG LAST_ID LAST_MODIFIED LAST_REFRESH REDIRECT_URL SESSION_EXPIRED',
    );
    expect(PRESERVED_KEYS).not.toContain(STORAGE_KEYS.accessToken);
    expect(PRESERVED_KEYS).not.toContain(STORAGE_KEYS.currentId);
  });
  it('names REDIRECT_URL, CURRENT_ID and LAST_ID as the spec does', () => {
    expect([STORAGE_KEYS.redirectUrl, STORAGE_KEYS.currentId, STORAGE_KEYS.lastId]).toEqual([
      'REDIRECT_URL',
      'CURRENT_ID',
      'LAST_ID',
    ]);
  });
});

describe('root user and the user request (spec §3, §6, §7)', () => {
  it.each([
    [{ treeLevel: 1 }, true],
    [{ treeLevel: 2, fqnBase: '' }, true],
    [{ treeLevel: 2, fqnBase: 'acme' }, false],
    [{ treeLevel: 3 }, false],
    [null, false],
    [undefined, false],
  ])('group %j is root: %s', (group, expected) => {
    expect(isRootGroup(group)).toBe(expected);
    expect(isRootUser({ group })).toBe(expected);
  });
  it('root omits the activeGroup parentLevel2 details; non-root asks for them', () => {
    expect(buildUserRequestQuery(true).extra).toEqual([
      'group',
      'group.groupType',
      'group.parentLevel2',
      'activeGroup',
      'activeGroup.groupType',
    ]);
    expect(buildUserRequestQuery(false).extra).toEqual(USER_EXTRA);
    expect(USER_EXTRA).toContain('activeGroup.parentLevel2');
    expect(USER_EXTRA).toContain('activeGroup.parentLevel2.groupType');
    expect(buildUserRequestQuery(true).only).toEqual(USER_ONLY);
    // spec §7's table, in its order
    expect(USER_ONLY.join(' ')).toBe(
      'id archived username firstName lastName email timeZone calendarFormat dateFormat hiddenTabs',
    );
  });
  it('the session summary holds id, password expiry fields and isRoot', () => {
    expect(
      toSessionSummary({
        id: 4,
        group: { treeLevel: 2 },
        passwordExpirationTime: 99,
        displayPasswordExpirationTime: true,
      }),
    ).toEqual({
      id: 4,
      passwordExpirationTime: 99,
      displayPasswordExpirationTime: true,
      isRoot: false,
    });
    expect(toSessionSummary({ id: 1, group: { treeLevel: 1 } })).toEqual({
      id: 1,
      passwordExpirationTime: null,
      displayPasswordExpirationTime: null,
      isRoot: true,
    });
  });
  it('names the missing-session error as the spec does', () => {
    expect(SESSION_INFO_ERROR).toBe('unable to fetch session information');
  });
});

describe('cookie payloads RIOT_TK and RIOT_UD (spec §9)', () => {
  it('RIOT_TK round-trips, also URI-encoded', () => {
    const encoded = encodeTokenCookie('abcDEF123456', 1700000000000);
    expect(decodeTokenCookie(encoded)).toEqual({ token: 'abcDEF123456', timestamp: 1700000000000 });
    expect(decodeTokenCookie(encodeURIComponent(encoded))).toEqual({
      token: 'abcDEF123456',
      timestamp: 1700000000000,
    });
  });
  it.each([
    ['bare token', 'abcdefgh12345678', { token: 'abcdefgh12345678', timestamp: 0 }],
    ['no timestamp', '{"token":"abcdefgh"}', { token: 'abcdefgh', timestamp: 0 }],
    ['empty token', '{"token":""}', null],
    ['not a token', '<script>', null],
    ['empty', '', null],
    ['not a string', 42, null],
    ['bad escape', '%E0%A4%A', null],
  ])('RIOT_TK %s', (_case, value, expected) => {
    expect(decodeTokenCookie(value)).toEqual(expected);
  });
  it('RIOT_UD round-trips and refuses garbage', () => {
    const summary = {
      id: 3,
      passwordExpirationTime: null,
      displayPasswordExpirationTime: false,
      isRoot: true,
    };
    expect(decodeUserDetailCookie(encodeUserDetailCookie(summary))).toEqual(summary);
    expect(decodeUserDetailCookie('{"id":"x"}')).toEqual({
      id: 'x',
      passwordExpirationTime: null,
      displayPasswordExpirationTime: null,
      isRoot: false,
    });
    expect(decodeUserDetailCookie('{"name":1}')).toBeNull();
    expect(decodeUserDetailCookie('nope')).toBeNull();
    expect(decodeUserDetailCookie(null)).toBeNull();
  });
  it('decoding never throws for any input', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        decodeTokenCookie(value);
        decodeUserDetailCookie(value);
      }),
    );
  });
});

// Sign-in, the Modules navigation, storage and logout against the real services (spec §2, §4, §6, §9).
import { screen, waitFor, within } from '@testing-library/react';
import {
  DEVICE_PREFERENCE_KEYS,
  MODULES,
  PRESERVED_KEYS,
  STORAGE_KEYS,
  applicationTabPath,
  decodeTokenCookie,
  decodeUserDetailCookie,
  getUsableApplicationTabs,
  isTabVisible,
  readApplicationTabs,
  toSessionSummary,
} from '@portico/core';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  apiLogin,
  cookie,
  permissionsOf,
  renderConsole,
  routePath,
  servicesForFile,
  signIn,
  signInThroughForm,
  waitForRoute,
} from './console-harness.tsx';
import { createTokenStore } from '../src/session/token-store.ts';
import { writeSessionDetail } from '../src/session/browser-storage.ts';
import type { PlatformUser } from '../src/api/platform-api.ts';

const harness = servicesForFile();

/**
 * With whoami held, the calls that need only the user's id have gone out for user `id` (`later`:
 * the calls since the page opened); then whoami is released.
 */
async function userCallsBesideWhoami(later: () => string[], id: number, release: () => void) {
  try {
    await waitFor(() => {
      expect(later().some((call) => call.startsWith(`GET /user/${id}?`))).toBe(true);
      expect(later()).toContain(`GET /user/${id}/permissions`);
      expect(later()).toContain(`POST /user/${id}/visibilityGroups`);
      expect(later()).toContain(`POST /user/${id}/inheritedFields?format=map`);
    });
  } finally {
    release();
  }
}

function moduleHrefs(nav: HTMLElement): string[] {
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href') ?? '');
}

/** The application tabs the user's active group defines (its `applicationTabs` field). */
async function applicationTabsOf(username: string): Promise<unknown> {
  const token = await apiLogin(harness, username);
  const me = await harness.api<{ group?: { id: number }; activeGroup?: { id: number } }>(
    'GET',
    '/user/whoami',
    undefined,
    token,
  );
  const groupId = me.body.activeGroup?.id ?? me.body.group?.id;
  const fields = await harness.api<Record<string, unknown>>(
    'GET',
    `/group/${groupId}/inheritedFields?format=map`,
    undefined,
    token,
  );
  await harness.api('POST', '/user/logout', undefined, token);
  const field = fields.body.applicationTabs;
  return field && typeof field === 'object' && 'value' in field ? field.value : field;
}

/** The modules core allows the user, then the tenant's application tabs core lets them use. */
async function expectedModules(username: string): Promise<string[]> {
  const { permissions, hiddenTabs } = await permissionsOf(harness, username);
  const tabs = getUsableApplicationTabs(
    readApplicationTabs(await applicationTabsOf(username)),
    permissions,
  );
  return [
    ...MODULES.filter((module) => isTabVisible(module.tab, permissions, hiddenTabs)).map(
      (module) => `#${module.path}`,
    ),
    ...tabs.map((tab) => `#${applicationTabPath(tab)}`),
  ];
}

describe('signing in', () => {
  it('admin: the Modules navigation shows exactly the tabs core allows, with tenant labels and title', async () => {
    const { modules, app } = await signIn('admin');
    const expected = await expectedModules('admin');
    expect(moduleHrefs(modules)).toEqual(expected);
    // after the modules, the two application tabs Acme defines (Operations, Compliance)
    expect(expected.slice(-2)).toEqual([
      '#/app/applicationTab/1/menu/1',
      '#/app/applicationTab/2/menu/1',
    ]);
    // tenant vocabulary: Acme calls things "Assets" and the platform "Acme Track"
    expect(within(modules).getByRole('link', { name: 'Assets' })).toHaveAttribute(
      'href',
      '#/app/things',
    );
    // the page, then the platform
    await waitFor(() => expect(document.title).toBe('Assets · Acme Track'));
    // defaultNavBar "things" with autoLoadTabMenus "true": the first page of Things
    await waitForRoute(app, '/app/things/thing');
  });

  it('viewer: tabs hidden by the user stay out of the navigation although permitted', async () => {
    const { modules } = await signIn('viewer');
    const expected = await expectedModules('viewer');
    expect(moduleHrefs(modules)).toEqual(expected);
    expect(expected).not.toContain('#/app/services');
    expect(expected).not.toContain('#/app/gateway');
    expect(expected.length).toBeGreaterThan(1);
  });

  it('nobody: only Home, landing on the welcome page', async () => {
    const { modules, app } = await signIn('nobody');
    expect(moduleHrefs(modules)).toEqual(['#/app/home']);
    expect(within(modules).getByRole('link')).toHaveTextContent('Home');
    await waitForRoute(app, '/app/home/welcome');
  });

  it('as the platform (no reads with the sign-in): the configuration calls go out beside the user call, not after it', async () => {
    onTestFinished(harness.asThePlatform());
    const token = await apiLogin(harness, 'admin');
    const me = await harness.api<{ id: number }>('GET', '/user/whoami', undefined, token);
    const id = me.body.id;
    const userCall = harness.hold(`GET /user/${id}?`);
    const seen = harness.calls.length;
    const ui = await renderConsole('/login');
    await signInThroughForm(ui, 'admin');
    await userCall.arrived;
    // the user call is held: the other calls must not wait for its answer
    try {
      await waitFor(() => {
        const later = harness.calls.slice(seen).map((call) => `${call.method} ${call.path}`);
        expect(later).toContain(`POST /user/${id}/visibilityGroups`);
        expect(later).toContain(`POST /user/${id}/inheritedFields?format=map`);
        expect(later.some((call) => /^GET \/group\/\d+\/inheritedFields/.test(call))).toBe(true);
        expect(later.some((call) => call.startsWith(`GET /user/${id}/permissions`))).toBe(true);
      });
    } finally {
      userCall.release();
    }
    await waitForRoute(ui.app, '/app/things/thing');
  });

  it.each(['root', 'viewer'])(
    '%s, as the platform (no reads with the sign-in): a sign-in starts the calls that need only the user id beside whoami, each once',
    async (username) => {
      onTestFinished(harness.asThePlatform());
      const { id } = await permissionsOf(harness, username);
      const whoami = harness.hold('GET /user/whoami');
      const seen = harness.calls.length;
      const ui = await renderConsole('/login');
      await signInThroughForm(ui, username);
      await whoami.arrived;
      const later = () => harness.calls.slice(seen).map((call) => `${call.method} ${call.path}`);
      // whoami is held: the sign-in's answer named the user, so these must not wait for it
      await userCallsBesideWhoami(later, id, whoami.release);
      expect(await screen.findByRole('navigation', { name: 'Modules' })).toBeVisible();
      // whoami agreed with the sign-in's answer (root or not): nothing was asked twice
      const sessionCalls = later().filter((call) =>
        /^GET \/user\/(\d+\?|\d+\/permissions|whoami)/.test(call),
      );
      expect(sessionCalls.filter((call) => call.startsWith(`GET /user/${id}?`))).toHaveLength(1);
      expect(sessionCalls.filter((call) => call.endsWith('/permissions'))).toHaveLength(1);
      expect(sessionCalls.filter((call) => call === 'GET /user/whoami')).toHaveLength(1);
    },
  );

  it.each(['admin', 'viewer', 'root'])(
    '%s: a sign-in is one round trip, the session reads come with its answer',
    async (username) => {
      const { id } = await permissionsOf(harness, username);
      const seen = harness.calls.length;
      const ui = await renderConsole('/login');
      await signInThroughForm(ui, username);
      expect(await screen.findByRole('navigation', { name: 'Modules' })).toBeVisible();
      const later = harness.calls.slice(seen);
      const login = later.find((call) => call.method === 'POST' && call.path === '/user/login');
      const asked = (JSON.parse(login!.body) as { reads: Array<{ method: string; path: string }> })
        .reads;
      expect(asked.map((read) => `${read.method} ${read.path}`)).toEqual([
        'GET /user/whoami',
        'GET /user/{userId}',
        'GET /user/{userId}/permissions',
        'GET /group/{groupId}/inheritedFields',
        'POST /user/{userId}/inheritedFields',
        'POST /user/{userId}/visibilityGroups',
      ]);
      const sessionCalls = later
        .map((call) => `${call.method} ${call.path}`)
        .filter((call) =>
          /^(GET|POST) \/(user\/(whoami|\d+)|group\/\d+\/inheritedFields)/.test(call),
        );
      // a root user's own user request asks other details (core's buildUserRequestQuery): it
      // alone goes out; for anyone else, nothing does
      expect(sessionCalls).toEqual(
        username === 'root' ? [expect.stringMatching(new RegExp(`^GET /user/${id}\\?`))] : [],
      );
      // and the session is the user's, as from the calls one by one
      expect(ui.app.store.getState().session.user).toMatchObject({ id, username });
      expect(ui.app.store.getState().config.loaded).toBe(true);
    },
  );

  it('with a stored token and the user this browser stored at its sign-in, the user calls go beside whoami', async () => {
    const token = await apiLogin(harness, 'admin');
    const me = await harness.api<PlatformUser>('GET', '/user/whoami', undefined, token);
    const id = me.body.id;
    createTokenStore().write(token);
    writeSessionDetail(me.body, toSessionSummary(me.body));
    const whoami = harness.hold('GET /user/whoami');
    const seen = harness.calls.length;
    const ui = await renderConsole('/app');
    await whoami.arrived;
    const later = () => harness.calls.slice(seen).map((call) => `${call.method} ${call.path}`);
    // whoami is held: the stored user named the id, so these must not wait for it
    await userCallsBesideWhoami(later, id, whoami.release);
    expect(await screen.findByRole('navigation', { name: 'Modules' })).toBeVisible();
    await waitForRoute(ui.app, '/app/things/thing');
    // whoami agreed: nothing was asked twice
    expect(later().filter((call) => call.startsWith(`GET /user/${id}?`))).toHaveLength(1);
    expect(later().filter((call) => call === `GET /user/${id}/permissions`)).toHaveLength(1);
  });

  it("a stored user who is not the token's: the calls are asked again for whoami's user, whose session it is", async () => {
    const token = await apiLogin(harness, 'admin');
    const admin = await harness.api<PlatformUser>('GET', '/user/whoami', undefined, token);
    const operatorToken = await apiLogin(harness, 'operator');
    const operator = await harness.api<PlatformUser>(
      'GET',
      '/user/whoami',
      undefined,
      operatorToken,
    );
    createTokenStore().write(token);
    writeSessionDetail(operator.body, toSessionSummary(operator.body));
    const seen = harness.calls.length;
    const ui = await renderConsole('/app');
    expect(await screen.findByRole('navigation', { name: 'Modules' })).toBeVisible();
    expect(ui.app.store.getState().session.user).toMatchObject({
      id: admin.body.id,
      username: 'admin',
    });
    const later = harness.calls.slice(seen).map((call) => `${call.method} ${call.path}`);
    // the guess went out with the admin's token, was refused or dropped, and the admin's calls followed
    expect(later).toContain(`GET /user/${operator.body.id}/permissions`);
    expect(later).toContain(`GET /user/${admin.body.id}/permissions`);
    expect(decodeUserDetailCookie(cookie('RIOT_UD'))).toMatchObject({ id: admin.body.id });
  });

  it('with a stored token (no sign-in answer) the user calls wait for whoami to name the user', async () => {
    const token = await apiLogin(harness, 'admin');
    const me = await harness.api<{ id: number }>('GET', '/user/whoami', undefined, token);
    const whoami = harness.hold('GET /user/whoami');
    createTokenStore().write(token);
    const seen = harness.calls.length;
    const ui = await renderConsole('/app');
    await whoami.arrived;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const later = harness.calls.slice(seen).map((call) => `${call.method} ${call.path}`);
    expect(later.filter((call) => call.includes(`/user/${me.body.id}`))).toEqual([]);
    whoami.release();
    expect(await screen.findByRole('navigation', { name: 'Modules' })).toBeVisible();
    await waitForRoute(ui.app, '/app/things/thing');
  });

  it('a wrong password shows an alert, stores nothing and stays on /login', async () => {
    const ui = await renderConsole('/login');
    await signInThroughForm(ui, 'admin', 'not-the-password');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Wrong username or password.'),
    );
    expect(routePath(ui.app)).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(cookie('RIOT_TK')).toBeUndefined();
    expect(screen.queryByRole('navigation', { name: 'Modules' })).not.toBeInTheDocument();
  });

  it('stores RIOT_TK and RIOT_UD cookies, ACCESS_TOKEN, LAST_ID and CURRENT_ID for the signed-in user', async () => {
    // the password-expiry fields come from whoami (the user call's `only` lacks them)
    const expires = Date.now() + 30 * 24 * 3600_000;
    const adminToken = await apiLogin(harness, 'admin');
    const operatorId = (await permissionsOf(harness, 'operator')).id;
    const patched = await harness.api(
      'PATCH',
      `/user/${operatorId}`,
      { passwordExpirationTime: expires, displayPasswordExpirationTime: true },
      adminToken,
    );
    expect(patched.status).toBe(200);
    const before = Date.now();
    await signIn('operator');
    const token = localStorage.getItem(STORAGE_KEYS.accessToken);
    expect(token).toMatch(/\S{8,}/);
    const tokenCookie = decodeTokenCookie(cookie('RIOT_TK'));
    expect(tokenCookie?.token).toBe(token);
    expect(tokenCookie?.timestamp).toBeGreaterThanOrEqual(before);
    // the stored token is the one the services issued: it validates as operator
    const validated = await harness.api<{ valid: boolean; username: string; id: number }>(
      'GET',
      '/user/validateToken',
      undefined,
      token ?? '',
    );
    expect(validated.body).toMatchObject({ valid: true, username: 'operator' });
    // the summary of spec §3, the password fields as whoami gives them
    const me = await harness.api<{
      passwordExpirationTime: unknown;
      displayPasswordExpirationTime: unknown;
    }>('GET', '/user/whoami', undefined, token ?? '');
    expect(me.body).toMatchObject({ displayPasswordExpirationTime: true });
    expect(JSON.parse(cookie('RIOT_UD') ?? '{}')).toEqual({
      id: validated.body.id,
      passwordExpirationTime: me.body.passwordExpirationTime,
      displayPasswordExpirationTime: true,
      isRoot: false,
    });
    expect(me.body.passwordExpirationTime).not.toBeNull();
    expect(decodeUserDetailCookie(cookie('RIOT_UD'))?.id).toBe(validated.body.id);
    expect(sessionStorage.getItem(STORAGE_KEYS.lastId)).toBe(String(validated.body.id));
    expect(sessionStorage.getItem(STORAGE_KEYS.currentId)).toBe(String(validated.body.id));
  });
});

describe('signing out', () => {
  it('calls /user/logout, clears everything but the preserved keys and returns to /login', async () => {
    const { user, app } = await signIn('admin');
    const token = localStorage.getItem(STORAGE_KEYS.accessToken) ?? '';
    expect(sessionStorage.getItem(STORAGE_KEYS.currentId)).not.toBeNull();
    const userId = app.store.getState().session.user?.id;
    for (const key of PRESERVED_KEYS)
      if (key !== STORAGE_KEYS.lastId) localStorage.setItem(key, `kept-${key}`);
    localStorage.setItem('SOMETHING_ELSE', 'x');
    sessionStorage.setItem('TAB_THING', 'y');
    document.cookie = 'OTHER=1; path=/';
    harness.calls.length = 0;

    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await waitForRoute(app, '/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(
      harness.calls.filter((call) => call.method === 'POST' && call.path === '/user/logout'),
    ).toHaveLength(1);
    // the services ended the session
    expect((await harness.api('GET', '/user/validateToken', undefined, token)).status).toBe(401);
    // preserved keys survive (LAST_ID in session storage, the others in local storage); nothing else does
    const kept = PRESERVED_KEYS.filter(
      (key) =>
        key !== STORAGE_KEYS.lastId &&
        key !== STORAGE_KEYS.sessionExpired &&
        key !== STORAGE_KEYS.redirectUrl,
    );
    for (const key of kept) expect(localStorage.getItem(key)).toBe(`kept-${key}`);
    // besides them, only this device's own preferences (theme, language), which hold no session data
    const device = Object.values(DEVICE_PREFERENCE_KEYS) as string[];
    expect(
      Object.keys(localStorage).filter(
        (key) => !(PRESERVED_KEYS as readonly string[]).includes(key) && !device.includes(key),
      ),
    ).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem('SOMETHING_ELSE')).toBeNull();
    expect(Object.keys(sessionStorage)).toEqual([STORAGE_KEYS.lastId]);
    expect(sessionStorage.getItem(STORAGE_KEYS.lastId)).toBe(String(userId));
    expect(cookie('RIOT_TK')).toBeUndefined();
    expect(cookie('RIOT_UD')).toBeUndefined();
    expect(cookie('OTHER')).toBeUndefined();
    // the store holds no user any more
    expect(app.store.getState().session.user).toBeNull();
    expect(app.store.getState().authz.permissions).toEqual([]);
    expect(app.store.getState().authn.status).toBe('NO_AUTH');
  });
});

// A 401 from the services and the session watcher (spec §2 "Session watcher", §4, §8), end to end.
import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@portico/core';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../src/lib/notifications.ts';
import { beginOAuthSignIn } from '../src/router/oauth-return.ts';
import { createTokenStore } from '../src/session/token-store.ts';

const writeToken = (token: string) => createTokenStore().write(token);
import {
  apiLogin,
  cookie,
  openSignedIn,
  renderConsole,
  servicesForFile,
  waitForRoute,
} from './console-harness.tsx';

// the real notifications, watched: "one notice" is a count of notify calls, not of deduplicated toasts
vi.mock('../src/lib/notifications.ts', { spy: true });

const harness = servicesForFile();

const logoutCalls = () =>
  harness.calls.filter((call) => call.method === 'POST' && call.path === '/user/logout');
const noticesOf = (text: string) =>
  vi.mocked(notify).mock.calls.filter(([, message]) => message === text);

describe('a 401 from the services', () => {
  it('two calls failing together log out once, say "expired" once (the sign-in page, no toast beside it), and set the flag', async () => {
    const { app, token } = await openSignedIn(harness, 'operator', '/app/things/thing');
    await waitForRoute(app, '/app/things/thing');
    const userId = app.store.getState().session.user?.id ?? -1;
    // the session ends on the server (another device signed out, or it timed out)
    expect((await harness.api('POST', '/user/logout', undefined, token)).status).toBe(200);
    harness.calls.length = 0;
    vi.mocked(notify).mockClear();

    // both calls leave together; the second answer comes late, after the logout has finished
    const late = harness.hold(`GET /user/${userId}/permissions`);
    const first = app.services.api.whoami();
    const second = app.services.api.getPermissions(userId);
    await late.arrived;
    await expect(first).rejects.toMatchObject({ status: 401 });
    await waitForRoute(app, '/login');
    await waitFor(() => expect(app.store.getState().authn.status).toBe('NO_AUTH'));
    late.release();
    await expect(second).rejects.toMatchObject({ status: 401 });

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your session has expired. Please sign in again.',
    );
    expect(screen.getAllByText('Your session has expired. Please sign in again.')).toHaveLength(1);
    expect(logoutCalls()).toHaveLength(1);
    expect(noticesOf('Your session has expired. Please sign in again.')).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEYS.sessionExpired)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(app.store.getState().session.user).toBeNull();
  });

  it('signing in again clears the expired flag', async () => {
    const { app, token } = await openSignedIn(harness, 'operator', '/app/things/thing');
    await harness.api('POST', '/user/logout', undefined, token);
    await expect(app.services.api.whoami()).rejects.toMatchObject({ status: 401 });
    await waitForRoute(app, '/login');
    expect(localStorage.getItem(STORAGE_KEYS.sessionExpired)).toBe('true');

    writeToken(await apiLogin(harness, 'operator'));
    app.services.session.tick();
    await screen.findByRole('navigation', { name: 'Modules' });
    expect(localStorage.getItem(STORAGE_KEYS.sessionExpired)).toBeNull();
    expect(app.store.getState().authn.expiredFlag).toBe(false);
  });
});

describe('the session watcher', () => {
  it('a token that vanished (signed out in another tab) logs out and goes to /login', async () => {
    const { app, token } = await openSignedIn(harness, 'admin', '/app/model/zone');
    await waitForRoute(app, '/app/model/zone');
    harness.calls.length = 0;
    localStorage.removeItem(STORAGE_KEYS.accessToken);

    app.services.session.tick();

    await waitForRoute(app, '/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(logoutCalls()).toHaveLength(1);
    expect((await harness.api('GET', '/user/validateToken', undefined, token)).status).toBe(401);
    expect(cookie('RIOT_TK')).toBeUndefined();
    expect(app.store.getState().authn.status).toBe('NO_AUTH');
  });

  it('an unchanged token does nothing', async () => {
    const { app } = await openSignedIn(harness, 'admin', '/app/model/zone');
    await waitForRoute(app, '/app/model/zone');
    harness.calls.length = 0;
    app.services.session.tick();
    app.services.session.tick();
    expect(app.store.getState().authn.status).toBe('AUTHENTICATED');
    expect(harness.calls).toEqual([]);
    await waitForRoute(app, '/app/model/zone');
  });

  it('a token that appeared while on /login (signed in in another tab) opens the application', async () => {
    const { app } = await renderConsole('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    writeToken(await apiLogin(harness, 'viewer'));

    app.services.session.tick();

    await screen.findByRole('navigation', { name: 'Modules' });
    await waitFor(() => expect(app.store.getState().session.user?.username).toBe('viewer'));
    await waitForRoute(app, /^\/app\//);
  });
});

describe('other tabs and the OAuth return', () => {
  it('a sign-out in another tab (BroadcastChannel) signs this tab out at once, with a notice', async () => {
    const { app } = await openSignedIn(harness, 'admin', '/app/model/zone');
    await waitForRoute(app, '/app/model/zone');
    vi.mocked(notify).mockClear();
    const otherTab = new BroadcastChannel('portico-session');
    otherTab.postMessage({ type: 'logout' });
    otherTab.close();
    await waitForRoute(app, '/login');
    expect(app.store.getState().session.user).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(noticesOf('You signed out in another tab.')).toHaveLength(1);
  });

  it('an OAuth return with a token signs in, and both cookies are cleared', async () => {
    const token = await apiLogin(harness, 'operator');
    // this tab left for the identity provider with a state; the platform echoes it back
    const state = new URL(
      beginOAuthSignIn('https://idp.example/authorize?client_id=portico'),
    ).searchParams.get('state');
    expect(sessionStorage.getItem('OAUTH_STATE')).toBe(state);
    document.cookie = '$oauth_status=ok; path=/';
    document.cookie = `token=${token}; path=/`;
    document.cookie = `$oauth_state=${state}; path=/`;
    const { app } = await renderConsole('/');
    await screen.findByRole('navigation', { name: 'Modules' });
    await waitForRoute(app, /^\/app\//);
    expect(app.store.getState().session.user?.username).toBe('operator');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(token);
    expect(cookie('$oauth_status')).toBeUndefined();
    expect(cookie('token')).toBeUndefined();
  });

  it("planted OAuth cookies (cookie tossing) without this tab's state are refused", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const attacker = await apiLogin(harness, 'globex');
    for (const planted of [undefined, 'guessed-state-value-0123456789']) {
      document.cookie = '$oauth_status=ok; path=/';
      document.cookie = `token=${attacker}; path=/`;
      if (planted) document.cookie = `$oauth_state=${planted}; path=/`;
      if (planted) beginOAuthSignIn('https://idp.example/authorize'); // this tab did leave, with another state
      const { app } = await renderConsole('/app/things/thing');
      await waitForRoute(app, '/login');
      expect(app.store.getState().session.user).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
      expect(cookie('$oauth_status')).toBeUndefined();
      expect(cookie('token')).toBeUndefined();
      expect(cookie('$oauth_state')).toBeUndefined();
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/OAuth return was refused/));
      warn.mockClear();
      app.router.dispose();
    }
    warn.mockRestore();
  });

  it('an OAuth return without a token goes to /login', async () => {
    const state = new URL(beginOAuthSignIn('https://idp.example/authorize')).searchParams.get(
      'state',
    );
    document.cookie = `$oauth_state=${state}; path=/`;
    document.cookie = '$oauth_status=failed; path=/';
    const { app } = await renderConsole('/app/things/thing');
    await waitForRoute(app, '/login');
    expect(cookie('$oauth_status')).toBeUndefined();
  });
});

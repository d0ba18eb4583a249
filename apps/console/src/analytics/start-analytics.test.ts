import { describe, expect, it, vi } from 'vitest';
import { PORTAL_LOAD_MARKER_KEY, portalLoadMarker } from '@portico/core';
import type { PlatformUser } from '../api/platform-api.ts';
import { clearSessionStorage } from '../session/browser-storage.ts';
import { createTokenStore } from '../session/token-store.ts';

const writeToken = (token: string) => createTokenStore().write(token);
import { authnSlice, sessionSlice } from '../store/slices.ts';
import { createAppStore } from '../store/store.ts';
import type { AnalyticsClient } from './analytics-client.ts';
import { analyticsHost, captureUrl } from './analytics-options.ts';
import { startAnalytics } from './start-analytics.ts';

const ADMIN: PlatformUser = {
  id: 2,
  username: 'admin',
  group: { id: 2, name: 'Acme Logistics', treeLevel: 2 },
} as PlatformUser;
const enabled = { analytics: { enabled: true, host: '', key: 'phc_test' } };

/** One browser tab: a store, the analytics glue with a recording client. */
function tab(config = enabled) {
  const store = createAppStore();
  const calls: Array<{
    kind: 'identify' | 'reset';
    capture?: boolean;
    token?: string;
    clientId?: string;
  }> = [];
  const client: AnalyticsClient = {
    identify: ({ capture, token, clientId }) =>
      void calls.push({ kind: 'identify', capture, token, clientId }),
    reset: () => void calls.push({ kind: 'reset' }),
  };
  const load = vi.fn(() => Promise.resolve(client));
  const stop = startAnalytics({ store, config, getClientId: () => Promise.resolve('fp-1'), load });
  const signIn = (user: PlatformUser = ADMIN) => {
    store.dispatch(
      sessionSlice.actions.loaded({ user, isRoot: false, defaultUrl: '/app/home/welcome' }),
    );
    store.dispatch(
      authnSlice.actions.statusChanged({ status: 'AUTHENTICATED', expiredFlag: false }),
    );
  };
  const signOut = () => {
    store.dispatch(authnSlice.actions.statusChanged({ status: 'LOGGING_OUT', expiredFlag: false }));
    clearSessionStorage();
    store.dispatch(sessionSlice.actions.reset());
    store.dispatch(authnSlice.actions.statusChanged({ status: 'NO_AUTH', expiredFlag: false }));
  };
  const captures = () => calls.filter((call) => call.kind === 'identify' && call.capture).length;
  return { store, calls, load, stop, signIn, signOut, captures };
}

describe('exactly one "Portal Load" per login (spec §1, §9)', () => {
  it('a login captures once; re-renders, a reload and a second tab do not', async () => {
    writeToken('token-1');
    const first = tab();
    expect(first.load).not.toHaveBeenCalled(); // nothing loads before sign-in
    first.signIn();
    first.store.dispatch(
      sessionSlice.actions.loaded({ user: ADMIN, isRoot: false, defaultUrl: '/app/things' }),
    ); // re-render
    await vi.waitFor(() =>
      expect(first.calls).toEqual([
        { kind: 'identify', capture: true, token: 'token-1', clientId: 'fp-1' },
      ]),
    );
    expect(localStorage.getItem(PORTAL_LOAD_MARKER_KEY)).toBe(portalLoadMarker('token-1'));

    const reloaded = tab(); // a reload or a second tab: same token, same local storage
    reloaded.signIn();
    await vi.waitFor(() =>
      expect(reloaded.calls).toEqual([
        { kind: 'identify', capture: false, token: 'token-1', clientId: 'fp-1' },
      ]),
    );
    expect(first.captures() + reloaded.captures()).toBe(1);
  });

  it('logout ends the identity; the next login counts again', async () => {
    writeToken('token-1');
    const page = tab();
    page.signIn();
    await vi.waitFor(() => expect(page.captures()).toBe(1));
    page.signOut();
    await vi.waitFor(() => expect(page.calls.at(-1)).toEqual({ kind: 'reset' }));
    expect(localStorage.getItem(PORTAL_LOAD_MARKER_KEY)).toBeNull();
    writeToken('token-2');
    page.signIn();
    await vi.waitFor(() => expect(page.captures()).toBe(2));
    expect(page.load).toHaveBeenCalledOnce();
  });

  it('disabled, or without a key: never loads', () => {
    writeToken('token-1');
    for (const analytics of [
      { enabled: false, host: '', key: 'k' },
      { enabled: true, host: '', key: '' },
    ]) {
      const page = tab({ analytics });
      page.signIn();
      expect(page.load).not.toHaveBeenCalled();
    }
  });

  it('a blocked analytics chunk changes nothing', async () => {
    writeToken('token-1');
    const store = createAppStore();
    const load = vi.fn(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    startAnalytics({ store, config: enabled, getClientId: () => Promise.resolve(undefined), load });
    store.dispatch(sessionSlice.actions.loaded({ user: ADMIN, isRoot: false, defaultUrl: null }));
    store.dispatch(
      authnSlice.actions.statusChanged({ status: 'AUTHENTICATED', expiredFlag: false }),
    );
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    expect(store.getState().authn.status).toBe('AUTHENTICATED');
  });
});

describe('the capture endpoint (spec §7)', () => {
  it("posts to the configured host, or this origin's /analytics", () => {
    expect(analyticsHost({ key: 'k', host: '' }, 'https://console.example.com')).toBe(
      'https://console.example.com/analytics',
    );
    expect(analyticsHost({ key: 'k', host: 'https://ph.example.com/' }, 'https://x')).toBe(
      'https://ph.example.com',
    );
  });
  it("addresses PostHog's /e/ endpoint as posthog-js does", () => {
    expect(captureUrl({ key: 'k', host: '' }, 'https://c.example.com', 1_700, '1.0.0')).toBe(
      'https://c.example.com/analytics/e/?ip=0&_=1700&ver=1.0.0',
    );
  });
});

describe('analytics waits for a quiet moment', () => {
  function deferredTab() {
    const store = createAppStore();
    const calls: string[] = [];
    const client: AnalyticsClient = {
      identify: ({ capture }) => void calls.push(capture ? 'identify+capture' : 'identify'),
      reset: () => void calls.push('reset'),
    };
    const load = vi.fn(() => Promise.resolve(client));
    let quiet = () => {};
    const whenQuiet = vi.fn(() => new Promise<void>((resolve) => (quiet = resolve)));
    startAnalytics({
      store,
      config: enabled,
      getClientId: () => Promise.resolve('fp-1'),
      load,
      whenQuiet,
    });
    const signIn = () => {
      store.dispatch(
        sessionSlice.actions.loaded({
          user: ADMIN,
          isRoot: false,
          defaultUrl: '/app/home/welcome',
        }),
      );
      store.dispatch(
        authnSlice.actions.statusChanged({ status: 'AUTHENTICATED', expiredFlag: false }),
      );
    };
    return { store, calls, load, whenQuiet, signIn, quiet: () => quiet() };
  }

  it('the library loads only once the first screen is quiet', async () => {
    writeToken('token-1');
    const page = deferredTab();
    page.signIn();
    await Promise.resolve();
    expect(page.whenQuiet).toHaveBeenCalledOnce();
    expect(page.load).not.toHaveBeenCalled();
    page.quiet();
    await vi.waitFor(() => expect(page.calls).toEqual(['identify+capture']));
    expect(page.load).toHaveBeenCalledOnce();
  });

  it('a logout during the wait still sends that login’s one event, then ends the identity', async () => {
    writeToken('token-1');
    const page = deferredTab();
    page.signIn();
    page.store.dispatch(
      authnSlice.actions.statusChanged({ status: 'LOGGING_OUT', expiredFlag: false }),
    );
    page.quiet();
    await vi.waitFor(() => expect(page.calls).toEqual(['identify+capture', 'reset']));
  });
});

// Integration harness (DESIGN §5): the real console over the real services app. MSW hands every
// platform request to an in-memory services instance, so tests exercise the real API code.
import { configure, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { createInMemoryServices, type InMemoryServices } from '@portico/services';
import {
  createFrameEndpoint,
  type BridgeIncomingEvent,
  type BridgeTransport,
  type FrameEndpoint,
} from '@portico/bridge';
import { createConsole } from '../src/app/create-console.ts';
import { ConsoleTree, type ConsoleApp } from '../src/app/full-app.tsx';
import type { RuntimeConfig } from '../src/lib/runtime-config.ts';
import { onTestEnd } from './disposables.ts';
import { initI18n } from '../src/i18n/i18n.ts';
import { createTokenStore } from '../src/session/token-store.ts';

const writeToken = (token: string) => createTokenStore().write(token);

// Every integration test signs in against a real (in-memory) services instance on a shared,
// noisy machine: generous limits, never timed assertions.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/** jsdom's origin in vitest: absolute URLs so Node's fetch (and MSW) accept them. */
export const ORIGIN = 'http://localhost:3000';
export const API = `${ORIGIN}/riot-core-services/api`;

export const TEST_CONFIG: RuntimeConfig = {
  apiBaseHost: ORIGIN,
  legacyUiBase: '/legacy-ui',
  analytics: { enabled: false, host: '', key: '' },
  showVersionOverride: true,
  surveyExpiration: {},
  sidebarFeature: {},
  forgotPasswordUrl: null,
  ssoUrl: null,
};

export interface RecordedCall {
  method: string;
  path: string;
  body: string;
}

export interface ServicesHarness {
  services: InMemoryServices;
  server: SetupServer;
  /** Every request that reached the services since the last `calls.length = 0`, in order. */
  calls: RecordedCall[];
  /** Calls the services directly (no console): `api('POST', '/user/login', {...}, token)`. */
  api<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: T }>;
  /**
   * Holds the next request whose `METHOD /path` starts with `prefix` until `release()` (an answer
   * that arrives late, after something else happened). `arrived` resolves when it reaches the server.
   */
  hold(prefix: string): { arrived: Promise<void>; release(): void };
  /**
   * Until the returned function is called, a sign-in's `reads` are cut from its body before the
   * services see it, as the real platform ignores them: the session's reads go out one by one.
   */
  asThePlatform(): () => void;
  close(): Promise<void>;
}

/** Starts an in-memory services instance and an MSW server whose handler is its `fetch`. */
export async function startServices(): Promise<ServicesHarness> {
  const services = await createInMemoryServices({ log: () => {} });
  const calls: RecordedCall[] = [];
  const holds: Array<{ prefix: string; arrive(): void; released: Promise<void> }> = [];
  let platform = false;
  const handle = async ({ request: asked }: { request: Request }) => {
    let request = asked;
    const url = new URL(request.url);
    let body =
      request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    if (platform && request.method === 'POST' && url.pathname.endsWith('/user/login')) {
      const { reads: _reads, ...rest } = JSON.parse(body) as Record<string, unknown>;
      body = JSON.stringify(rest);
      request = new Request(request.url, { method: 'POST', headers: request.headers, body });
    }
    const call = {
      method: request.method,
      path: url.pathname.replace('/riot-core-services/api', '') + url.search,
      body,
    };
    calls.push(call);
    const held = holds.findIndex((hold) => `${call.method} ${call.path}`.startsWith(hold.prefix));
    if (held >= 0) {
      const [hold] = holds.splice(held, 1);
      hold?.arrive();
      await hold?.released;
    }
    return services.fetch(request);
  };
  const server = setupServer(
    http.all('*/riot-core-services/*', handle),
    http.all('*/git.json', handle),
  );
  server.listen({ onUnhandledRequest: 'error' });
  return {
    services,
    server,
    calls,
    async api<T>(method: string, path: string, body?: unknown, token?: string) {
      const response = await services.fetch(
        new Request(`${API}${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', ...(token ? { token } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
    hold(prefix) {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ prefix, arrive, released });
      return { arrived, release };
    },
    asThePlatform() {
      platform = true;
      return () => {
        platform = false;
      };
    },
    async close() {
      server.close();
      await services.close();
    },
  };
}

/**
 * One services instance for the whole test file: started before its first test, closed after its
 * last. Call it at the top level of the file; the harness it returns is usable inside the tests.
 */
export function servicesForFile(): ServicesHarness {
  let started: ServicesHarness | undefined;
  beforeAll(async () => {
    started = await startServices();
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = (): ServicesHarness => {
    if (!started) throw new Error('the services start before the first test of the file');
    return started;
  };
  return {
    get services() {
      return current().services;
    },
    get server() {
      return current().server;
    },
    get calls() {
      return current().calls;
    },
    api: (method, path, body, token) => current().api(method, path, body, token),
    hold: (prefix) => current().hold(prefix),
    asThePlatform: () => current().asThePlatform(),
    close: () => current().close(),
  };
}

/** Signs in through the API and returns the token (for tests that need a second session). */
export async function apiLogin(
  harness: ServicesHarness,
  username: string,
  password = 'demo',
): Promise<string> {
  const answer = await harness.api<{ token: string }>('POST', '/user/login', {
    username,
    password,
  });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

export type { ConsoleApp };

/**
 * Renders the console as main.tsx does, starting at `hash` (e.g. `/app/things/thing`). The watcher
 * is not started: tests call `app.services.session.tick()` for one deterministic tick.
 */
export async function renderConsole(hash = '/login') {
  await initI18n('en');
  window.history.replaceState(null, '', `/#${hash}`);
  const app = createConsole(TEST_CONFIG);
  onTestEnd(() => app.router.dispose());
  const user = userEvent.setup();
  const view = render(<ConsoleTree app={app} />);
  return { app, user, view };
}

/** The route the console shows (`/app/things/thing`). */
export function routePath(app: ConsoleApp): string {
  return app.router.state.location.pathname;
}

/** Waits until the router settles on `path`. */
export async function waitForRoute(app: ConsoleApp, path: string | RegExp): Promise<void> {
  await waitFor(() => {
    const current = routePath(app);
    if (typeof path === 'string') expect(current).toBe(path);
    else expect(current).toMatch(path);
    expect(app.router.state.navigation.state).toBe('idle');
  });
}

/** Fills and submits the sign-in form, then waits for the Modules navigation of the shell. */
export async function signInThroughForm(
  ui: { user: ReturnType<typeof userEvent.setup> },
  username: string,
  password = 'demo',
) {
  const name = await screen.findByRole('textbox', { name: 'Username' });
  await ui.user.type(name, username);
  await ui.user.type(screen.getByLabelText('Password'), password);
  await ui.user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Signs in through the form from /login and waits for the shell. */
export async function signIn(username: string, password = 'demo') {
  const rendered = await renderConsole('/login');
  await signInThroughForm(rendered, username, password);
  const modules = await screen.findByRole('navigation', { name: 'Modules' }, { timeout: 5000 });
  return { ...rendered, modules };
}

/**
 * Starts the console at `hash` with a session already in the browser (as after a sign-in in
 * another tab or an OAuth return): a real token from the services, stored where the console keeps it.
 */
export async function openSignedIn(
  harness: ServicesHarness,
  username: string,
  hash = '/app',
  password = 'demo',
) {
  const token = await apiLogin(harness, username, password);
  writeToken(token);
  const rendered = await renderConsole(hash);
  const modules = await screen.findByRole('navigation', { name: 'Modules' });
  return { ...rendered, modules, token };
}

/** The user id and permissions the services report for `username` (the expectations' source). */
export async function permissionsOf(
  harness: ServicesHarness,
  username: string,
): Promise<{ id: number; permissions: string[]; hiddenTabs: string[] }> {
  const token = await apiLogin(harness, username);
  const me = await harness.api<{ id: number }>('GET', '/user/whoami', undefined, token);
  const perms = await harness.api<{ results: string[] }>(
    'GET',
    `/user/${me.body.id}/permissions`,
    undefined,
    token,
  );
  const user = await harness.api<{ hiddenTabs: string[] | null }>(
    'GET',
    `/user/${me.body.id}`,
    undefined,
    token,
  );
  await harness.api('POST', '/user/logout', undefined, token);
  return {
    id: me.body.id,
    permissions: perms.body.results,
    hiddenTabs: user.body.hiddenTabs ?? [],
  };
}

/** A cookie's decoded value, or undefined. */
export function cookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * A stand-in for the legacy UI inside the console's real iframe: jsdom's postMessage carries no
 * origin or source, so this transport adds what a browser would (the console's checks still run).
 */
export function connectFakeFrame(iframe: HTMLIFrameElement): FrameEndpoint {
  const frameWindow = iframe.contentWindow;
  if (!frameWindow) throw new Error('the iframe has no window');
  const listeners = new Set<(event: BridgeIncomingEvent) => void>();
  vi.spyOn(frameWindow, 'postMessage').mockImplementation(
    (data: unknown, targetOrigin?: unknown) => {
      if (targetOrigin !== ORIGIN) return;
      const event = { data: structuredClone(data), origin: ORIGIN, source: window };
      queueMicrotask(() => {
        for (const listener of listeners) listener(event);
      });
    },
  );
  const transport: BridgeTransport = {
    post(data) {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: structuredClone(data),
          origin: ORIGIN,
          source: frameWindow,
        }),
      );
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    peer: () => window,
  };
  const frame = createFrameEndpoint({
    transport,
    peerOrigin: ORIGIN,
    currentPath: () => '/things/thing',
    timeoutMs: 20_000,
  });
  onTestEnd(() => frame.close());
  return frame;
}

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFrameEndpoint,
  createHostEndpoint,
  createMemoryTransportPair,
} from '@portico/bridge';
import type { SessionData } from '@portico/bridge';
import { createApiClient } from './api-client.ts';
import type { ApiClientOptions } from './api-client.ts';
import { createHashRouter } from './hash-router.ts';
import { LegacyApp, PAGE_ANSWER_LIMIT_MS } from './legacy-app.tsx';

// a page whose code cannot be fetched (offline, or a deployment replaced the files)
vi.mock('./pages/retention-page.tsx', () => {
  throw new Error('the chunk could not be fetched');
});
// a page whose code never arrives (a request that hangs)
vi.mock('./pages/license-page.tsx', () => new Promise(() => undefined));

const HOST = 'http://console.test';
const FRAME = 'http://legacy.test';

const session: SessionData = {
  token: 'tok-1',
  apiBase: '/riot-core-services/api',
  user: {
    id: 2,
    username: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email: '',
    groupId: 2,
    groupName: 'Acme',
    tenantName: 'Acme',
    isRoot: false,
  },
  permissions: ['zone:*', 'zonetype:r', 'thing:r', 'model:x'],
  language: 'en',
  timeZone: 'UTC',
  dateFormat: 'YYYY-MM-DD',
  calendarFormat: '24h',
  groupFields: { vizixVocabularyLabelZones: '{"en":"Areas","fr":"Zones FR"}' },
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(options: { fetchStatus?: number; hostAnswers?: boolean } = {}) {
  window.history.replaceState(null, '', '#/home/welcome');
  const pair = createMemoryTransportPair({ hostOrigin: HOST, frameOrigin: FRAME });
  const logger = { warn: vi.fn() };
  const host = createHostEndpoint({ transport: pair.host, peerOrigin: FRAME, logger });
  if (options.hostAnswers !== false) host.handle('fetchSessionData', () => session);
  const router = createHashRouter(window);
  const frame = createFrameEndpoint({
    transport: pair.frame,
    peerOrigin: HOST,
    logger,
    timeoutMs: 200,
    currentPath: router.current,
  });
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (options.fetchStatus)
      return jsonResponse(options.fetchStatus, { error: 'Your Session has expired' });
    // the health page's own answer (a tenant administrator's usage), not a list's
    if (/\/status(\?|$)/.test(url)) return jsonResponse(200, { scope: 'tenant', tenants: [] });
    // one zone, opened in its form
    if (/\/zone\/1(\?|$)/.test(url))
      return jsonResponse(200, { id: 1, groupId: 2, name: 'Dock 1', code: 'D1' });
    if (url.includes('/zone?'))
      return jsonResponse(200, {
        total: 1,
        results: [{ id: 1, groupId: 2, name: 'Dock 1', code: 'D1' }],
      });
    return jsonResponse(200, { total: 0, results: [] });
  });
  const createApi = (apiOptions: ApiClientOptions) =>
    createApiClient({ ...apiOptions, fetch, origin: FRAME });
  render(<LegacyApp frame={frame} router={router} createApi={createApi} />);
  return { pair, host, frame, fetch };
}

beforeEach(() => {
  window.history.replaceState(null, '', '#/home/welcome');
});

describe('LegacyApp over the bridge', { timeout: 30_000 }, () => {
  it('signs in through the shell and shows the route in legacy-route', async () => {
    const { fetch } = setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('legacy-route')).toHaveTextContent('/home/welcome');
    expect(fetch).not.toHaveBeenCalledWith(
      expect.stringContaining('/user/login'),
      expect.anything(),
    );
  });

  it('router from the shell shows the page before routerSuccess, without a reload or a history entry', async () => {
    const { host } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    const entries = window.history.length;
    let reply: { path: string } | undefined;
    await act(async () => {
      reply = await host.navigate('/model/zone');
    });
    expect(reply).toEqual({ path: '/model/zone' });
    expect(screen.getByRole('heading', { level: 1, name: 'Areas' })).toBeInTheDocument();
    expect(screen.getByTestId('legacy-route')).toHaveTextContent('/model/zone');
    // the frame's own address follows once the answer is out (hash-router.ts writeHashLater)
    await waitFor(() => expect(window.location.hash).toBe('#/model/zone'));
    expect(window.history.length).toBe(entries);
    expect(await screen.findByRole('link', { name: 'Dock 1' })).toBeInTheDocument();
  });

  it('router is answered from the commit of the new page: at the post, the page is in the DOM', async () => {
    const { host, pair } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    const shownAtAnswer: Array<string | null> = [];
    const post = pair.frame.post.bind(pair.frame);
    pair.frame.post = (data, targetOrigin) => {
      if ((data as { action?: string }).action === 'routerSuccess')
        shownAtAnswer.push(document.querySelector('h1')?.textContent ?? null);
      post(data, targetOrigin);
    };
    await act(async () => {
      await host.navigate('/model/zone');
    });
    expect(shownAtAnswer).toEqual(['Areas']);
    // a route already shown renders nothing new: it is answered all the same
    await act(async () => {
      await expect(host.navigate('/model/zone')).resolves.toEqual({ path: '/model/zone' });
    });
    expect(shownAtAnswer).toEqual(['Areas', 'Areas']);
  });

  it('router is answered before any select menu comes or goes with the page: they go first and come right after', async () => {
    const { host, pair } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    await act(async () => {
      await host.navigate('/model/zone');
    });
    // the pager's rows per page: a select, in once the answer is out
    const before = await screen.findByRole('combobox', { name: 'Rows per page' });
    const atAnswer: Array<{ heading: string | null; selects: number }> = [];
    const post = pair.frame.post.bind(pair.frame);
    pair.frame.post = (data, targetOrigin) => {
      if ((data as { action?: string }).action === 'routerSuccess')
        atAnswer.push({
          heading: document.querySelector('h1')?.textContent ?? null,
          selects: document.querySelectorAll('select').length,
        });
      post(data, targetOrigin);
    };
    // what the document showed when its selects went: not the new page yet
    const headingsAtRemoval: Array<string | null> = [];
    const observer = new MutationObserver((records) => {
      const removed = records.some((record) =>
        [...record.removedNodes].some(
          (node) =>
            node instanceof Element && (node.matches('select') || node.querySelector('select')),
        ),
      );
      if (removed) headingsAtRemoval.push(document.querySelector('h1')?.textContent ?? null);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      await act(async () => {
        await host.navigate('/model/zoneType');
      });
    } finally {
      observer.disconnect();
    }
    expect(atAnswer).toEqual([{ heading: 'Zone types', selects: 0 }]);
    expect(before.isConnected).toBe(false);
    expect(headingsAtRemoval).not.toHaveLength(0);
    expect(headingsAtRemoval[0]).not.toBe('Zone types');
    // the menus follow at once (a box of their size stood in their place)
    expect(await screen.findByRole('combobox', { name: 'Rows per page' })).toBeInTheDocument();
    expect(document.querySelector('.select-stand-in')).toBeNull();
  });

  it('a router to the page shown, with another query, keeps that page (only another page replaces it)', async () => {
    const { host } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    await act(async () => {
      await host.navigate('/model/zone');
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Areas' });
    await act(async () => {
      await host.navigate('/model/zone?sort=name:desc');
    });
    expect(heading.isConnected).toBe(true);
    await act(async () => {
      await host.navigate('/model/zoneType');
    });
    expect(heading.isConnected).toBe(false);
  });

  it('a page loaded on demand is answered once its code is in and the page in the DOM, not with the loading view', async () => {
    // the module itself is loaded ahead (a slow transform would otherwise hit the answer's bound):
    // the page's first showing still waits a turn for it, as React.lazy does for any module
    await import('./pages/health-page.tsx');
    const { host, pair } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    const atAnswer: Array<{ loading: boolean; page: boolean }> = [];
    const post = pair.frame.post.bind(pair.frame);
    pair.frame.post = (data, targetOrigin) => {
      if ((data as { action?: string }).action === 'routerSuccess')
        atAnswer.push({
          loading: screen.queryByText('Loading…') !== null,
          page: document.getElementById('page-title') !== null,
        });
      post(data, targetOrigin);
    };
    // not inside act(): act holds React's retry of the page (its code arrived) until it returns
    const reply = host.navigate('/healthandstatus');
    await expect(reply).resolves.toEqual({ path: '/healthandstatus' });
    expect(atAnswer).toEqual([{ loading: false, page: true }]);
    // its code is here now: the next visit is answered from the commit, as any page
    await act(async () => {
      await host.navigate('/model/zone');
    });
    await act(async () => {
      await host.navigate('/healthandstatus');
    });
    expect(atAnswer).toEqual([
      { loading: false, page: true },
      { loading: false, page: true },
      { loading: false, page: true },
    ]);
  });

  it('a page whose code cannot be fetched is answered with its failed-load view', async () => {
    const { host, pair } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    const failedAtAnswer: boolean[] = [];
    const post = pair.frame.post.bind(pair.frame);
    pair.frame.post = (data, targetOrigin) => {
      if ((data as { action?: string }).action === 'routerSuccess')
        failedAtAnswer.push(screen.queryByText(/could not be loaded/) !== null);
      post(data, targetOrigin);
    };
    const started = Date.now();
    await expect(host.navigate('/services/dataRetentionPolicy')).resolves.toEqual({
      path: '/services/dataRetentionPolicy',
    });
    expect(failedAtAnswer).toEqual([true]);
    // at once, not after the bound that a chunk that hangs would wait for
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('a page whose code hangs is answered after PAGE_ANSWER_LIMIT_MS, with what is shown', async () => {
    const { host } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    const started = Date.now();
    await expect(host.navigate('/tenants/license', { timeoutMs: 9_000 })).resolves.toEqual({
      path: '/tenants/license',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(PAGE_ANSWER_LIMIT_MS - 50);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });

  it('a router that arrives while a page waits for its code answers the waiting one first', async () => {
    const { host } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    const started = Date.now();
    const waiting = host.navigate('/tenants/license', { timeoutMs: 9_000 });
    await screen.findByText('Loading…');
    await expect(host.navigate('/model/zone')).resolves.toEqual({ path: '/model/zone' });
    await expect(waiting).resolves.toEqual({ path: '/tenants/license' });
    expect(Date.now() - started).toBeLessThan(PAGE_ANSWER_LIMIT_MS);
    expect(screen.getByRole('heading', { level: 1, name: 'Areas' })).toBeInTheDocument();
  });

  it('answers router before the new page starts its requests, which follow at once', async () => {
    const { host, fetch } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    fetch.mockClear();
    let requestsAtAnswer = -1;
    await act(async () => {
      await host.navigate('/model/zone');
      requestsAtAnswer = fetch.mock.calls.length;
    });
    expect(requestsAtAnswer).toBe(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Areas' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Dock 1' })).toBeInTheDocument();
    const urls = fetch.mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url.includes('/zone?'))).toHaveLength(1);
    // the next answer holds and releases the gate again: no request is lost
    fetch.mockClear();
    await act(async () => {
      await host.navigate('/model/zone?sort=name:desc');
    });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
  });

  it('an internal link navigates inside the frame and reports routerUpdate', async () => {
    const user = userEvent.setup();
    const { host } = setup();
    const updates = vi.fn();
    host.on('routerUpdate', updates);
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    await act(async () => {
      await host.navigate('/model');
    });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).queryByRole('link', { name: 'Zone groups' })).not.toBeInTheDocument();
    await user.click(within(pages).getByRole('link', { name: 'Areas' }));
    expect(screen.getByTestId('legacy-route')).toHaveTextContent('/model/zone');
    await waitFor(() => expect(updates).toHaveBeenCalledWith({ path: '/model/zone' }));
    expect(updates).toHaveBeenCalledTimes(1);
  });

  it('follows language and permission pushes from the shell', async () => {
    const { host } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    await act(async () => {
      await host.navigate('/model');
    });
    act(() => host.send('language', { language: 'fr' }));
    expect(await screen.findByRole('link', { name: 'Zones FR' })).toBeInTheDocument();
    act(() => host.send('permissions', { permissions: ['model:x', 'zonegroup:r'] }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Zones FR' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Groupes de zones' })).toBeInTheDocument();
  });

  it("labels the tenant's concepts by core's rule: the base language, then plain text in every language", async () => {
    const { host } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    await act(async () => {
      await host.navigate('/model');
    });
    act(() => {
      host.send('groupConfigs', {
        fields: {
          vizixVocabularyLabelZones: '{"pt":"Áreas","en":"Areas"}',
          vizixVocabularyLabelZoneTypes: 'Area kinds',
        },
      });
      host.send('language', { language: 'pt-BR' });
    });
    expect(await screen.findByRole('link', { name: 'Áreas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Area kinds' })).toBeInTheDocument();
  });

  it('tells the shell sessionExpired when the API answers 401', async () => {
    const { host } = setup({ fetchStatus: 401 });
    const expired = vi.fn();
    host.on('sessionExpired', expired);
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    await act(async () => {
      await host.navigate('/model/zone');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has expired');
    await waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
  });

  it('shows "Open this page inside the Portico console" when no shell answers', async () => {
    setup({ hostAnswers: false });
    expect(
      await screen.findByRole('heading', { name: 'Open this page inside the Portico console.' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('legacy-route')).toHaveTextContent('/home/welcome');
  });

  it('shows the same message at once outside a frame', () => {
    render(<LegacyApp frame={null} router={createHashRouter(window)} />);
    expect(
      screen.getByRole('heading', { name: 'Open this page inside the Portico console.' }),
    ).toBeInTheDocument();
  });

  it('opens the custom-tab editor on openCustomTabModal and reports modal and closeCustomTabModal', async () => {
    const user = userEvent.setup();
    const { host } = setup();
    const modal = vi.fn();
    const closed = vi.fn();
    host.on('modal', modal);
    host.on('closeCustomTabModal', closed);
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    act(() => host.send('openCustomTabModal', { tabId: null }));
    const dialog = await screen.findByRole('dialog', { name: 'New custom tab' });
    await waitFor(() => expect(modal).toHaveBeenLastCalledWith({ open: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(closed).toHaveBeenCalledWith({ saved: false, tabId: null }));
    await waitFor(() => expect(modal).toHaveBeenLastCalledWith({ open: false }));
  });

  it('an open editor keeps what was typed when the shell pushes permissions, configuration or formats', async () => {
    const user = userEvent.setup();
    const { host, fetch } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    act(() => host.send('openCustomTabModal', { tabId: null }));
    const dialog = await screen.findByRole('dialog', { name: 'New custom tab' });
    const english = within(
      await within(dialog).findByRole('group', { name: 'Tab name' }),
    ).getByLabelText('English');
    await user.type(english, 'Quality');
    const order = within(dialog).getByRole('textbox', { name: /^Order/ });
    await user.clear(order);
    await user.type(order, '7');
    const settingsLoads = () =>
      fetch.mock.calls.filter(([input]) => /\/group\/\d+\/fields/.test(String(input))).length;
    const loadsBefore = settingsLoads();
    expect(loadsBefore).toBeGreaterThan(0);
    // what another window's change, a role change or a preference change sends while one types
    act(() => {
      host.send('permissions', { permissions: [...session.permissions] });
      host.send('timezoneUpdated', { timeZone: 'Europe/Paris' });
      host.send('groupConfigs', {
        fields: { ...session.groupFields, vizixVocabularyLabelReports: 'Dashboards' },
      });
    });
    // the pushes are in (the new word shows), and every task they queued has run
    expect(await within(dialog).findByText('No Dashboards chosen yet.')).toBeInTheDocument();
    await act(async () => {
      for (let turn = 0; turn < 5; turn += 1) await new Promise((done) => setTimeout(done, 0));
    });
    expect(settingsLoads()).toBe(loadsBefore);
    expect(english).toHaveValue('Quality');
    expect(order).toHaveValue('7');
  });

  it('an open record form keeps what was typed when the shell pushes a language, the same permissions or new words', async () => {
    const user = userEvent.setup();
    const { host, fetch } = setup();
    const dirtyState = vi.fn();
    host.on('dirtyState', dirtyState);
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    await act(async () => {
      await host.navigate('/model/zone/1');
    });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveValue('Dock 1'));
    await user.clear(name);
    await user.type(name, 'Dock 9');
    const recordLoads = () =>
      fetch.mock.calls.filter(([input]) => /\/zone\/1(\?|$)/.test(String(input))).length;
    const loadsBefore = recordLoads();
    expect(loadsBefore).toBeGreaterThan(0);
    await waitFor(() =>
      expect(dirtyState).toHaveBeenLastCalledWith(expect.objectContaining({ dirty: true })),
    );
    const reportsBefore = dirtyState.mock.calls.length;
    // a language chosen in another window, a permission reload that changed nothing, new words
    act(() => {
      host.send('language', { language: 'fr' });
      host.send('permissions', { permissions: [...session.permissions] });
      host.send('groupConfigs', {
        fields: { ...session.groupFields, vizixVocabularyLabelReports: 'Dashboards' },
      });
    });
    // relabelled in French, and every task the pushes queued has run
    const renamed = await screen.findByRole('textbox', { name: /^Nom/ });
    await act(async () => {
      for (let turn = 0; turn < 5; turn += 1) await new Promise((done) => setTimeout(done, 0));
    });
    expect(recordLoads()).toBe(loadsBefore);
    expect(renamed).toBe(name);
    expect(renamed).toHaveValue('Dock 9');
    // the shell was never told the form had nothing to lose
    expect(dirtyState.mock.calls.slice(reportsBefore)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
  });

  it('asks the shell for About, the sidebar and cross-module navigation', async () => {
    const user = userEvent.setup();
    const { host } = setup();
    const about = vi.fn();
    const sidebar = vi.fn();
    const navigateTo = vi.fn();
    host.on('handleAboutSection', about);
    host.on('sidebarEvent', sidebar);
    host.on('navigateToEvent', navigateTo);
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' });
    await user.click(screen.getByRole('button', { name: 'About' }));
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    const model = within(screen.getByRole('navigation', { name: 'Go to' })).getByRole('link', {
      name: 'Model',
    });
    expect(model).toHaveAttribute('href', `${window.location.origin}/#/app/model`);
    await user.click(model);
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith({ path: '/model' }));
    expect(about).toHaveBeenCalledTimes(1);
    expect(sidebar).toHaveBeenCalledWith({ command: 'toggle' });
  });
});

// A tab click sends the frame to its page before the shell's own navigation runs
// (guards, history entry, render), but only when the guards will let the page through without
// waiting; anything they could refuse or redirect still waits for them.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BridgeMessage } from '@portico/bridge';
import { OAUTH_STATUS_COOKIE } from '@portico/core';
import { AHEAD_PATIENCE_MS } from '../src/frame/frame-bridge.ts';
import { createTokenStore } from '../src/session/token-store.ts';
import {
  connectFakeFrame,
  openSignedIn,
  routePath,
  servicesForFile,
  waitForRoute,
} from './console-harness.tsx';
import type { ConsoleApp } from './console-harness.tsx';

const harness = servicesForFile();

/**
 * Opens the console at `hash` with a frame that answers `router` (through `answer` once connected,
 * when given); returns what it was sent.
 */
async function withFrame(
  username: string,
  hash: string,
  answer?: (path: string) => { path: string } | Promise<{ path: string }>,
) {
  const opened = await openSignedIn(harness, username, hash);
  await waitForRoute(opened.app, hash);
  const iframe = screen.getByTitle('Legacy interface') as HTMLIFrameElement;
  const frame = connectFakeFrame(iframe);
  let connected = false;
  frame.handle('router', ({ path }) => (connected && answer ? answer(path) : { path }));
  await frame.connect();
  await confirmed(opened.app, hash);
  connected = true;
  const posted = vi.mocked(iframe.contentWindow!.postMessage);
  /** The paths of the `router` requests the shell has posted to the frame so far. */
  const routed = () =>
    posted.mock.calls
      .map(([data]) => data as BridgeMessage)
      .filter((message) => message.kind === 'request' && message.action === 'router')
      .map((message) => (message.payload as { path: string }).path);
  return { ...opened, routed };
}

async function confirmed(app: ConsoleApp, url: string) {
  await waitFor(() =>
    expect(app.store.getState().routing).toMatchObject({ url, phase: 'navigateSuccess' }),
  );
}

describe('a shell navigation the guards will admit reaches the frame first', () => {
  it('a sidebar click posts router before the shell has moved, and only once', async () => {
    const { app, routed } = await withFrame('admin', '/app/things/thing');
    const before = routed().length;
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    fireEvent.click(within(sidebar).getByRole('link', { name: 'Asset Types' }));
    // synchronously, in the click: the frame has its request, the shell has not navigated yet
    expect(routed().slice(before)).toEqual(['/things/thingType']);
    expect(routePath(app)).toBe('/app/things/thing');
    expect(app.store.getState().routing).toMatchObject({
      url: '/app/things/thingType',
      phase: 'navigate',
    });
    await waitForRoute(app, '/app/things/thingType');
    await confirmed(app, '/app/things/thingType');
    expect(routed().slice(before)).toEqual(['/things/thingType']);
  });

  it("the shell's own navigation (history entry, render) completes after the frame's answer", async () => {
    const answers: Array<() => void> = [];
    const { app } = await withFrame('admin', '/app/things/thing', (path) => {
      return new Promise((resolve) => answers.push(() => resolve({ path })));
    });
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    fireEvent.click(within(sidebar).getByRole('link', { name: 'Asset Types' }));
    await waitFor(() => expect(answers).toHaveLength(1));
    // the frame has not answered yet (and AHEAD_PATIENCE_MS has not run out): the shell waits
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(routePath(app)).toBe('/app/things/thing');
    // the router has not even started its navigation: it starts once the frame has answered
    expect(app.router.state.navigation.state).toBe('idle');
    answers[0]!();
    await confirmed(app, '/app/things/thingType');
    await waitForRoute(app, '/app/things/thingType');
  });

  it('a second click before the frame answered the first: the shell goes to the second page only', async () => {
    const answers: Array<() => void> = [];
    const { app, routed } = await withFrame('admin', '/app/things/thing', (path) => {
      return new Promise((resolve) => answers.push(() => resolve({ path })));
    });
    const before = routed().length;
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    fireEvent.click(within(sidebar).getByRole('link', { name: 'Asset Types' }));
    await waitFor(() => expect(answers).toHaveLength(1));
    app.services.navigate('/app/model/zone');
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[0]!();
    answers[1]!();
    await confirmed(app, '/app/model/zone');
    await waitForRoute(app, '/app/model/zone');
    expect(routed().slice(before)).toEqual(['/things/thingType', '/model/zone']);
    expect(app.router.state.navigation.state).toBe('idle');
  });

  it('a frame that does not answer holds the shell no longer than AHEAD_PATIENCE_MS', async () => {
    const { app } = await withFrame('admin', '/app/things/thing', () => new Promise(() => {}));
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    const started = performance.now();
    fireEvent.click(within(sidebar).getByRole('link', { name: 'Asset Types' }));
    await waitForRoute(app, '/app/things/thingType');
    expect(performance.now() - started).toBeGreaterThanOrEqual(AHEAD_PATIENCE_MS - 5);
    // the shell moved on; the frame's answer is still awaited (its own 10 s timeout)
    expect(app.store.getState().routing).toMatchObject({
      url: '/app/things/thingType',
      phase: 'navigate',
    });
  });

  it('a click with a modifier key (a new tab) sends nothing ahead', async () => {
    const { routed } = await withFrame('admin', '/app/things/thing');
    const before = routed().length;
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    const link = within(sidebar).getByRole('link', { name: 'Asset Types' });
    link.addEventListener('click', (event) => event.preventDefault(), { once: true });
    fireEvent.click(link, { ctrlKey: true });
    expect(routed().slice(before)).toEqual([]);
  });

  it('a page the user may not open is not sent ahead, nor after: the shell explains it on its address', async () => {
    const { app, routed } = await withFrame('operator', '/app/things/thing');
    expect(app.store.getState().authz.permissions).not.toContain('tenants:x');
    const before = routed().length;
    app.services.navigate('/app/tenants/user');
    expect(routed().slice(before)).toEqual([]);
    await waitFor(() => expect(app.router.state.navigation.state).toBe('idle'));
    // the address stays (the explanation names it); the frame is never sent there
    expect(routePath(app)).toBe('/app/tenants/user');
    expect(
      await screen.findByRole('heading', { name: 'You may not open this page' }),
    ).toBeVisible();
    expect(routed()).not.toContain('/tenants/user');
  });

  it('a bare module (which the guards may redirect to its first page) waits for the guards', async () => {
    const { app, routed } = await withFrame('admin', '/app/things/thing');
    const before = routed().length;
    app.services.navigate('/app/model');
    expect(routed().slice(before)).toEqual([]);
    await waitFor(() => expect(app.router.state.navigation.state).toBe('idle'));
    await waitFor(() => expect(routed().length).toBeGreaterThan(before));
    expect(routed().slice(before)).toEqual([
      app.store.getState().routing.url?.replace(/^\/app/, ''),
    ]);
  });

  it('nothing goes ahead while an OAuth return waits to be read (the guards read it first)', async () => {
    const { app, routed } = await withFrame('admin', '/app/things/thing');
    const before = routed().length;
    document.cookie = `${OAUTH_STATUS_COOKIE}=ok; path=/`;
    app.services.navigate('/app/things/thingType');
    expect(routed().slice(before)).toEqual([]);
    await waitFor(() => expect(app.router.state.navigation.state).toBe('idle'));
    document.cookie = `${OAUTH_STATUS_COOKIE}=; path=/; max-age=0`;
  });

  it('nothing goes ahead while the token held is not the loaded session (a user change elsewhere)', async () => {
    const { app, routed } = await withFrame('admin', '/app/things/thing');
    const before = routed().length;
    createTokenStore().write('another-token');
    app.services.navigate('/app/things/thingType');
    expect(routed().slice(before)).toEqual([]);
    await waitFor(() => expect(app.router.state.navigation.state).toBe('idle'));
  });
});

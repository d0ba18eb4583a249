// Route guards over the real session (spec §2 top-level routing, navigation rules).
import { screen, within } from '@testing-library/react';
import { STORAGE_KEYS, isAppRouteAllowed } from '@portico/core';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../src/lib/notifications.ts';
import {
  openSignedIn,
  permissionsOf,
  renderConsole,
  servicesForFile,
  signInThroughForm,
  waitForRoute,
} from './console-harness.tsx';

// the real notifications, watched
vi.mock('../src/lib/notifications.ts', { spy: true });

const harness = servicesForFile();

describe('guards', () => {
  it('a deep link while signed out goes to /login, then back to the link after sign-in', async () => {
    const ui = await renderConsole('/app/model/zoneType');
    await waitForRoute(ui.app, '/login');
    expect(localStorage.getItem(STORAGE_KEYS.redirectUrl)).toBe('/app/model/zoneType');
    await signInThroughForm(ui, 'admin');
    await waitForRoute(ui.app, '/app/model/zoneType');
    expect(await screen.findByRole('navigation', { name: 'Modules' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.redirectUrl)).toBeNull();
  });

  it('a deep link with a session (a reload) stays on the page', async () => {
    const { app } = await openSignedIn(harness, 'admin', '/app/tenants/role');
    await waitForRoute(app, '/app/tenants/role');
    expect(vi.mocked(notify)).not.toHaveBeenCalled();
  });

  it('a page the user may not open keeps its address: the shell explains it there, no toast', async () => {
    const { permissions, hiddenTabs } = await permissionsOf(harness, 'viewer');
    // viewer holds the permission but hides the Services tab
    expect(permissions).toContain('connection:r');
    expect(isAppRouteAllowed('/app/services/connection', { permissions, hiddenTabs })).toBe(false);
    vi.mocked(notify).mockClear();

    const { app } = await openSignedIn(harness, 'viewer', '/app/services/connection');
    await waitForRoute(app, '/app/services/connection');
    const explanation = await screen.findByTestId('forbidden-page');
    expect(explanation).toHaveTextContent('You may not open this page');
    expect(within(explanation).getByText('#/app/services/connection')).toBeInTheDocument();
    expect(explanation).toHaveTextContent(
      'You cannot open Connections: the Services tab is hidden for your account.',
    );
    // the way on: the start page (Acme's defaultNavBar "things", auto-loaded)
    expect(
      within(explanation).getByRole('link', { name: 'Go to your start page' }),
    ).toHaveAttribute('href', '#/app/things/thing');
    expect(vi.mocked(notify)).not.toHaveBeenCalled();
    // the frame is not sent to the refused page
    expect(app.store.getState().routing.url).not.toBe('/app/services/connection');
  });

  it("the explanation names the page in the tenant's vocabulary (Acme calls zones Areas)", async () => {
    const { app } = await openSignedIn(harness, 'nobody', '/app/model/zone');
    await waitForRoute(app, '/app/model/zone');
    expect(await screen.findByTestId('forbidden-page')).toHaveTextContent(
      'You cannot open Areas: your account does not have that permission. Ask an administrator for it.',
    );
  });

  it('a user with no module permission who opens a module is told so on its address', async () => {
    const { app } = await openSignedIn(harness, 'nobody', '/app/things/thing');
    await waitForRoute(app, '/app/things/thing');
    expect(await screen.findByTestId('forbidden-page')).toHaveTextContent('#/app/things/thing');
  });

  it('/app goes to the default landing page; /login when signed in goes to the application', async () => {
    const { app } = await openSignedIn(harness, 'admin', '/app');
    await waitForRoute(app, '/app/things/thing');
    await app.router.navigate('/login');
    await waitForRoute(app, '/app/things/thing');
  });

  it.each(['/app/tenants/group/config/undefined', '/app/analytics/report/edit/null'])(
    'a typed %s is refused with a warning: the page that was open stays',
    async (target) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const { app } = await openSignedIn(harness, 'admin', '/app/model/zoneGroup');
        await waitForRoute(app, '/app/model/zoneGroup');
        await app.router.navigate(target);
        await waitForRoute(app, '/app/model/zoneGroup');
        expect(warn.mock.calls.flat().join(' ')).toContain(
          `navigation to "${target}" refused (undefined or null route parameter)`,
        );
        // opened cold, it goes to the default page instead
        const cold = await openSignedIn(harness, 'admin', target);
        await waitForRoute(cold.app, '/app/things/thing');
      } finally {
        warn.mockRestore();
      }
    },
  );

  it('a legacy path goes to /app + path, an unknown one to the welcome page', async () => {
    const { app } = await openSignedIn(harness, 'admin', '/model/zoneGroup');
    await waitForRoute(app, '/app/model/zoneGroup');
    await app.router.navigate('/no/such/place');
    await waitForRoute(app, '/app/home/welcome');
  });
});

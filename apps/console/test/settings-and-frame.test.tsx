// Settings saved through the real API (spec §7 PUT /user/{id}/field/{field}, config refetched), and
// the frame bridge's session answers (PROTOCOL.md fetchSessionData) from the signed-in console.
import { screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@portico/core';
import { describe, expect, it } from 'vitest';
import {
  API,
  apiLogin,
  connectFakeFrame,
  openSignedIn,
  servicesForFile,
  waitForRoute,
} from './console-harness.tsx';
import { authzSlice, configSlice } from '../src/store/slices.ts';

const harness = servicesForFile();

describe('settings', () => {
  it('saving a time zone PUTs the field, refetches the configuration and the services keep it', async () => {
    // viewer holds tenants:x, so the menu offers Settings (spec §6)
    const { app, user, token } = await openSignedIn(harness, 'viewer', '/app/things/thing');
    const userId = app.store.getState().session.user?.id ?? -1;
    // viewer inherits Acme's zone
    expect(app.store.getState().config.timeZone).toBe('America/Chicago');
    harness.calls.length = 0;

    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    await user.selectOptions(within(dialog).getByLabelText('Time zone'), 'Asia/Tokyo');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument(),
    );
    expect(app.store.getState().config.timeZone).toBe('Asia/Tokyo');
    const put = harness.calls.findIndex(
      (call) =>
        call.method === 'PUT' && call.path === `/user/${userId}/field/timeZoneConfiguration`,
    );
    expect(put).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(harness.calls[put]?.body ?? '{}')).toEqual({ value: 'Asia/Tokyo' });
    // only the changed field is written; the configuration is read again after the write
    expect(harness.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    const after = harness.calls
      .slice(put + 1)
      .map((call) => `${call.method} ${call.path.split('?')[0] ?? ''}`);
    expect(after).toContain(`GET /user/${userId}`);
    expect(after).toContain(`POST /user/${userId}/inheritedFields`);

    // the services' database holds it: a fresh read through the API
    const fields = await harness.api<Record<string, { value: unknown }>>(
      'POST',
      `/user/${userId}/inheritedFields?format=map`,
      undefined,
      token,
    );
    expect(fields.body.timeZoneConfiguration?.value).toBe('Asia/Tokyo');
    // and nothing else changed
    expect(app.store.getState().config.dateFormat).toBe('MM/DD/YYYY');
  });

  it('the Settings item needs the tenants permission (spec §6, isSettingsMenuItemVisible): operator has none', async () => {
    const { user, app } = await openSignedIn(harness, 'operator', '/app/things/thing');
    expect(app.store.getState().authz.permissions).not.toContain('tenants:x');
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'About' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('closing Settings (Escape) gives the focus back to the User menu button, not to the page', async () => {
    const { user } = await openSignedIn(harness, 'admin', '/app/model/zone');
    const menuButton = screen.getByRole('button', { name: 'User menu' });
    menuButton.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(menuButton).toHaveFocus());
  });

  it('a save answered 401 (the session ended on the server) logs out with the expired flag', async () => {
    const { user, app } = await openSignedIn(harness, 'viewer', '/app/things/thing');
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    // the session ends on the server while the dialog is open: the save answers 401 and logs out
    await harness.api(
      'POST',
      '/user/logout',
      undefined,
      localStorage.getItem(STORAGE_KEYS.accessToken) ?? '',
    );
    await user.selectOptions(within(dialog).getByLabelText('Date format'), 'YYYY-MM-DD');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitForRoute(app, '/login');
    expect(localStorage.getItem(STORAGE_KEYS.sessionExpired)).toBe('true');
  });

  it('a tab the tenant hides is not described as hidden by your settings', async () => {
    const { app, user } = await openSignedIn(harness, 'viewer', '/app/things/thing');
    const { config } = app.store.getState();
    // viewer hid Gateway and Services itself; the tenant also hides Analytics for everyone
    expect(config.hiddenTabs).not.toContain('analytics');
    const { loaded: _loaded, ...rest } = config;
    app.store.dispatch(
      configSlice.actions.loaded({ ...rest, hiddenTabs: [...config.hiddenTabs, 'analytics'] }),
    );
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(dialog).getByTestId('access-analytics')).toHaveTextContent(
      'Hidden for everyone in Acme Logistics by an administrator',
    );
    expect(within(dialog).getByTestId('access-gateway')).toHaveTextContent(
      'Hidden by your settings',
    );
  });

  it("the explainer names a missing permission in the tenant's vocabulary (Acme's zones are Areas)", async () => {
    const { app, user } = await openSignedIn(harness, 'viewer', '/app/things/thing');
    const { authz } = app.store.getState();
    app.store.dispatch(
      authzSlice.actions.loaded({
        ...authz,
        permissions: authz.permissions.filter((term) => !term.startsWith('zone:')),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    const zones = within(dialog).getByTestId('access-zone');
    expect(zones).toHaveTextContent(
      'Areas Not available to you. Ask an administrator for the Areas permission.',
    );
  });
});

describe('one’s own password', () => {
  it('any user (operator: no tenants:x, no user:u) changes it from the user menu, after messages naming the rule', async () => {
    // an account of its own with the Operator role (the demo accounts stay as other tests expect)
    const admin = await apiLogin(harness, 'admin');
    const created = await harness.api(
      'POST',
      '/user',
      { username: 'pat.operator', password: 'Correct-Horse-42', roleIds: [3] },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const own = harness;
    {
      const { user, app } = await openSignedIn(
        own,
        'pat.operator',
        '/app/things/thing',
        'Correct-Horse-42',
      );
      expect(app.store.getState().authz.permissions).not.toContain('user:u');
      await user.click(screen.getByRole('button', { name: 'User menu' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Change password' }));
      const dialog = await screen.findByRole('dialog', { name: 'Password' });
      const current = within(dialog).getByLabelText('Current password');
      const next = within(dialog).getByLabelText('New password');
      expect(next).toHaveAccessibleDescription(
        'At least 8 characters; not a common password, nor your username.',
      );
      const save = within(dialog).getByRole('button', { name: 'Change password' });

      // checked before sending: the rule is core's, the services' own
      await user.type(current, 'Correct-Horse-42');
      await user.type(next, 'short');
      await user.click(save);
      expect(await within(dialog).findByText('Use at least 8 characters.')).toBeInTheDocument();
      expect(next).toHaveAttribute('aria-invalid', 'true');
      own.calls.length = 0;

      // refused by the services (the common list lives there), named by its rule
      await user.clear(next);
      await user.type(next, 'baseball2024');
      await user.click(save);
      expect(
        await within(dialog).findByText(
          'This is one of the most common passwords. Choose another.',
        ),
      ).toBeInTheDocument();
      expect(own.calls.some((call) => call.method === 'PUT')).toBe(true);

      await user.clear(current);
      await user.type(current, 'wrong-one');
      await user.clear(next);
      await user.type(next, 'Harbour-Lantern-2026');
      await user.click(save);
      expect(
        await within(dialog).findByText('That is not your current password.'),
      ).toBeInTheDocument();

      await user.clear(current);
      await user.type(current, 'Correct-Horse-42');
      await user.click(save);
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Password' })).not.toBeInTheDocument(),
      );
      // still signed in; the new password signs in, the old one no more
      expect(app.store.getState().authn.status).toBe('AUTHENTICATED');
      expect(
        (
          await own.api('POST', '/user/login', {
            username: 'pat.operator',
            password: 'Harbour-Lantern-2026',
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await own.api('POST', '/user/login', {
            username: 'pat.operator',
            password: 'Correct-Horse-42',
          })
        ).status,
      ).toBe(401);
    }
  });
});

describe('the frame bridge', () => {
  it('answers fetchSessionData with the session, and routes the frame to the shell page', async () => {
    const { app, token } = await openSignedIn(harness, 'admin', '/app/model/zone');
    await waitForRoute(app, '/app/model/zone');
    const frame = connectFakeFrame(screen.getByTitle('Legacy interface') as HTMLIFrameElement);
    const shown: string[] = [];
    frame.handle('router', ({ path }) => {
      shown.push(path);
      return { path };
    });
    await frame.connect();

    const data = await frame.request('fetchSessionData', {});
    const me = await harness.api<{ id: number }>('GET', '/user/whoami', undefined, token);
    const permissions = await harness.api<{ results: string[] }>(
      'GET',
      `/user/${me.body.id}/permissions`,
      undefined,
      token,
    );
    expect(data).toMatchObject({
      token,
      apiBase: API,
      permissions: permissions.body.results,
      language: 'en',
      timeZone: 'America/Chicago',
      dateFormat: 'MM/DD/YYYY',
      calendarFormat: '12h',
      user: {
        id: me.body.id,
        username: 'admin',
        firstName: 'Ada',
        lastName: 'Admin',
        tenantName: 'Acme Logistics',
        isRoot: false,
      },
    });
    expect(data.groupFields).toHaveProperty('vizixVocabularyLabelPlatform');
    // the shell asked the frame to show its page and recorded the confirmation (spec §4)
    await waitFor(() => expect(shown).toEqual(['/model/zone']));
    await waitFor(() =>
      expect(app.store.getState().routing).toMatchObject({
        url: '/app/model/zone',
        phase: 'navigateSuccess',
      }),
    );
  });

  it('a saved user field reaches the frame as userFieldUpdated (spec §7)', async () => {
    const { app } = await openSignedIn(harness, 'operator', '/app/model/zone');
    const frame = connectFakeFrame(screen.getByTitle('Legacy interface') as HTMLIFrameElement);
    frame.handle('router', ({ path }) => ({ path }));
    const updates: Array<{ field: string; value: unknown }> = [];
    frame.on('userFieldUpdated', (payload) => void updates.push(payload));
    await frame.connect();
    await app.services.session.updateUserFields({ dateFormatConfiguration: 'DD/MM/YYYY' });
    await waitFor(() =>
      expect(updates).toEqual([{ field: 'dateFormatConfiguration', value: 'DD/MM/YYYY' }]),
    );
  });

  it("after a sign-out the frame's sessionExpired is silent", async () => {
    const { app } = await openSignedIn(harness, 'admin', '/app/model/zone');
    const frame = connectFakeFrame(screen.getByTitle('Legacy interface') as HTMLIFrameElement);
    frame.handle('router', ({ path }) => ({ path }));
    await frame.connect();
    await app.services.session.logout();
    harness.calls.length = 0;
    app.services.session.handleUnauthorized();
    frame.send('sessionExpired', {});
    await new Promise((resolve) => setTimeout(resolve, 0)); // the message event has been dispatched
    expect(harness.calls.filter((call) => call.path === '/user/logout')).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEYS.sessionExpired)).toBeNull();
    expect(app.services.session.status).toBe('NO_AUTH');
  });

  it('a sessionExpired event from the frame logs the shell out', async () => {
    const { app } = await openSignedIn(harness, 'admin', '/app/model/zone');
    const frame = connectFakeFrame(screen.getByTitle('Legacy interface') as HTMLIFrameElement);
    frame.handle('router', ({ path }) => ({ path }));
    await frame.connect();
    harness.calls.length = 0;
    frame.send('sessionExpired', {});
    await waitForRoute(app, '/login');
    expect(harness.calls.filter((call) => call.path === '/user/logout')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.sessionExpired)).toBe('true');
  });
});

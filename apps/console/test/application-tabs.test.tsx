// The tenant's application tabs in the real shell, over the real services (Acme's seed defines
// "Operations" with menus Daily and Inventory, and "Compliance" with Audits): the Modules nav shows
// them after the built-in modules in the user's language, the APPLICATION_TABS sidebar lists the
// open tab's menus, the palette finds them, and an unknown tab or a user without
// report_definition:r is refused.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openSignedIn, permissionsOf, servicesForFile, waitForRoute } from './console-harness.tsx';

const harness = servicesForFile();

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('application tabs in the shell', () => {
  it('admin: the tenant’s tabs follow the modules; a tab opens its first menu, its sidebar lists its menus', async () => {
    const { app, user, modules } = await openSignedIn(harness, 'admin', '/app/things/thing');
    await waitFor(() => expect(linkNames(modules)).toContain('Operations'));
    const names = linkNames(modules);
    expect(names.slice(-2)).toEqual(['Operations', 'Compliance']);
    await user.click(within(modules).getByRole('link', { name: 'Operations' }));
    await waitForRoute(app, '/app/applicationTab/1/menu/1');
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Sidebar' })).toHaveAttribute(
        'data-state',
        'APPLICATION_TABS',
      ),
    );
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    expect(linkNames(sidebar)).toEqual(['Daily', 'Inventory']);
    expect(within(modules).getByRole('link', { name: 'Operations' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(sidebar).getByRole('link', { name: 'Inventory' }));
    await waitForRoute(app, '/app/applicationTab/1/menu/2');
    // the editor is one button away for whoever may change the settings
    expect(
      within(sidebar).getByRole('button', { name: 'Edit the Operations tab' }),
    ).toBeInTheDocument();
  });

  it('the palette finds a menu by its name and its tab’s', async () => {
    const { app, user } = await openSignedIn(harness, 'admin', '/app/things/thing');
    await user.click(screen.getByRole('button', { name: 'Go to page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Go to page' });
    await user.type(within(dialog).getByRole('combobox'), 'audits');
    const options = within(dialog).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual([
      'Audits, Compliance',
    ]);
    await user.keyboard('{Enter}');
    await waitForRoute(app, '/app/applicationTab/2/menu/1');
  });

  it('an unknown tab or menu is refused like any page the user may not open', async () => {
    await openSignedIn(harness, 'admin', '/app/applicationTab/9/menu/1');
    expect(
      await screen.findByRole('heading', { name: 'You may not open this page' }),
    ).toBeInTheDocument();
  });

  it('nobody (no report_definition:r): no tab in the nav, and a tab’s address is refused', async () => {
    const { permissions } = await permissionsOf(harness, 'nobody');
    expect(permissions.some((p) => p.startsWith('report_definition:'))).toBe(false);
    const { modules } = await openSignedIn(harness, 'nobody', '/app/applicationTab/1/menu/1');
    expect(
      await screen.findByRole('heading', { name: 'You may not open this page' }),
    ).toBeInTheDocument();
    expect(linkNames(modules)).not.toContain('Operations');
  });
});

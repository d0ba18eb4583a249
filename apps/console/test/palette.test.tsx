// The command palette in the real shell, over the real services: what it offers follows the
// permissions and hidden tabs the API returns, and choosing a page goes through the guards.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openSignedIn, servicesForFile, waitForRoute } from './console-harness.tsx';

const harness = servicesForFile();

const names = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('option')
    .map((option) => option.getAttribute('aria-label') ?? '');

describe('the command palette in the shell', () => {
  it('admin: Ctrl+K, type, Enter lands on the page; focus returns to where it was', async () => {
    const { app, user } = await openSignedIn(harness, 'admin', '/app/things/thing');
    await waitForRoute(app, '/app/things/thing');
    const trigger = screen.getByRole('button', { name: 'Go to page' });
    trigger.focus();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Go to page' });
    const input = within(dialog).getByRole('combobox');
    expect(input).toHaveFocus();
    await user.type(input, 'area');
    // Acme calls zones "Areas" (and their types and groups "Area Types", "Area Groups")
    expect(names(within(dialog).getByRole('listbox'))).toEqual([
      'Areas, Model',
      'Area Types, Model',
      'Area Groups, Model',
    ]);
    await user.keyboard('{Enter}');
    await waitForRoute(app, '/app/model/zone');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    // the shell shows the page: its module is the current one in the navigation
    const modules = screen.getByRole('navigation', { name: 'Modules' });
    await waitFor(() =>
      expect(within(modules).getByRole('link', { name: 'Model' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
  });

  it('viewer: Services pages never appear (the tab is hidden), other pages do', async () => {
    const { user } = await openSignedIn(harness, 'viewer', '/app/things/thing');
    await user.click(screen.getByRole('button', { name: 'Go to page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Go to page' });
    const all = names(within(dialog).getByRole('listbox'));
    expect(all).toContain('Assets, Assets');
    expect(all.filter((name) => name.endsWith(', Services') || name.endsWith(', Gateway'))).toEqual(
      [],
    );
    await user.type(within(dialog).getByRole('combobox'), 'connections');
    expect(within(dialog).queryAllByRole('option')).toEqual([]);
    expect(within(dialog).getByRole('status')).toHaveTextContent('No page matches.');
  });
});

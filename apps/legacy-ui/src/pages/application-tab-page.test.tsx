import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GroupSettingsAnswer } from '../api-client.ts';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { ApplicationTabPage } from './application-tab-page.tsx';
import { CustomTabDialog } from './custom-tab-dialog.tsx';
import { GroupSettingsPage } from './group-settings-page.tsx';

const TABS = [
  {
    id: 1,
    order: 1,
    labels: { en: 'Operations', fr: 'Opérations' },
    menus: [
      { id: 1, labels: { en: 'Daily', fr: 'Quotidien' }, reportIds: [11, 12] },
      { id: 2, labels: { en: 'Inventory' }, reportIds: [13] },
    ],
  },
];
const FIELDS = { applicationTabs: JSON.stringify(TABS) };
const REPORTS = [
  { id: 11, name: 'Dock summary', reportType: 'table', folder: { id: 1, name: 'Ops folder' } },
  { id: 12, name: 'Dock history', reportType: 'map', folder: null },
  { id: 13, name: 'Stock', reportType: 'summary', folder: null },
  { id: 20, name: 'Audit trail', reportType: 'table', folder: null },
];

describe('an application tab’s menu', { timeout: 20_000 }, () => {
  it('lists the menu’s reports, named by the tenant, each opening its own page', async () => {
    const { api } = createFakeApi({ reportDefinition: REPORTS });
    const navigate = vi.fn();
    renderWithLegacy(<ApplicationTabPage tabId={1} menuId={1} reportId={null} />, {
      api,
      permissions: ['report_definition:r'],
      language: 'fr',
      groupFields: FIELDS,
      navigate,
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Opérations › Quotidien');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Dock summary'),
      expect.stringContaining('Dock history'),
    ]);
    expect(rows[0]).toHaveTextContent('Ops folder');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Dock history' }));
    expect(navigate).toHaveBeenCalledWith('/applicationTab/1/menu/1/report/12');
  });

  it('says so, without a crash, for a report that no longer exists', async () => {
    const { api } = createFakeApi({ reportDefinition: REPORTS.slice(1) });
    renderWithLegacy(<ApplicationTabPage tabId={1} menuId={1} reportId={null} />, {
      api,
      permissions: ['report_definition:r'],
      groupFields: FIELDS,
    });
    expect(await screen.findByText(/Item 11 is not available/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dock history' })).toBeInTheDocument();
  });

  it.each([
    ['an unknown tab', 9, 1, ['report_definition:r']],
    ['an unknown menu', 1, 7, ['report_definition:r']],
    ['no report_definition:r', 1, 1, ['thing:r']],
  ])('refuses %s with a clear message', (_case, tabId, menuId, permissions) => {
    const { api } = createFakeApi({ reportDefinition: REPORTS });
    renderWithLegacy(<ApplicationTabPage tabId={tabId} menuId={menuId} reportId={null} />, {
      api,
      permissions,
      groupFields: FIELDS,
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This tab or menu does not exist, or is not yours to open.',
    );
    expect(api.get).not.toHaveBeenCalled();
  });

  it('shows one report of the menu, and refuses a report that is not in it', async () => {
    const { api } = createFakeApi({ reportDefinition: REPORTS });
    vi.mocked(api.runReport).mockResolvedValue({
      reportDefinition: { id: 13, name: 'Stock', resource: 'thing' },
      columns: [{ propertyName: 'name', kind: 'text' }],
      groupBy: null,
      total: 1,
      totals: { rows: 1 },
      results: [{ id: 1, name: 'Pallet 7' }],
    } as never);
    const { unmount } = renderWithLegacy(
      <ApplicationTabPage tabId={1} menuId={2} reportId={13} />,
      { api, permissions: ['report_definition:r'], groupFields: FIELDS },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Stock' })).toBeInTheDocument();
    expect(await screen.findByText('Pallet 7')).toBeInTheDocument();
    expect(api.runReport).toHaveBeenCalledWith(13, expect.anything());
    expect(
      screen.getByRole('link', { name: 'Back to Operations › Inventory' }),
    ).toBeInTheDocument();
    unmount();
    renderWithLegacy(<ApplicationTabPage tabId={1} menuId={2} reportId={20} />, {
      api,
      permissions: ['report_definition:r'],
      groupFields: FIELDS,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Item 20 is not in this menu.');
    expect(screen.queryByText('Audit trail')).toBeNull();
  });
});

function settings(value: string | null): GroupSettingsAnswer {
  return {
    group: { id: 2, name: 'Acme', treeLevel: 2 },
    parent: null,
    results: [
      {
        name: 'applicationTabs',
        kind: 'applicationTabs',
        section: 'shell',
        value,
        parentValue: null,
        inheritedFrom: null,
      },
    ],
  } as GroupSettingsAnswer;
}

describe('the custom tab editor', { timeout: 20_000 }, () => {
  it('creates a tab: labels, a menu, its reports chosen by name; saves and tells the shell', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ reportDefinition: REPORTS });
    vi.mocked(api.groupSettings).mockResolvedValue(settings(JSON.stringify(TABS)));
    const onClose = vi.fn();
    const { context } = renderWithLegacy(<CustomTabDialog tabId={null} onClose={onClose} />, {
      api,
      permissions: ['settings:u', 'report_definition:r'],
    });
    const dialog = await screen.findByRole('dialog', { name: 'New custom tab' });
    // the tabs load first: the form comes with them
    await within(dialog).findByRole('button', { name: 'Save' });
    const name = within(dialog).getByRole('group', { name: 'Tab name' });
    await user.type(within(name).getByLabelText('English'), 'Quality');
    await user.type(within(name).getByLabelText('French'), 'Qualité');
    const menu = within(dialog).getByRole('group', { name: 'Menu 1' });
    await user.type(
      within(within(menu).getByRole('group', { name: 'Name of menu 1' })).getByLabelText('English'),
      'Weekly',
    );
    // saving with no report is refused before any call, saying why
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'reportIds must name at least one report',
    );
    expect(api.setGroupSetting).not.toHaveBeenCalled();
    const combo = within(menu).getByRole('combobox', { name: 'Add a Report to menu 1' });
    await user.type(combo, 'Audit');
    await user.click(await screen.findByRole('option', { name: /Audit trail/ }));
    expect(within(menu).getByRole('list')).toHaveTextContent('Audit trail');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true, 2));
    expect(api.setGroupSetting).toHaveBeenCalledWith(2, 'applicationTabs', [
      TABS[0],
      {
        id: 2,
        order: 2,
        labels: { en: 'Quality', fr: 'Qualité' },
        menus: [{ id: 1, labels: { en: 'Weekly' }, reportIds: [20] }],
      },
    ]);
    expect(context.groupConfigChanged).toHaveBeenCalledWith(2);
  });

  /** The editor of the first of TABS, opened by someone who may change settings. */
  async function editFirstTab() {
    const user = userEvent.setup();
    const { api } = createFakeApi({ reportDefinition: REPORTS });
    vi.mocked(api.groupSettings).mockResolvedValue(settings(JSON.stringify(TABS)));
    const onClose = vi.fn();
    renderWithLegacy(<CustomTabDialog tabId={1} onClose={onClose} />, {
      api,
      permissions: ['settings:u', 'report_definition:r'],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit custom tab' });
    // the tabs load first: the form comes with them
    await within(dialog).findByRole('button', { name: 'Save' });
    return { user, api, onClose, dialog };
  }

  it('edits a tab: its reports are shown by name; removes one, adds a menu; deletes', async () => {
    const { user, api, onClose, dialog } = await editFirstTab();
    const first = within(dialog).getByRole('group', { name: 'Menu 1' });
    expect(within(first).getByRole('list')).toHaveTextContent('Dock summary');
    await user.click(
      within(first).getByRole('button', { name: 'Remove Dock summary from menu 1' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove menu 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true, 1));
    expect(api.setGroupSetting).toHaveBeenLastCalledWith(2, 'applicationTabs', [
      { ...TABS[0], menus: [{ ...TABS[0]!.menus[0], reportIds: [12] }] },
    ]);
  });

  it('deletes a tab, and shows the services’ refusal without closing', async () => {
    const { user, api, onClose, dialog } = await editFirstTab();
    await user.click(within(dialog).getByRole('button', { name: 'Delete this tab' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true, null));
    expect(api.setGroupSetting).toHaveBeenCalledWith(2, 'applicationTabs', []);
  });
});

describe('the settings page’s application tabs', { timeout: 20_000 }, () => {
  it('lists the tabs by name and opens the editor for one, or for a new one', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ reportDefinition: REPORTS });
    const answer = settings(JSON.stringify(TABS));
    vi.mocked(api.groupSettings).mockResolvedValue(answer);
    renderWithLegacy(<GroupSettingsPage groupId={2} />, {
      api,
      permissions: ['settings:u', 'report_definition:r'],
      language: 'fr',
    });
    const section = await screen.findByRole('region', { name: 'Onglets d’application' });
    expect(within(section).getByRole('list')).toHaveTextContent('Opérations');
    await user.click(within(section).getByRole('button', { name: 'Modifier Opérations' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByRole('button', { name: 'Supprimer cet onglet' }),
    ).toBeInTheDocument();
  });

  it('a reader without settings:u sees the tabs and no button', async () => {
    const { api } = createFakeApi({});
    vi.mocked(api.groupSettings).mockResolvedValue(settings(null));
    renderWithLegacy(<GroupSettingsPage groupId={2} />, { api, permissions: ['settings:r'] });
    const section = await screen.findByRole('region', { name: 'Application tabs' });
    expect(section).toHaveTextContent('No application tabs yet.');
    expect(within(section).queryByRole('button')).toBeNull();
  });
});

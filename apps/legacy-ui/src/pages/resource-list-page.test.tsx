import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../resources.ts';
import { createFakeApi, zones } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { ResourceListPage } from './resource-list-page.tsx';

const zone = RESOURCES.zone!;

describe('ResourceListPage', () => {
  it('shows a table with column headers, the total, and the first page sorted by name', async () => {
    const { api } = createFakeApi({ zone: zones(30) });
    renderWithLegacy(<ResourceListPage resource={zone} />, { api, permissions: ['zone:r'] });
    expect(await screen.findByText('30 total')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['ID', 'Name ▲', 'Code', 'Zone type', 'Zone group']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(25);
    expect(within(rows[0]!).getByRole('button', { name: 'Zone 01' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Dock')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('sorts by a clicked header, toggling the direction, and pages forward', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: zones(30) });
    renderWithLegacy(<ResourceListPage resource={zone} />, { api, permissions: ['zone:r'] });
    await screen.findByText('30 total');
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(nameHeader).toHaveAttribute('aria-sort', 'descending'));
    expect(await screen.findByRole('button', { name: 'Zone 30' })).toBeInTheDocument();
    expect(api.list).toHaveBeenLastCalledWith('zone', expect.objectContaining({ order: 'name:desc', pageNumber: 1 }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('button', { name: 'Zone 05' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('filters through the search box and shows the filtered total', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: zones(30) });
    renderWithLegacy(<ResourceListPage resource={zone} />, { api, permissions: ['zone:r'] });
    await screen.findByText('30 total');
    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), 'Zone 1');
    expect(await screen.findByText('10 total')).toBeInTheDocument();
    expect(api.list).toHaveBeenLastCalledWith('zone', expect.objectContaining({ filter: 'Zone 1' }));
  });

  it('shows the New button only with the insert permission', async () => {
    const { api } = createFakeApi({ zone: zones(2) });
    const admin = renderWithLegacy(<ResourceListPage resource={zone} />, { api, permissions: ['zone:*'] });
    await screen.findByText('2 total');
    expect(screen.getByRole('button', { name: 'New' })).toBeInTheDocument();
    admin.unmount();
    renderWithLegacy(<ResourceListPage resource={zone} />, { api, permissions: ['zone:r'] });
    await screen.findByText('2 total');
    expect(screen.queryByRole('button', { name: 'New' })).not.toBeInTheDocument();
  });

  it('uses the tenant vocabulary and the shell language for labels', async () => {
    const { api } = createFakeApi({ zone: zones(2) });
    renderWithLegacy(<ResourceListPage resource={zone} />, {
      api,
      permissions: ['zone:r'],
      language: 'es',
      groupFields: { vizixVocabularyLabelZones: '{"en":"Areas","es":"Áreas"}' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Áreas' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filtrar' })).toBeInTheDocument();
    expect(await screen.findByText('2 en total')).toBeInTheDocument();
  });

  it('says so, and does not call the API, without the read permission', () => {
    const { api } = createFakeApi({ zone: zones(2) });
    renderWithLegacy(<ResourceListPage resource={zone} />, { api, permissions: ['thing:r'] });
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission');
    expect(api.list).not.toHaveBeenCalled();
  });

  it('creates in a modal dialog (telling the shell), then reloads the list', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: zones(2), zoneType: [{ id: 1, groupId: 2, name: 'Dock' }] });
    const { context } = renderWithLegacy(<ResourceListPage resource={zone} />, { api, permissions: ['zone:*', 'zonetype:r'] });
    await screen.findByText('2 total');
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = screen.getByRole('dialog', { name: 'New Zones' });
    expect(context.setModalOpen).toHaveBeenLastCalledWith(true);
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Gate 9');
    await within(dialog).findByRole('option', { name: 'Dock' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Zone type/ }), 'Dock');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('3 total')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(context.setModalOpen).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('button', { name: 'Gate 9' })).toBeInTheDocument();
  });

  it('opens a row in the dialog; Escape closes it without changes', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: zones(2) });
    renderWithLegacy(<ResourceListPage resource={zone} />, { api, permissions: ['zone:r'] });
    await user.click(await screen.findByRole('button', { name: 'Zone 02' }));
    const dialog = screen.getByRole('dialog', { name: 'Zones details' });
    expect(await within(dialog).findByDisplayValue('Zone 02')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

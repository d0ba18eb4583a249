import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../resources.ts';
import { createFakeApi, zones } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { ResourceFormPage } from './resource-form-page.tsx';

const zone = RESOURCES.zone!;
const zoneTypes = [{ id: 1, groupId: 2, name: 'Dock' }, { id: 2, groupId: 2, name: 'Yard' }];

describe('ResourceFormPage', () => {
  it('creates a row with typed values, reports doneEvent and returns to the list', async () => {
    const user = userEvent.setup();
    const { api, tables } = createFakeApi({ zone: [], zoneType: zoneTypes });
    const { context } = renderWithLegacy(<ResourceFormPage resource={zone} id="new" />, { api, permissions: ['zone:*', 'zonetype:r'] });
    expect(screen.getByRole('heading', { level: 1, name: 'New Zones' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Gate 7');
    await screen.findByRole('option', { name: 'Yard' });
    await user.selectOptions(screen.getByRole('combobox', { name: /Zone type/ }), 'Yard');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(context.navigate).toHaveBeenCalledWith('/model/zone'));
    expect(tables.zone).toEqual([expect.objectContaining({ name: 'Gate 7', zoneTypeId: 2, zoneGroupId: null })]);
    expect(context.done).toHaveBeenCalledWith('zone.create', true, 'Saved.');
  });

  it('shows the API 400 field errors next to their fields', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: [] });
    const { context } = renderWithLegacy(<ResourceFormPage resource={zone} id="new" />, { api, permissions: ['zone:i'] });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(context.navigate).not.toHaveBeenCalled();
  });

  it('edits, and deletes only after the confirm step (telling the shell about the modal)', async () => {
    const user = userEvent.setup();
    const { api, tables } = createFakeApi({ zone: zones(3) });
    const { context } = renderWithLegacy(<ResourceFormPage resource={zone} id={2} />, { api, permissions: ['zone:*'] });
    const name = await screen.findByDisplayValue('Zone 02');
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(tables.zone?.[1]).toMatchObject({ id: 2, name: 'Renamed' }));

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: /Delete Zone 02\?/ });
    expect(context.setModalOpen).toHaveBeenLastCalledWith(true);
    expect(tables.zone).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(dialog).not.toBeInTheDocument();
    expect(context.setModalOpen).toHaveBeenLastCalledWith(false);
    expect(tables.zone).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(tables.zone?.map((z) => z.id)).toEqual([1, 3]));
    expect(context.done).toHaveBeenCalledWith('zone.delete', true);
  });

  it('hides Save and Delete, and disables inputs, without update and delete permissions', async () => {
    const { api } = createFakeApi({ zone: zones(1) });
    renderWithLegacy(<ResourceFormPage resource={zone} id={1} />, { api, permissions: ['zone:r'] });
    expect(await screen.findByDisplayValue('Zone 01')).toBeDisabled();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Zones details: Zone 01');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('Escape closes the confirm dialog', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: zones(1) });
    renderWithLegacy(<ResourceFormPage resource={zone} id={1} />, { api, permissions: ['zone:d'] });
    await screen.findByDisplayValue('Zone 01');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Yes, delete' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

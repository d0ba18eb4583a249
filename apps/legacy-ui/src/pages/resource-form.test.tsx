import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RESOURCES } from '../resources.ts';
import { createFakeApi, zones } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { ResourceForm } from './resource-form.tsx';

const zone = RESOURCES.zone!;
const zoneTypes = [{ id: 1, groupId: 2, name: 'Dock' }, { id: 2, groupId: 2, name: 'Yard' }];

describe('ResourceForm', () => {
  it('creates a row with typed values, reports doneEvent and returns to the list', async () => {
    const user = userEvent.setup();
    const { api, tables } = createFakeApi({ zone: [], zoneType: zoneTypes });
    const onFinished = vi.fn();
    const { context } = renderWithLegacy(<ResourceForm resource={zone} id="new" onFinished={onFinished} />, { api, permissions: ['zone:*', 'zonetype:r'] });
    expect(screen.getByRole('heading', { level: 1, name: 'New Zones' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Gate 7');
    await screen.findByRole('option', { name: 'Yard' });
    await user.selectOptions(screen.getByRole('combobox', { name: /Zone type/ }), 'Yard');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(tables.zone).toEqual([expect.objectContaining({ name: 'Gate 7', zoneTypeId: 2, zoneGroupId: null })]);
    expect(context.done).toHaveBeenCalledWith('zone.create', true, 'Saved.');
  });

  it('shows the API 400 field errors next to their fields', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: [] });
    const onFinished = vi.fn();
    renderWithLegacy(<ResourceForm resource={zone} id="new" onFinished={onFinished} />, { api, permissions: ['zone:i'] });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(onFinished).not.toHaveBeenCalled();
  });

  it('edits, and deletes only after the confirm step', async () => {
    const user = userEvent.setup();
    const { api, tables } = createFakeApi({ zone: zones(3) });
    const onFinished = vi.fn();
    const { context } = renderWithLegacy(<ResourceForm resource={zone} id={2} onFinished={onFinished} />, { api, permissions: ['zone:*'] });
    const name = await screen.findByDisplayValue('Zone 02');
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(tables.zone?.[1]).toMatchObject({ id: 2, name: 'Renamed' }));

    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('group', { name: /Delete Zone 02\?/ });
    expect(screen.getByRole('button', { name: 'Yes, delete' })).toHaveFocus();
    expect(tables.zone).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(confirm).not.toBeInTheDocument();
    expect(tables.zone).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(tables.zone?.map((z) => z.id)).toEqual([1, 3]));
    expect(context.done).toHaveBeenCalledWith('zone.delete', true);
    expect(onFinished).toHaveBeenCalledTimes(2);
  });

  it('hides Save and Delete, and disables inputs, without update and delete permissions', async () => {
    const { api } = createFakeApi({ zone: zones(1) });
    renderWithLegacy(<ResourceForm resource={zone} id={1} onFinished={vi.fn()} />, { api, permissions: ['zone:r'] });
    expect(await screen.findByDisplayValue('Zone 01')).toBeDisabled();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Zones details: Zone 01');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});

// A form tells the shell while it has unsaved changes (the draft, passwords left out) and when it has
// none, and offers a draft the shell kept for its record ("Restore your unsaved changes?").
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RESOURCES } from '../resources.ts';
import { createFakeApi, zones } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import type { DraftValues, UnsavedWorkPort } from '../legacy-context.tsx';
import { ResourceForm } from './resource-form.tsx';

const zone = RESOURCES.zone!;
const user = RESOURCES.user!;

function port(kept: DraftValues | null = null) {
  const reports: Array<[string, DraftValues | null]> = [];
  const unsaved: UnsavedWorkPort = {
    location: () => '/model/zone/1?page=2',
    report: vi.fn((path: string, draft: DraftValues | null) => {
      reports.push([path, draft]);
    }),
    fetch: vi.fn(async () => kept),
  };
  return { unsaved, reports };
}

function setup(kept: DraftValues | null = null, permissions = ['zone:*']) {
  const { api } = createFakeApi({
    zone: zones(3),
    zoneType: [{ id: 1, groupId: 2, name: 'Dock' }],
  });
  const { unsaved, reports } = port(kept);
  const view = renderWithLegacy(<ResourceForm resource={zone} id={1} onFinished={vi.fn()} />, {
    api,
    permissions,
    unsaved,
  });
  return { ...view, unsaved, reports, api };
}

describe('unsaved changes of a resource form', () => {
  it('reports the draft while dirty, the all-clear when back to the loaded values, and on close', async () => {
    const { reports, unmount } = setup();
    const name = await screen.findByRole('textbox', { name: /name/i });
    expect(name).toHaveValue('Zone 01');
    // loaded and untouched: nothing pending
    expect(reports.every(([, draft]) => draft === null)).toBe(true);
    await userEvent.type(name, ' (north)');
    expect(reports.at(-1)).toEqual([
      '/model/zone/1?page=2',
      expect.objectContaining({ name: 'Zone 01 (north)', code: 'Z1' }),
    ]);
    await userEvent.clear(name);
    await userEvent.type(name, 'Zone 01');
    expect(reports.at(-1)).toEqual(['/model/zone/1?page=2', null]);
    await userEvent.type(name, '!');
    unmount();
    expect(reports.at(-1)).toEqual(['/model/zone/1?page=2', null]);
  });

  it('offers a kept draft: Restore puts the values back (and reports them), Discard keeps the loaded ones', async () => {
    const kept = { name: 'Zone 01 (half typed)', code: 'Z1-NEW', notAField: 'x' };
    const first = setup(kept);
    expect(await screen.findByText('Restore your unsaved changes?')).toBeInTheDocument();
    expect(first.unsaved.fetch).toHaveBeenCalledWith('/model/zone/1?page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByRole('textbox', { name: /name/i })).toHaveValue('Zone 01 (half typed)');
    expect(screen.queryByText('Restore your unsaved changes?')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(first.reports.at(-1)?.[1]).toMatchObject({ name: 'Zone 01 (half typed)' }),
    );
    expect(first.reports.at(-1)?.[1]).not.toHaveProperty('notAField');
    first.unmount();

    setup(kept);
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('textbox', { name: /name/i })).toHaveValue('Zone 01');
    expect(screen.queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
  });

  it('a read-only view reports nothing and asks for no draft', async () => {
    const { reports, unsaved } = setup({ name: 'x' }, ['zone:r']);
    await screen.findByText('Zone 01');
    expect(unsaved.fetch).not.toHaveBeenCalled();
    expect(reports.every(([, draft]) => draft === null)).toBe(true);
  });

  it('never puts a password in the draft', async () => {
    const { api } = createFakeApi({ user: [], role: [] });
    const { unsaved, reports } = port();
    renderWithLegacy(<ResourceForm resource={user} id="new" onFinished={vi.fn()} />, {
      api,
      permissions: ['user:*', 'role:r'],
      unsaved,
    });
    await userEvent.type(await screen.findByRole('textbox', { name: /username/i }), 'grace');
    const password = document.querySelector<HTMLInputElement>('input[type="password"]')!;
    await userEvent.type(password, 'Secret-pass-42');
    const last = reports.at(-1)?.[1];
    expect(last).toMatchObject({ username: 'grace' });
    expect(JSON.stringify(reports)).not.toContain('Secret-pass-42');
  });
});

// The reference combobox as a keyboard and screen-reader user meets it (WAI-ARIA combobox with a
// listbox): it asks the server as one types, moves with the arrows, Home and End, chooses with
// Enter, closes with Escape, says how many choices there are, "no match", and a failed load.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../api-client.ts';
import type { ApiRow } from '../api-client.ts';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { ReferenceCombobox, referenceContext } from './reference-combobox.tsx';

const areas: ApiRow[] = Array.from({ length: 241 }, (_, i) => ({
  id: i + 1,
  groupId: i % 2 === 0 ? 3 : 4,
  name: `Dock ${String(Math.floor(i / 2) + 1).padStart(3, '0')}`,
  group: i % 2 === 0 ? { id: 3, name: 'North DC' } : { id: 4, name: 'South DC' },
}));

function Harness({ onChange }: { onChange: (id: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <>
      <label htmlFor="area">Area</label>
      <ReferenceCombobox
        id="area"
        resource="zone"
        value={value}
        emptyLabel="All"
        onChange={(id) => {
          setValue(id);
          onChange(id);
        }}
      />
      <button type="button">After</button>
    </>
  );
}

function setup(api = createFakeApi({ zone: areas }).api) {
  const onChange = vi.fn();
  renderWithLegacy(<Harness onChange={onChange} />, { api, permissions: ['zone:r'] });
  return { api, onChange, input: screen.getByRole('combobox', { name: 'Area' }) };
}

describe('ReferenceCombobox', { timeout: 20_000 }, () => {
  it('asks the server for what is typed (debounced, one page), and says how many there are', async () => {
    const user = userEvent.setup();
    const { api, input } = setup();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(api.list).not.toHaveBeenCalled();
    await user.type(input, 'Dock 12');
    await screen.findAllByRole('option', { name: /Dock 120/ });
    // typing fast is one request, not one per key
    expect(api.list).toHaveBeenCalledTimes(1);
    expect(api.list).toHaveBeenLastCalledWith('zone', {
      pageSize: 50,
      pageNumber: 1,
      order: 'name:asc',
      filter: 'Dock 12',
    });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('3 choices');
    // look-alike names carry their site
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toContain(
      'Dock 120 — South DC',
    );
  });

  it('moves with the arrows, Home and End, chooses with Enter, and shows the choice', async () => {
    const user = userEvent.setup();
    const { onChange, input } = setup();
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    await screen.findAllByRole('option');
    expect(screen.getByRole('status')).toHaveTextContent('The first 50 of 241 choices');
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(active()).toHaveTextContent('Dock 001 — North DC');
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('Dock 001 — South DC');
    await user.keyboard('{End}');
    expect(active()).toHaveTextContent('Dock 025 — South DC');
    await user.keyboard('{Home}');
    expect(active()).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(input).toHaveValue('Dock 001 — South DC');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    // clearing goes back to "All"
    await user.click(screen.getByRole('button', { name: 'Clear Dock 001 — South DC' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveValue('');
  });

  it('Escape closes the list and gives back the chosen text; Tab leaves without choosing', async () => {
    const user = userEvent.setup();
    const { onChange, input } = setup();
    await user.type(input, 'Dock 002');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('');
    await user.type(input, 'Dock 003');
    await screen.findAllByRole('option');
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveValue('');
  });

  it('says "no match", and a failed load with a way to try again', async () => {
    const user = userEvent.setup();
    const { api, input } = setup();
    await user.type(input, 'Gate 9');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('No match for “Gate 9”'),
    );
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    vi.mocked(api.list).mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')));
    await user.clear(input);
    await user.type(input, 'Dock');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('The choices could not be loaded.'),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('option')).toHaveLength(50);
  });

  it('names a record given only by its id (a shared address) with its site', async () => {
    const { api } = createFakeApi({ zone: areas });
    renderWithLegacy(
      <>
        <label htmlFor="z">Area</label>
        <ReferenceCombobox id="z" resource="zone" value={4} onChange={vi.fn()} />
      </>,
      { api, permissions: ['zone:r'] },
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Area' })).toHaveValue('Dock 002 — South DC'),
    );
    expect(api.get).toHaveBeenCalledWith('zone', 4);
  });

  it.each([
    [{ id: 1, name: 'North DC', path: 'Acme › North DC' }, 'Acme'],
    [{ id: 1, name: 'Dock 1', site: 'North DC' }, 'North DC'],
    [{ id: 1, name: 'North DC', parent: { id: 2, name: 'Acme', path: 'Acme' } }, 'Acme'],
    [{ id: 1, name: 'Dock 1', group: { id: 3, name: 'North DC' } }, 'North DC'],
    [{ id: 1, name: 'Acme', path: 'Acme' }, ''],
    [{ id: 1, name: 'Dock 1' }, ''],
  ])('the context of %j is %j', (row, context) => {
    expect(referenceContext(row)).toBe(context);
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError, NetworkError } from '../api-client.ts';
import { RESOURCES } from '../resources.ts';
import { createFakeApi, zones } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { renderAt } from '../../test/route-harness.tsx';
import { chooseReference } from '../../test/choose-reference.ts';
import { SEARCH_PAUSE_MS } from './latest-request.ts';
import { ResourceListPage } from './resource-list-page.tsx';

const zone = RESOURCES.zone!;
const zoneTypes = [
  { id: 1, groupId: 2, name: 'Dock' },
  { id: 2, groupId: 2, name: 'Yard' },
];

function things() {
  return [
    {
      id: 1,
      groupId: 2,
      name: 'Forklift 1',
      serial: 'S1',
      thingTypeId: 1,
      thingType: { id: 1, name: 'Forklift' },
      zoneId: null,
      zone: null,
      status: 'active',
    },
    {
      id: 2,
      groupId: 2,
      name: 'Pallet 2',
      serial: 'S2',
      thingTypeId: 2,
      thingType: { id: 2, name: 'Pallet' },
      zoneId: null,
      zone: null,
      status: 'maintenance',
    },
    {
      id: 3,
      groupId: 2,
      name: 'Pallet 3',
      serial: 'S3',
      thingTypeId: 2,
      thingType: { id: 2, name: 'Pallet' },
      zoneId: null,
      zone: null,
      status: 'retired',
    },
  ];
}

describe('ResourceListPage', { timeout: 30_000 }, () => {
  it('shows a table with column headers, the total, the first page sorted by name, and names as real links', async () => {
    const { api } = createFakeApi({ zone: zones(30), zoneType: zoneTypes });
    renderAt('/model/zone', { api, permissions: ['zone:r'] });
    expect(await screen.findByText('30 total')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['ID', 'Name ▲', 'Code', 'Zone type', 'Zone group', 'Site']);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(25);
    const link = within(rows[0]!).getByRole('link', { name: 'Zone 01' });
    expect(link).toHaveAttribute('href', 'http://console.test/#/app/model/zone/1');
    expect(within(rows[0]!).getByText('Dock')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('keeps sort and page in the address; the address restores them', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: zones(30) });
    const harness = renderAt('/model/zone', { api, permissions: ['zone:r'] });
    await screen.findByText('30 total');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    );
    expect(harness.navigate).toHaveBeenLastCalledWith('/model/zone?sort=name%3Adesc', {
      replace: true,
    });
    expect(await screen.findByRole('link', { name: 'Zone 30' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Zone 05' })).toBeInTheDocument();
    expect(harness.location()).toBe('/model/zone?sort=name%3Adesc&page=2');
    // a reload (a new mount at the same address) shows the same page
    harness.unmount();
    renderAt(harness.location(), { api, permissions: ['zone:r'] });
    expect(await screen.findByRole('link', { name: 'Zone 05' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('sorts by a select where the cards have no column headers (a phone), each column both ways', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: zones(30) });
    const harness = renderAt('/model/zone', { api, permissions: ['zone:r'] });
    await screen.findByText('30 total');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('name:asc');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(
      ['ID', 'Name', 'Code', 'Zone type', 'Zone group', 'Site'].flatMap((field) => [
        `${field}, ascending`,
        `${field}, descending`,
      ]),
    );
    await user.selectOptions(sort, 'Code, descending');
    expect(harness.navigate).toHaveBeenLastCalledWith('/model/zone?sort=code%3Adesc', {
      replace: true,
    });
    expect(await screen.findByRole('link', { name: 'Zone 30' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Code/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('filters through the search box into the address and shows the filtered total', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: zones(30) });
    const harness = renderAt('/model/zone', { api, permissions: ['zone:r'] });
    await screen.findByText('30 total');
    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), 'Zone 1');
    expect(await screen.findByText('10 total', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(api.list).toHaveBeenLastCalledWith(
      'zone',
      expect.objectContaining({ filter: 'Zone 1' }),
    );
    expect(harness.location()).toBe('/model/zone?q=Zone+1');
  });

  it('a keystroke after a quiet moment asks at once; a fast burst asks for its first keystroke and once after its last', async () => {
    const { api } = createFakeApi({ zone: zones(30) });
    const harness = renderAt('/model/zone', { api, permissions: ['zone:r'] });
    await screen.findByText('30 total');
    // from here the test moves the clock (timers and performance.now()) by hand, and types by
    // input events (user-event waits on a timer of its own between actions)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const filters = () =>
      vi.mocked(api.list).mock.calls.flatMap(([, query]) => (query.filter ? [query.filter] : []));
    const search = screen.getByRole('searchbox', { name: 'Filter' });
    const keystroke = (value: string) => fireEvent.change(search, { target: { value } });
    // one keystroke (a paste is one too): asked before any time passes
    keystroke('Z');
    await act(async () => {});
    expect(filters()).toEqual(['Z']);
    expect(harness.location()).toBe('/model/zone?q=Z');
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    // a burst, 10 ms a keystroke: its first keystroke asks at once, the rest wait for its pause
    for (const value of ['Zo', 'Zon', 'Zone', 'Zone ', 'Zone 1']) {
      keystroke(value);
      await act(async () => {
        vi.advanceTimersByTime(10);
      });
    }
    await act(async () => {});
    expect(filters()).toEqual(['Z', 'Zo']);
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_PAUSE_MS - 11);
    });
    await act(async () => {});
    expect(filters()).toEqual(['Z', 'Zo']);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await act(async () => {});
    expect(filters()).toEqual(['Z', 'Zo', 'Zone 1']);
    expect(harness.location()).toBe('/model/zone?q=Zone+1');
    vi.useRealTimers();
    expect(await screen.findByText('10 total')).toBeInTheDocument();
  });

  it("never shows an older query's rows after a newer one's, and aborts the older request", async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: zones(30) });
    const answer = vi.mocked(api.list).getMockImplementation()!;
    // the server is slow for "Zone 1" and answers it anyway, after the newer query's answer
    let answerOld: () => void = () => {};
    const signals = new Map<string, AbortSignal | undefined>();
    vi.mocked(api.list).mockImplementation((resource, query) => {
      signals.set(query.filter ?? '', query.signal);
      const rows = answer(resource, query);
      if (query.filter !== 'Zone 1') return rows;
      return new Promise((resolve) => (answerOld = () => resolve(rows)));
    });
    renderAt('/model/zone', { api, permissions: ['zone:r'] });
    await screen.findByText('30 total');
    const search = screen.getByRole('searchbox', { name: 'Filter' });
    await user.type(search, 'Zone 1');
    await waitFor(() => expect(signals.has('Zone 1')).toBe(true));
    await user.type(search, '2');
    expect(await screen.findByText('1 total')).toBeInTheDocument();
    expect(signals.get('Zone 1')?.aborted).toBe(true);
    expect(signals.get('Zone 12')?.aborted).toBe(false);
    await act(async () => answerOld());
    expect(screen.getByText('1 total')).toBeInTheDocument();
    expect(screen.queryByText('10 total')).not.toBeInTheDocument();
  });

  it('filters per column (enumeration and reference), shows status badges, and offers Clear filters on an empty result', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({
      thing: things(),
      thingType: [
        { id: 1, name: 'Forklift' },
        { id: 2, name: 'Pallet' },
      ],
    });
    const harness = renderAt('/things/thing', { api, permissions: ['thing:r', 'thingtype:r'] });
    await screen.findByText('3 total');
    expect(within(screen.getByRole('table')).getByText('In maintenance')).toHaveClass('badge');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'In maintenance');
    expect(await screen.findByText('1 total')).toBeInTheDocument();
    expect(harness.location()).toBe('/things/thing?status=maintenance');
    await chooseReference(
      user,
      screen.getByRole('combobox', { name: 'Thing type' }),
      'fork',
      'Forklift',
    );
    expect(await screen.findByText('0 total')).toBeInTheDocument();
    expect(api.list).toHaveBeenLastCalledWith(
      'thing',
      expect.objectContaining({ filters: { status: 'maintenance', thingTypeId: '1' } }),
    );
    expect(screen.getByText(/Nothing matches the search and filters/)).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear[clear.length - 1]!);
    expect(await screen.findByText('3 total')).toBeInTheDocument();
    expect(harness.location()).toBe('/things/thing');
  });

  it('shows the New link only with the insert permission', async () => {
    const { api } = createFakeApi({ zone: zones(2) });
    const admin = renderAt('/model/zone', { api, permissions: ['zone:*'] });
    await screen.findByText('2 total');
    expect(screen.getByRole('link', { name: 'New' })).toHaveAttribute(
      'href',
      'http://console.test/#/app/model/zone/new',
    );
    admin.unmount();
    renderAt('/model/zone', { api, permissions: ['zone:r'] });
    await screen.findByText('2 total');
    expect(screen.queryByRole('link', { name: 'New' })).not.toBeInTheDocument();
  });

  it('uses the tenant vocabulary and the shell language for labels', async () => {
    const { api } = createFakeApi({ zone: zones(2) });
    renderWithLegacy(<ResourceListPage resource={zone} />, {
      api,
      permissions: ['zone:r'],
      language: 'es',
      groupFields: {
        vizixVocabularyLabelZones: '{"en":"Areas","es":"Áreas"}',
        vizixVocabularyLabelZoneType: '{"en":"Area type","es":"Tipo de área"}',
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Áreas' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filtrar' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Tipo de área' })).toBeInTheDocument();
    expect(await screen.findByText('2 en total')).toBeInTheDocument();
  });

  it('says so, and does not call the API, without the read permission', () => {
    const { api } = createFakeApi({ zone: zones(2) });
    renderWithLegacy(<ResourceListPage resource={zone} />, { api, permissions: ['thing:r'] });
    expect(screen.getByRole('alert')).toHaveTextContent("You don't have permission");
    expect(api.list).not.toHaveBeenCalled();
  });

  it('a dead API shows a translated message with Retry, which loads the list once it answers', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: zones(2) });
    vi.mocked(api.list).mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')));
    renderAt('/model/zone', { api, permissions: ['zone:r'], language: 'fr' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("La liste n'a pas pu être chargée.");
    expect(alert).toHaveTextContent('Le serveur est injoignable.');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('2 au total')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a 500 says the server had a problem, not "Internal Server Error"', async () => {
    const { api } = createFakeApi({ zone: zones(2) });
    vi.mocked(api.list).mockRejectedValueOnce(new ApiError(500, 'Internal Server Error'));
    renderAt('/model/zone', { api, permissions: ['zone:r'] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server ran into a problem.');
    expect(alert).not.toHaveTextContent('Internal Server Error');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('marks the table busy with skeleton rows while loading', async () => {
    const { api } = createFakeApi({ zone: zones(2) });
    let release: () => void = () => undefined;
    vi.mocked(api.list).mockImplementationOnce(
      () => new Promise((resolve) => (release = () => resolve({ total: 0, results: [] }))),
    );
    renderAt('/model/zone', { api, permissions: ['zone:r'] });
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading the list…')).toBeInTheDocument();
    await act(async () => release());
    await waitFor(() => expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy'));
  });

  it('a record clicked while the filter is still being typed opens and stays open (the pending filter write goes with it)', async () => {
    // a clock the test moves past the filter's pause (it also runs on with real time)
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { api } = createFakeApi({ zone: zones(30) });
    const harness = renderAt('/model/zone', { api, permissions: ['zone:r'] });
    await screen.findByText('30 total');
    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), 'Zone 0');
    // clicked before the filter's pause has written it to the address
    await user.click(screen.getByRole('link', { name: 'Zone 03' }));
    expect(harness.navigate).toHaveBeenLastCalledWith('/model/zone/3?q=Zone+0');
    const dialog = await screen.findByRole('dialog', { name: 'Zone details' });
    // well past the pause: no late write navigates back to the list
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(dialog).toBeInTheDocument();
    expect(harness.location()).toBe('/model/zone/3?q=Zone+0');
    await user.keyboard('{Escape}');
    expect(harness.location()).toBe('/model/zone?q=Zone+0');
  });

  it('opens a record at its address, over the list; closing goes back to the list with its state', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: zones(30) });
    const harness = renderAt('/model/zone?page=2', { api, permissions: ['zone:r'] });
    await user.click(await screen.findByRole('link', { name: 'Zone 26' }));
    expect(harness.navigate).toHaveBeenLastCalledWith('/model/zone/26?page=2');
    const dialog = await screen.findByRole('dialog', { name: 'Zone details' });
    expect(await within(dialog).findByText('Zone 26')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(harness.location()).toBe('/model/zone?page=2');
    // the address alone opens it (a reload, a shared link, a new tab)
    harness.unmount();
    renderAt('/model/zone/3', { api, permissions: ['zone:r'] });
    expect(
      await within(await screen.findByRole('dialog', { name: 'Zone details' })).findByText(
        'Zone 03',
      ),
    ).toBeInTheDocument();
  });

  it('creates at /new in a modal dialog (telling the shell), then reloads the list and toasts what was saved', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({
      zone: zones(2),
      zoneType: [{ id: 1, groupId: 2, name: 'Dock' }],
    });
    const harness = renderAt('/model/zone', { api, permissions: ['zone:*', 'zonetype:r'] });
    await screen.findByText('2 total');
    await user.click(screen.getByRole('link', { name: 'New' }));
    expect(harness.location()).toBe('/model/zone/new');
    const dialog = await screen.findByRole('dialog', { name: 'New zone' });
    expect(harness.context.setModalOpen).toHaveBeenLastCalledWith(true);
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Gate 9');
    await chooseReference(
      user,
      within(dialog).getByRole('combobox', { name: /Zone type/ }),
      'Do',
      'Dock',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('3 total')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(harness.context.setModalOpen).toHaveBeenLastCalledWith(false);
    expect(harness.context.done).toHaveBeenCalledWith('zone.create', true, 'Zone Gate 9 created.');
    expect(screen.getByRole('link', { name: 'Gate 9' })).toBeInTheDocument();
  });

  it('bulk deletes after a confirmation naming them, groups what failed, and undoes', async () => {
    const user = userEvent.setup();
    const rows = zones(4);
    rows[1]!.usedBy = { resource: 'thing', count: 3 };
    const { api, tables } = createFakeApi({ zone: rows });
    const harness = renderAt('/model/zone', { api, permissions: ['zone:*'] });
    await screen.findByText('4 total');
    await user.click(screen.getByRole('checkbox', { name: 'Select Zone 01' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Zone 02' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete 2 records' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Zone 01 and Zone 02?' });
    expect(confirm).toHaveTextContent('you can undo it for 10 seconds');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Delete 2 records' }));
    expect(await screen.findByText('3 total')).toBeInTheDocument();
    expect(api.bulk).toHaveBeenCalledWith('zone', { action: 'delete', ids: [1, 2] });
    expect(tables.zone?.map((row) => row.id)).toEqual([2, 3, 4]);
    expect(screen.getByRole('alert')).toHaveTextContent('1 still used by 3 things: Zone 02');
    // the undo toast holds the focus: Enter brings the record back
    const undo = screen.getByRole('button', { name: /Undo/ });
    expect(screen.getByRole('status', { name: '' })).toBeDefined();
    expect(undo).toHaveFocus();
    expect(undo.closest('.undo-toast')).toHaveTextContent('1 deleted');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('4 total')).toBeInTheDocument();
    expect(api.bulk).toHaveBeenLastCalledWith('zone', { action: 'restore', ids: [1] });
    expect(harness.context.done).toHaveBeenCalledWith('zone.restore', true, '1 restored');
    expect(screen.queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();
  });

  it('selects every record matching the filter, beyond the page, and changes a field on all of them', async () => {
    const user = userEvent.setup();
    const { api, tables } = createFakeApi({
      zone: zones(30),
      zoneGroup: [
        { id: 7, groupId: 2, name: 'Outdoor', group: { id: 2, name: 'North DC' } },
        { id: 8, groupId: 3, name: 'Outdoor', group: { id: 3, name: 'South DC' } },
      ],
    });
    renderAt('/model/zone?q=Zone&size=10', { api, permissions: ['zone:*', 'zonegroup:r'] });
    await screen.findByText('30 total');
    await user.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByText('10 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select all 30 matching records' }));
    expect(screen.getByText('All 30 matching records are selected.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change a field…' }));
    const dialog = screen.getByRole('dialog', { name: 'Change 30 records' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Field' }), 'Zone group');
    // look-alike names are told apart by their site
    await chooseReference(
      user,
      within(dialog).getByRole('combobox', { name: 'New value' }),
      'Out',
      /^Outdoor.*South DC$/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply the change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bulk).toHaveBeenCalledWith('zone', {
      action: 'update',
      match: { order: 'name:asc', filter: 'Zone', filters: {} },
      values: { zoneGroupId: 8 },
    });
    expect(tables.zone?.every((row) => row.zoneGroupId === 8)).toBe(true);
  });

  it('offers no selection without the delete permission, and exports the current filter as CSV', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: zones(3) });
    const created = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicks = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const harness = renderAt('/model/zone?q=Zone&sort=code:desc', { api, permissions: ['zone:r'] });
    await screen.findByText('3 total');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(harness.context.done).toHaveBeenCalledWith(
        'zone.export',
        true,
        'The CSV file is downloading.',
      ),
    );
    expect(api.exportCsv).toHaveBeenCalledWith('zone', {
      order: 'code:desc',
      filter: 'Zone',
      filters: {},
      // the columns the list shows, in its order
      columns: ['id', 'name', 'code', 'zoneTypeId', 'zoneGroupId', 'groupId'],
    });
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.length).toBe(6);
    expect(created).toHaveBeenCalled();
    expect(clicks).toHaveBeenCalled();
    clicks.mockRestore();
  });
});

describe('a list the user may not read', () => {
  it("says so with the tenant's word for it, in the user's language", async () => {
    const groupFields = { vizixVocabularyLabelThings: '{"en":"Assets","fr":"Actifs"}' };
    const { api } = createFakeApi({ thing: things() });
    const english = renderAt('/things/thing', { api, permissions: [], groupFields });
    expect(
      await screen.findByText(
        "You don't have permission to see Assets. Ask an administrator for access.",
      ),
    ).toBeInTheDocument();
    english.unmount();
    renderAt('/things/thing', { api, permissions: [], groupFields, language: 'fr' });
    expect(
      await screen.findByText(
        "Vous n'avez pas l'autorisation de voir Actifs. Demandez l'accès à un administrateur.",
      ),
    ).toBeInTheDocument();
  });

  it('the map maker names the areas it cannot show', async () => {
    const { api } = createFakeApi({});
    renderAt('/model/mapmaker', {
      api,
      permissions: ['mapmaker:x'],
      groupFields: { vizixVocabularyLabelZones: '{"en":"Areas"}' },
    });
    expect(
      await screen.findByText(
        "You don't have permission to see Areas. Ask an administrator for access.",
      ),
    ).toBeInTheDocument();
  });
});

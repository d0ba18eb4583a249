// The report builder (what a report lists, its columns in order, filters with inputs fitting each
// field, order, group-by; checked before it saves) and the report run (rows labelled as the lists
// label them, totals, group counts, paging, the CSV, empty and failed runs).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client.ts';
import type { ApiRow, ReportRun } from '../api-client.ts';
import { chooseReference } from '../../test/choose-reference.ts';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { ReportBuilderPage } from './report-builder-page.tsx';
import { ReportExecutionPage } from './report-execution-page.tsx';
import { ResourceListPage } from './resource-list-page.tsx';
import { RESOURCES } from '../resources.ts';
import { bodyOf, draftOf, draftProblems, newDraft, runCellText } from './report-state.ts';

const WRITE = ['report_definition:r', 'report_definition:i', 'report_definition:u', 'zone:r'];

describe('report state', () => {
  it('reads a stored definition and writes the same body back', () => {
    const row = {
      id: 5,
      name: 'Active',
      description: '',
      folderId: 2,
      resource: 'thing',
      reportProperty: [{ propertyName: 'name' }, { propertyName: 'status' }],
      reportFilter: [{ propertyName: 'status', operator: '=', value: 'active' }],
      reportGroupBy: [{ propertyName: 'status' }],
      sortBy: { propertyName: 'name', direction: 'desc' },
    } as ApiRow;
    const draft = draftOf(row);
    expect(bodyOf(draft)).toEqual({ ...row, id: undefined, folderId: 2 });
    expect(draftProblems(draft)).toEqual([]);
  });

  it('starts a stored definition without columns from its list’s columns', () => {
    expect(draftOf({ id: 1, name: 'x', resource: 'zone', reportProperty: [] }).columns).toEqual([
      'name',
      'code',
      'zoneTypeId',
      'zoneGroupId',
    ]);
  });

  it('names what is wrong: the name, the columns, core’s problems', () => {
    const draft = { ...newDraft(), columns: [] };
    draft.filters = [{ propertyName: 'status', operator: '=', value: 'gone' }];
    expect(draftProblems(draft).map((p) => `${p.path} ${p.code}`)).toEqual([
      'name valueRequired',
      'reportProperty valueRequired',
      'reportFilter.0.value notInEnumeration',
    ]);
  });

  it.each([
    [
      { propertyName: 'zoneId', kind: 'reference' },
      { zoneId: 3, zone: { id: 3, name: 'Dock' } },
      'Dock',
    ],
    [
      { propertyName: 'userId', kind: 'reference' },
      { userId: 3, user: { id: 3, username: 'ada' } },
      'ada',
    ],
    [{ propertyName: 'zoneId', kind: 'reference' }, { zoneId: null, zone: null }, ''],
    [{ propertyName: 'status', kind: 'enumeration' }, { status: null }, ''],
    [{ propertyName: 'treeLevel', kind: 'number' }, { treeLevel: 2 }, '2'],
    [
      { propertyName: 'modifiedTime', kind: 'time' },
      { modifiedTime: Date.UTC(2026, 0, 2, 3, 4) },
      '2026-01-02 03:04',
    ],
  ] as const)('a %j cell of %j reads %j', (column, row, text) => {
    const key = column.propertyName.endsWith('Id') ? column.propertyName.slice(0, -2) : undefined;
    expect(
      runCellText(
        { id: 1, ...row },
        column,
        { timeZone: 'UTC', dateFormat: 'YYYY-MM-DD', calendarFormat: '24h' },
        key,
      ),
    ).toBe(text);
  });
});

describe('the report builder', { timeout: 30_000 }, () => {
  it('builds a report — columns in order, a filter per kind, group-by — saves and runs it', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({
      zone: [
        { id: 3, name: 'Dock 1' },
        { id: 4, name: 'Yard' },
      ],
    });
    const navigate = vi.fn();
    renderWithLegacy(<ReportBuilderPage id="new" />, { api, permissions: WRITE, navigate });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Active things by status');
    // the thing list's columns to start with; take out Serial, put Status first
    await user.click(screen.getByRole('button', { name: 'Remove the column Serial' }));
    await user.click(screen.getByRole('button', { name: 'Move Status up' }));
    await user.click(screen.getByRole('button', { name: 'Move Status up' }));
    await user.click(screen.getByRole('button', { name: 'Move Status up' }));
    const columns = within(screen.getByRole('group', { name: 'Columns' })).getAllByRole('listitem');
    expect(columns[0]).toHaveTextContent('Status');

    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field of filter 1' }), 'Status');
    const operator = screen.getByRole('combobox', { name: 'Operator of filter 1' });
    expect(
      within(operator)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['equals', 'does not equal', 'is empty', 'is not empty']);
    await user.selectOptions(operator, 'does not equal');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Value of filter 1' }),
      'Retired',
    );

    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field of filter 2' }), 'Zone');
    await chooseReference(
      user,
      screen.getByRole('combobox', { name: 'Value of filter 2' }),
      'Dock',
      'Dock 1',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'Status');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Direction' }), 'Descending');
    await user.click(screen.getByRole('button', { name: 'Save and run' }));

    await waitFor(() => expect(api.create).toHaveBeenCalled());
    expect(vi.mocked(api.create).mock.calls[0]).toEqual([
      'reportDefinition',
      {
        name: 'Active things by status',
        description: '',
        folderId: null,
        resource: 'thing',
        reportProperty: ['status', 'name', 'thingTypeId', 'zoneId', 'modifiedTime'].map(
          (propertyName) => ({ propertyName }),
        ),
        reportFilter: [
          { propertyName: 'status', operator: '!=', value: 'retired' },
          { propertyName: 'zoneId', operator: '=', value: '3' },
        ],
        reportGroupBy: [{ propertyName: 'status' }],
        sortBy: { propertyName: 'name', direction: 'desc' },
      },
    ]);
    const created = (await vi.mocked(api.create).mock.results[0]!.value) as ApiRow;
    expect(navigate).toHaveBeenCalledWith(`/analytics/report/execution/${created.id}`);
  });

  it('names each problem and saves nothing until they are fixed', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({});
    renderWithLegacy(<ReportBuilderPage id="new" />, { api, permissions: WRITE });
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Name: A value is required.');
    expect(alert).toHaveTextContent('Filter 1: A value is required.');
    expect(screen.getByRole('textbox', { name: 'Value of filter 1' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.create).not.toHaveBeenCalled();
  });

  it('offers the operators and a date input for a time field, and none for is empty', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({});
    renderWithLegacy(<ReportBuilderPage id="new" />, { api, permissions: WRITE });
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Field of filter 1' }),
      'Modified',
    );
    expect(screen.getByLabelText('Value of filter 1')).toHaveAttribute('type', 'date');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Operator of filter 1' }),
      'is empty',
    );
    expect(screen.queryByLabelText('Value of filter 1')).toBeNull();
  });

  it('edits a stored report in the tenant’s words, and changing what it lists starts over', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({
      reportDefinition: [
        {
          id: 8,
          name: 'Zones',
          resource: 'zone',
          reportProperty: [{ propertyName: 'name' }, { propertyName: 'zoneTypeId' }],
          reportFilter: [],
          reportGroupBy: [],
          sortBy: null,
        },
      ],
    });
    renderWithLegacy(<ReportBuilderPage id={8} />, {
      api,
      permissions: WRITE,
      groupFields: { vizixVocabularyLabelZoneType: { en: 'Area type' } },
    });
    const columns = await screen.findByRole('group', { name: 'Columns' });
    expect(
      within(columns)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Name', 'Area type']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reports on' }), 'Things');
    expect(within(columns).getAllByRole('listitem')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(vi.mocked(api.update).mock.calls[0]?.[2]).toMatchObject({ resource: 'thing' });
  });

  it('shows the services’ refusal when saving fails', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({});
    vi.mocked(api.create).mockRejectedValueOnce(
      new ApiError(403, 'Permission report_definition:i required'),
    );
    renderWithLegacy(<ReportBuilderPage id="new" />, { api, permissions: WRITE });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'R');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

const RUN: ReportRun = {
  reportDefinition: { id: 4, name: 'Active things', resource: 'thing' },
  columns: [
    { propertyName: 'name', kind: 'text' },
    { propertyName: 'status', kind: 'enumeration', values: ['active', 'lost'] },
    { propertyName: 'zoneId', kind: 'reference', reference: 'zone' },
  ],
  groupBy: null,
  total: 60,
  totals: { rows: 60 },
  results: [
    { id: 1, name: 'Pallet 1', status: 'active', zoneId: 3, zone: { id: 3, name: 'Dock 1' } },
    { id: 2, name: 'Pallet 2', status: 'maintenance', zoneId: null, zone: null },
  ],
};

describe('the report run', () => {
  it('shows the rows as the lists show them, the totals, pages and the CSV', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({});
    vi.mocked(api.runReport).mockResolvedValue(RUN);
    const created = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const navigate = vi.fn();
    renderWithLegacy(<ReportExecutionPage reportId={4} />, {
      api,
      permissions: ['report_definition:r', 'thing:r'],
      navigate,
      groupFields: { vizixVocabularyLabelZone: { en: 'Area' } },
    });
    expect(await screen.findByRole('heading', { name: 'Active things' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Status', 'Area']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Pallet 1ActiveDock 1');
    expect(second).toHaveTextContent('Pallet 2In maintenance');
    expect(screen.getByRole('status')).toHaveTextContent('60 rows');
    expect(api.runReport).toHaveBeenLastCalledWith(4, { pageNumber: 1, pageSize: 25 });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(api.runReport).toHaveBeenLastCalledWith(4, { pageNumber: 2, pageSize: 25 }),
    );
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(api.reportCsv).toHaveBeenCalledWith(4));
    expect(created).toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Edit report' }));
    expect(navigate).toHaveBeenCalledWith('/analytics/report/edit/4');
  });

  it('shows a grouped run’s counts and totals', async () => {
    const { api } = createFakeApi({});
    vi.mocked(api.runReport).mockResolvedValue({
      ...RUN,
      columns: [RUN.columns[1]!, { propertyName: 'count', kind: 'count' }],
      groupBy: 'status',
      total: 2,
      totals: { rows: 1234, groups: 2 },
      results: [
        { id: 0, status: 'active', count: 1200 },
        { id: 0, status: 'lost', count: 34 },
      ],
    });
    renderWithLegacy(<ReportExecutionPage reportId={4} />, {
      api,
      permissions: ['report_definition:r'],
    });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Status', 'Count']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Active1,200');
    expect(screen.getByRole('status')).toHaveTextContent('1,234 rows, 2 different values');
  });

  it('says when no row matches', async () => {
    const { api } = createFakeApi({});
    vi.mocked(api.runReport).mockResolvedValue({
      ...RUN,
      total: 0,
      totals: { rows: 0 },
      results: [],
    });
    renderWithLegacy(<ReportExecutionPage reportId={4} />, {
      api,
      permissions: ['report_definition:r'],
    });
    expect(await screen.findByText('No rows match this report.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says why a run failed, with a retry', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({});
    vi.mocked(api.runReport)
      .mockRejectedValueOnce(new ApiError(403, 'Permission user:r required'))
      .mockResolvedValueOnce(RUN);
    renderWithLegacy(<ReportExecutionPage reportId={4} />, {
      api,
      permissions: ['report_definition:r'],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The report could not run.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Active things' })).toBeInTheDocument();
  });
});

describe('the report list', () => {
  it('runs a report from its row; its name opens the builder', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({
      reportDefinition: [{ id: 4, name: 'Active things', reportType: 'table' }],
    });
    const navigate = vi.fn();
    renderWithLegacy(
      <ResourceListPage resource={RESOURCES.reportDefinition!} open={null} query="" />,
      {
        api,
        permissions: ['report_definition:r', 'report_definition:u'],
        navigate,
      },
    );
    const run = await screen.findByRole('link', { name: 'Run Active things' });
    expect(run).toHaveAttribute('href', 'http://console.test/#/app/analytics/report/execution/4');
    await user.click(run);
    expect(navigate).toHaveBeenCalledWith('/analytics/report/execution/4');
    expect(screen.getByRole('link', { name: 'Active things' })).toHaveAttribute(
      'href',
      'http://console.test/#/app/analytics/report/edit/4',
    );
  });
});

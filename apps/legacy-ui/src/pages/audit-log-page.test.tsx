import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient, ListQuery } from '../api-client.ts';
import { renderAt } from '../../test/route-harness.tsx';
import { readAuditState, writeAuditState } from './audit-log-page.tsx';

function entry(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    at: new Date(Date.UTC(2026, 10, 20, 12, id)).toISOString(),
    time: Date.UTC(2026, 10, 20, 12, id),
    tenantId: 2,
    user: { id: 2, username: 'admin' },
    address: '192.0.2.7',
    requestId: `req-${id}`,
    action: 'update',
    resource: 'zone',
    recordId: 5,
    recordName: 'Dock 1',
    changes: [{ field: 'description', before: 'old', after: `new ${id}` }],
    ...overrides,
  };
}

/** An API whose audit trail has `total` entries; every list call is recorded. */
function auditApi(total: number, rows: (id: number) => ReturnType<typeof entry> = entry) {
  const calls: ListQuery[] = [];
  const list = vi.fn(async (resource: string, query: ListQuery) => {
    expect(resource).toBe('auditEntry');
    calls.push(query);
    const start = (query.pageNumber - 1) * query.pageSize;
    const ids = Array.from(
      { length: Math.max(0, Math.min(query.pageSize, total - start)) },
      (_, i) => total - start - i,
    );
    return { total, results: ids.map((id) => rows(id)) };
  });
  const api = { list, exportCsv: vi.fn(async () => new Blob(['id\r\n'])) } as unknown as ApiClient;
  return { api, calls };
}

describe('the audit log page', { timeout: 30_000 }, () => {
  it('shows who changed what, when and from where, with the record linked', async () => {
    const { api } = auditApi(3);
    renderAt('/services/logs', { api, permissions: ['auditlog:r', 'zone:r'] });
    const table = await screen.findByRole('table', { name: 'Log entries' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('admin')).toBeInTheDocument();
    expect(within(row).getByText('Changed')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Dock 1' })).toHaveAttribute(
      'href',
      'http://console.test/#/app/model/zone/5',
    );
    expect(row.textContent).toContain('description: old → new 3');
    expect(row.textContent).toContain('192.0.2.7');
    expect(row.textContent).toContain('req-3');
    expect(screen.getByText('3 total')).toBeInTheDocument();
  });

  it('sends the filters to the server and keeps them, and the page, in the address', async () => {
    const user = userEvent.setup();
    const { api, calls } = auditApi(120);
    const harness = renderAt('/services/logs', { api, permissions: ['auditlog:r'] });
    await screen.findByText('120 total');
    await user.type(screen.getByRole('textbox', { name: 'User' }), 'operator');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Deleted');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(harness.location()).toBe('/services/logs?user=operator&action=delete&from=2026-11-01'),
    );
    await waitFor(() =>
      expect(calls.at(-1)?.filters).toMatchObject({ user: 'operator', action: 'delete' }),
    );
    expect(Number(calls.at(-1)?.filters?.from)).toBe(new Date('2026-11-01T00:00:00').getTime());
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(harness.location()).toContain('page=3'));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ pageNumber: 3, pageSize: 50 }));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ pageNumber: 1 }));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(harness.location()).toBe('/services/logs'));
  });

  it('names records outside the catalog by their type, and filters by it', async () => {
    const user = userEvent.setup();
    const kinds = [
      ['site', 'Site: Dock site'],
      ['localMap', 'Local map: Dock site'],
      ['thingTypeField', 'Field (Thing type): Dock site'],
      ['apiKey', 'API key: Dock site'],
      ['configVersion', 'Configuration version: Dock site'],
      ['dataRetentionPolicy', 'Data retention policy: Dock site'],
      ['license', 'License: Dock site'],
      ['somethingNew', 'Other: Dock site'],
    ] as const;
    const { api, calls } = auditApi(kinds.length, (id) =>
      entry(id, { resource: kinds[id - 1]![0], recordName: 'Dock site' }),
    );
    renderAt('/services/logs', { api, permissions: ['auditlog:r'] });
    const table = await screen.findByRole('table', { name: 'Log entries' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(kinds.length + 1));
    const shown = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent ?? '');
    for (const [, text] of kinds) expect(shown.some((row) => row.includes(text))).toBe(true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'License');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(calls.at(-1)?.filters).toMatchObject({ resource: 'license' }));
  });

  it('says so, without asking the server, to someone without the audit permission', async () => {
    const { api, calls } = auditApi(3);
    renderAt('/services/logs', { api, permissions: ['services:x'] });
    expect(await screen.findByRole('alert')).toHaveTextContent("You don't have permission");
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['user=a&action=login.failed&page=2&size=100', 'user=a&action=login.failed&page=2&size=100'],
    ['action=drop&size=7&page=-1&from=yesterday&record=0', ''],
    ['record=42&to=2026-12-31', 'to=2026-12-31&record=42'],
  ])('the address %s reads back as %s', (query, written) => {
    expect(writeAuditState(readAuditState(new URLSearchParams(query)))).toBe(written);
  });
});

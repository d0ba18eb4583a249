// An in-memory ApiClient with the services' list semantics, for component tests.
import { vi } from 'vitest';
import { ApiError } from '../src/api-client.ts';
import type { ApiClient, ApiRow, BulkResult } from '../src/api-client.ts';

export function createFakeApi(initial: Record<string, ApiRow[]>) {
  const tables: Record<string, ApiRow[]> = Object.fromEntries(
    Object.entries(initial).map(([k, rows]) => [k, [...rows]]),
  );
  let nextId = 1000;
  const deleted: Record<string, ApiRow[]> = {};
  const table = (resource: string) => (tables[resource] ??= []);
  const api: ApiClient = {
    groupSettings: vi.fn(async () => {
      throw new ApiError(404, 'not found');
    }),
    setGroupSetting: vi.fn(async () => undefined),
    runReport: vi.fn(async () => {
      throw new ApiError(404, 'not found');
    }),
    reportCsv: vi.fn(async () => new Blob(['id\r\n'])),
    status: vi.fn(async () => {
      throw new ApiError(404, 'not found');
    }),
    license: vi.fn(async () => {
      throw new ApiError(404, 'not found');
    }),
    installLicense: vi.fn(async () => {
      throw new ApiError(404, 'not found');
    }),
    issuedLicenses: vi.fn(async () => ({ total: 0, results: [] })),
    generateLicense: vi.fn(async () => {
      throw new ApiError(404, 'not found');
    }),
    list: vi.fn(async (resource, query) => {
      let rows = table(resource);
      for (const [field, value] of Object.entries(query.filters ?? {}))
        rows = rows.filter((row) => String(row[field]) === value);
      if (query.filter) {
        const needle = query.filter.toLowerCase();
        rows = rows.filter((row) =>
          Object.values(row).some((v) => typeof v === 'string' && v.toLowerCase().includes(needle)),
        );
      }
      if (query.order) {
        const [field = 'id', direction] = query.order.split(':');
        rows = [...rows].sort((a, b) => {
          const x = a[field] as string | number;
          const y = b[field] as string | number;
          const cmp = x < y ? -1 : x > y ? 1 : 0;
          return direction === 'desc' ? -cmp : cmp;
        });
      }
      const start = (query.pageNumber - 1) * query.pageSize;
      return { total: rows.length, results: rows.slice(start, start + query.pageSize) };
    }),
    get: vi.fn(async (resource, id) => {
      const row = table(resource).find((r) => r.id === id);
      if (!row) throw new ApiError(404, 'not found');
      return row;
    }),
    create: vi.fn(async (resource, body) => {
      if (resource !== 'user' && !body.name)
        throw new ApiError(400, 'Invalid input', { name: 'Name is required' });
      const row = { ...body, id: nextId++ } as ApiRow;
      table(resource).push(row);
      return row;
    }),
    update: vi.fn(async (resource, id, body) => {
      const rows = table(resource);
      const index = rows.findIndex((r) => r.id === id);
      if (index < 0) throw new ApiError(404, 'not found');
      if ('name' in body && !body.name)
        throw new ApiError(400, 'Invalid input', { name: 'Name is required' });
      const row = { ...rows[index], ...body, id } as ApiRow;
      rows[index] = row;
      return row;
    }),
    remove: vi.fn(async (resource, id) => {
      tables[resource] = table(resource).filter((r) => r.id !== id);
    }),
    exportCsv: vi.fn(
      async (resource) =>
        new Blob(
          [
            `id\n${table(resource)
              .map((row) => row.id)
              .join('\n')}\n`,
          ],
          { type: 'text/csv' },
        ),
    ),
    roleMembers: vi.fn(async (roleId: number) => {
      const results = table('user').filter(
        (row) => Array.isArray(row.roleIds) && row.roleIds.includes(roleId),
      );
      return { total: results.length, results };
    }),
    setRoleMember: vi.fn(async (roleId: number, userId: number, member: boolean) => {
      const user = table('user').find((row) => row.id === userId);
      if (!user) throw new ApiError(404, 'not found');
      const held = Array.isArray(user.roleIds) ? (user.roleIds as number[]) : [];
      user.roleIds = member ? [...new Set([...held, roleId])] : held.filter((id) => id !== roleId);
      const results = table('user').filter(
        (row) => Array.isArray(row.roleIds) && row.roleIds.includes(roleId),
      );
      return { total: results.length, results };
    }),
    // webhooks and retention: their pages' tests run against the real services
    endpointDeliveries: vi.fn(async () => ({ total: 0, results: [] })),
    testEndpoint: vi.fn(async () => ({
      outcome: 'delivered' as const,
      status: 200,
      durationMs: 1,
      responseExcerpt: '',
      error: '',
    })),
    retryDelivery: vi.fn(async () => undefined),
    retention: vi.fn(async () => ({ kinds: [], runs: [] })),
    setRetention: vi.fn(async () => ({ kinds: [], runs: [] })),
    runRetention: vi.fn(async () => ({ at: new Date(0).toISOString(), counts: {}, durationMs: 0 })),
    importJobs: vi.fn(async () => []),
    uploadImport: vi.fn(async () => {
      throw new ApiError(404, 'not found');
    }),
    importJob: vi.fn(async () => {
      throw new ApiError(404, 'not found');
    }),
    runImportJob: vi.fn(async () => {
      throw new ApiError(404, 'not found');
    }),
    cancelImportJob: vi.fn(async () => {
      throw new ApiError(404, 'not found');
    }),
    importErrors: vi.fn(async () => new Blob([''])),
    openApi: vi.fn(async () => ({ openapi: '3.1.0', paths: {} })),
    exchange: vi.fn(async () => ({ status: 200, headers: [], body: '{}' })),
    configVersions: vi.fn(async () => ({ kinds: [], results: [] })),
    takeConfigVersion: vi.fn(async () => {
      throw new Error('not in this test');
    }),
    compareConfigVersion: vi.fn(async () => ({ diff: [] })),
    configRestorePlan: vi.fn(async () => ({ deletes: false, plan: [] })),
    restoreConfigVersion: vi.fn(async () => ({ beforeRestore: 0, plan: [] })),
    exportConfigVersion: vi.fn(async () => new Blob(['{}'])),
    // the services' bulk semantics, by ids or by the list's match; a row with `usedBy` is in use
    bulk: vi.fn(async (resource, request) => {
      let ids: number[];
      if ('ids' in request) ids = request.ids;
      else {
        const page = await api.list(resource, {
          ...request.match,
          pageSize: 10_000,
          pageNumber: 1,
        });
        ids = page.results.map((row) => row.id);
      }
      const result: BulkResult = {
        action: request.action,
        total: ids.length,
        done: [],
        failed: [],
      };
      for (const id of ids) {
        const rows = request.action === 'restore' ? (deleted[resource] ??= []) : table(resource);
        const row = rows.find((candidate) => candidate.id === id);
        const name = String(row?.name ?? row?.username ?? `#${id}`);
        if (!row) {
          result.failed.push({ id, name: null, status: 404, error: 'not found' });
          continue;
        }
        const usedBy = row.usedBy as { resource: string; count: number } | undefined;
        if (request.action === 'delete' && usedBy) {
          result.failed.push({ id, name, status: 409, error: 'still used', usedBy });
          continue;
        }
        if (request.action === 'update') Object.assign(row, request.values);
        else if (request.action === 'delete') {
          tables[resource] = table(resource).filter((candidate) => candidate.id !== id);
          (deleted[resource] ??= []).push(row);
        } else {
          deleted[resource] = rows.filter((candidate) => candidate.id !== id);
          table(resource).push(row);
        }
        result.done.push({ id, name });
      }
      if (request.action === 'delete' && result.done.length > 0)
        result.restorableUntil = Date.now() + 10_000;
      return result;
    }),
  };
  return { api, tables };
}

export function zones(count: number): ApiRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    groupId: 2,
    name: `Zone ${String(i + 1).padStart(2, '0')}`,
    code: `Z${i + 1}`,
    zoneTypeId: 1,
    zoneType: { id: 1, name: 'Dock' },
    zoneGroupId: null,
    description: '',
    color: '#ff0000',
  }));
}

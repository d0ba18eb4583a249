// Reports that run: report definitions with their query (resource, columns, filters,
// order, group-by) checked by core's report-definition.ts, and their execution over real HTTP —
// exactly the caller's list of the resource, paged, with totals, group counts and a CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from './helpers.ts';

let client: TestClient;
const tokens: Record<string, string> = {};

interface Execution {
  reportDefinition: { id: number; name: string; resource: string };
  columns: Array<{ propertyName: string; kind: string }>;
  groupBy: string | null;
  total: number;
  totals: { rows: number; groups?: number };
  results: Array<Record<string, unknown>>;
}

beforeAll(async () => {
  client = await createTestClient();
  for (const user of ['admin', 'operator', 'viewer', 'nobody', 'root', 'globex'])
    tokens[user] = (await client.login(user)).token;
});
afterAll(() => client.services.close());

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const ACTIVE_THINGS = {
  resource: 'thing',
  reportProperty: [
    { propertyName: 'name' },
    { propertyName: 'status' },
    { propertyName: 'zoneId' },
  ],
  reportFilter: [{ propertyName: 'status', operator: '=', value: 'active' }],
  sortBy: { propertyName: 'name', direction: 'asc' },
};

async function create(body: Record<string, unknown>, token = tokens.admin!): Promise<number> {
  const created = await json<{ id: number }>(
    await client.call('POST', '/reportDefinition', {
      token,
      body: { name: `Report ${Math.random()}`, ...body },
    }),
    201,
  );
  return created.id;
}

const run = (id: number, token: string, query = '') =>
  client.call('POST', `/reportExecution/${id}${query}`, { token });

async function list(path: string, token: string) {
  return json<{ total: number; results: Array<{ id: number; name: string }> }>(
    await client.call('GET', path, { token }),
  );
}

async function reportCount(): Promise<number> {
  const row = await client.services.context.db
    .selectFrom('reportDefinitions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('report definitions', () => {
  it('store and answer their query, audited', async () => {
    const id = await create({ ...ACTIVE_THINGS, reportGroupBy: [{ propertyName: 'zoneId' }] });
    const read = await json<Record<string, unknown>>(
      await client.call('GET', `/reportDefinition/${id}`, { token: tokens.admin }),
    );
    expect(read).toMatchObject({
      ...ACTIVE_THINGS,
      reportGroupBy: [{ propertyName: 'zoneId' }],
    });
    const patched = await json<Record<string, unknown>>(
      await client.call('PATCH', `/reportDefinition/${id}`, {
        token: tokens.admin,
        body: { sortBy: null, reportGroupBy: [] },
      }),
    );
    expect(patched).toMatchObject({
      sortBy: null,
      reportGroupBy: [],
      reportFilter: ACTIVE_THINGS.reportFilter,
    });
    const audit = await json<{
      results: Array<{ action: string; changes: Array<{ field: string }> }>;
    }>(
      await client.call('GET', `/auditEntry?resource=reportDefinition&record=${id}&order=at:asc`, {
        token: tokens.admin,
      }),
    );
    expect(audit.results.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(audit.results[1]!.changes.map((change) => change.field)).toEqual(
      expect.arrayContaining(['sortBy', 'reportGroupBy']),
    );
  });

  it.each([
    [{ resource: 'folder' }, 'resource'],
    [
      { resource: 'thing', reportProperty: [{ propertyName: 'password' }] },
      'reportProperty.0.propertyName',
    ],
    [
      { resource: 'thing', reportFilter: [{ propertyName: 'status', operator: '<', value: 'x' }] },
      'reportFilter.0.operator',
    ],
    [
      {
        resource: 'thing',
        reportFilter: [{ propertyName: 'status', operator: '=', value: 'gone' }],
      },
      'reportFilter.0.value',
    ],
    [
      {
        resource: 'zone',
        reportFilter: [{ propertyName: 'zoneTypeId', operator: '=', value: 'Dock' }],
      },
      'reportFilter.0.value',
    ],
    [
      { resource: 'thing', reportGroupBy: [{ propertyName: 'creationTime' }] },
      'reportGroupBy.0.propertyName',
    ],
    [{ resource: 'thing', sortBy: { propertyName: 'name', direction: 'up' } }, 'sortBy.direction'],
    [{ resource: 'thing', reportFilter: 'status=active' }, 'reportFilter'],
  ])('refuse %j with a 400 naming %s, writing nothing', async (body, field) => {
    const before = await reportCount();
    const response = await client.call('POST', '/reportDefinition', {
      token: tokens.admin,
      body: { name: 'Bad report', ...body },
    });
    const answer = await json<{ error: string; fields: Record<string, string> }>(response, 400);
    expect(answer.error).toContain(field);
    expect(Object.keys(answer.fields)).toContain(field);
    expect(await reportCount()).toBe(before);
  });

  it('check a patch against the stored query (a filter that no longer fits the resource)', async () => {
    const id = await create(ACTIVE_THINGS);
    const response = await client.call('PATCH', `/reportDefinition/${id}`, {
      token: tokens.admin,
      body: { resource: 'zone' },
    });
    expect(response.status).toBe(400);
    const read = await json<{ resource: string }>(
      await client.call('GET', `/reportDefinition/${id}`, { token: tokens.admin }),
    );
    expect(read.resource).toBe('thing');
  });

  it.each([
    ['admin', 201, 200, 204],
    ['operator', 403, 403, 403],
    ['viewer', 403, 403, 403],
    ['nobody', 403, 403, 403],
    ['root', 201, 200, 204],
    ['globex', 201, 404, 404],
  ])(
    '%s: create %i, update %i, delete %i',
    async (user, createStatus, updateStatus, deleteStatus) => {
      const token = tokens[user]!;
      const created = await client.call('POST', '/reportDefinition', {
        token,
        body: { name: `By ${user}`, ...ACTIVE_THINGS },
      });
      expect(created.status).toBe(createStatus);
      const acmeReport = await create(ACTIVE_THINGS);
      const updated = await client.call('PATCH', `/reportDefinition/${acmeReport}`, {
        token,
        body: { reportFilter: [] },
      });
      expect(updated.status).toBe(updateStatus);
      const deleted = await client.call('DELETE', `/reportDefinition/${acmeReport}`, { token });
      expect(deleted.status).toBe(deleteStatus);
    },
  );

  it('keep their query in configuration snapshots', async () => {
    const id = await create(ACTIVE_THINGS);
    const snapshot = await json<{ id: number }>(
      await client.call('POST', '/configVersion', {
        token: tokens.admin,
        body: { note: 'reports' },
      }),
      201,
    );
    const content = await json<{
      content: { reportDefinitions: Array<{ key: string; fields: Record<string, unknown> }> };
    }>(await client.call('GET', `/configVersion/${snapshot.id}`, { token: tokens.admin }));
    const kept = content.content.reportDefinitions.find((record) => record.key === String(id));
    expect(kept?.fields).toMatchObject({
      resource: 'thing',
      reportFilter: JSON.stringify(ACTIVE_THINGS.reportFilter),
    });
  });
});

describe('running a report', () => {
  let activeThings: number;
  let byStatus: number;
  let users: number;

  beforeAll(async () => {
    activeThings = await create(ACTIVE_THINGS);
    byStatus = await create({
      resource: 'thing',
      reportProperty: [{ propertyName: 'name' }],
      reportGroupBy: [{ propertyName: 'status' }],
    });
    users = await create({ resource: 'user', reportProperty: [{ propertyName: 'username' }] });
  });

  it.each([
    ['admin', 200],
    ['operator', 200],
    ['viewer', 200],
    ['nobody', 403],
    ['root', 200],
    ['globex', 404],
  ])('%s runs an Acme report: %i', async (user, status) => {
    const response = await run(activeThings, tokens[user]!);
    expect(response.status).toBe(status);
    const csv = await client.call('GET', `/reportExecution/${activeThings}/export.csv`, {
      token: tokens[user],
    });
    expect(csv.status).toBe(status);
  });

  it('needs read on the reported resource (the operator does not read users): 403', async () => {
    const response = await run(users, tokens.operator!);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toContain('user:r');
    expect((await run(users, tokens.admin!)).status).toBe(200);
  });

  it.each(['admin', 'operator', 'root'])(
    'shows %s exactly the rows of its own list, in the report’s order',
    async (user) => {
      const token = tokens[user]!;
      const report = await json<Execution>(await run(activeThings, token, '?pageSize=1000'));
      const listed = await list('/thing?where=status=active&order=name:asc&pageSize=1000', token);
      expect(report.total).toBe(listed.total);
      expect(report.totals).toEqual({ rows: listed.total });
      expect(report.results.map((row) => row.id)).toEqual(listed.results.map((row) => row.id));
      expect(report.columns.map((column) => column.propertyName)).toEqual([
        'name',
        'status',
        'zoneId',
      ]);
      expect(Object.keys(report.results[0] ?? {}).sort()).toEqual(
        ['id', 'name', 'status', 'zone', 'zoneId'].sort(),
      );
    },
  );

  it('the operator (North DC) sees fewer things than the administrator', async () => {
    const admin = await json<Execution>(await run(activeThings, tokens.admin!));
    const operator = await json<Execution>(await run(activeThings, tokens.operator!));
    expect(operator.total).toBeGreaterThan(0);
    expect(operator.total).toBeLessThan(admin.total);
  });

  it('pages like the list', async () => {
    const page = await json<Execution>(
      await run(activeThings, tokens.admin!, '?pageSize=3&pageNumber=2'),
    );
    const listed = await list(
      '/thing?where=status=active&order=name:asc&pageSize=3&pageNumber=2',
      tokens.admin!,
    );
    expect(page.results.map((row) => row.id)).toEqual(listed.results.map((row) => row.id));
    expect(page.results).toHaveLength(3);
  });

  it.each(['?pageSize=0', '?pageSize=abc', '?pageNumber=0', '?pageSize=5000'])(
    'refuses %s with a 400',
    async (query) => {
      expect((await run(activeThings, tokens.admin!, query)).status).toBe(400);
    },
  );

  it('answers 404 for a report that does not exist', async () => {
    expect((await run(999_999, tokens.admin!)).status).toBe(404);
  });

  it('counts the rows per group, each count the list’s total with that value', async () => {
    const report = await json<Execution>(await run(byStatus, tokens.admin!));
    const all = await list('/thing?pageSize=1', tokens.admin!);
    expect(report.groupBy).toBe('status');
    expect(report.columns.map((column) => column.propertyName)).toEqual(['status', 'count']);
    expect(report.totals.rows).toBe(all.total);
    expect(report.totals.groups).toBe(report.results.length);
    expect(report.total).toBe(report.results.length);
    const counts = report.results.map((group) => Number(group.count));
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    for (const group of report.results) {
      const listed = await list(`/thing?status=${String(group.status)}&pageSize=1`, tokens.admin!);
      expect(group.count).toBe(listed.total);
    }
  });

  it('names a reference group as the list names it', async () => {
    const id = await create({ resource: 'thing', reportGroupBy: [{ propertyName: 'zoneId' }] });
    const report = await json<Execution>(await run(id, tokens.admin!, '?pageSize=1000'));
    const named = report.results.find((group) => group.zoneId !== null);
    expect(named?.zone).toEqual({ id: named?.zoneId, name: expect.any(String) });
  });

  it.each([
    [{ propertyName: 'name', operator: '~', value: 'a' }, 'name~%a%'],
    [{ propertyName: 'name', operator: 'startsWith', value: 'P' }, 'name~P%'],
    [{ propertyName: 'status', operator: '!=', value: 'active' }, '!(status=active)|status=null'],
    [{ propertyName: 'zoneId', operator: 'isEmpty', value: '' }, 'zoneId=null'],
    [{ propertyName: 'zoneId', operator: 'isNotEmpty', value: '' }, '!(zoneId=null)'],
  ])('filter %j selects what the list’s where %s selects', async (filter, where) => {
    const id = await create({ resource: 'thing', reportFilter: [filter] });
    const report = await json<Execution>(await run(id, tokens.admin!, '?pageSize=1000'));
    const listed = await list(
      `/thing?where=${encodeURIComponent(where)}&pageSize=1000`,
      tokens.admin!,
    );
    expect(report.total).toBe(listed.total);
    expect(report.results.map((row) => row.id)).toEqual(listed.results.map((row) => row.id));
  });

  it('treats LIKE characters in a contains value literally', async () => {
    const id = await create({
      resource: 'thing',
      reportFilter: [{ propertyName: 'name', operator: '~', value: '%' }],
    });
    const report = await json<Execution>(await run(id, tokens.admin!));
    expect(report.total).toBe(0);
  });

  it('reads a date in a time filter as that whole day on the runner’s clock', async () => {
    const admin = await client.login('admin');
    const db = client.services.context.db;
    // Acme's clock is America/Chicago (UTC-6 in January): its 31 January runs 06:00Z to 06:00Z
    const made = {
      'TZ late on the 30th': Date.UTC(2026, 0, 31, 5, 30),
      'TZ noon on the 31st': Date.UTC(2026, 0, 31, 12),
      'TZ late on the 31st': Date.UTC(2026, 1, 1, 5, 59),
      'TZ first of February': Date.UTC(2026, 1, 1, 6),
    };
    for (const [name, time] of Object.entries(made)) {
      const { id } = await json<{ id: number }>(
        await client.call('POST', '/thing', {
          token: admin.token,
          body: { name, serial: name.replace(/\W+/g, '-'), thingTypeId: 1 },
        }),
        201,
      );
      await db.updateTable('things').set({ creationTime: time }).where('id', '=', id).execute();
    }
    const names = async (operator: string) => {
      const id = await create({
        resource: 'thing',
        reportProperty: [{ propertyName: 'name' }],
        reportFilter: [
          { propertyName: 'name', operator: 'startsWith', value: 'TZ ' },
          { propertyName: 'creationTime', operator, value: '2026-01-31' },
        ],
        sortBy: { propertyName: 'creationTime', direction: 'asc' },
      });
      const report = await json<Execution>(await run(id, admin.token));
      return report.results.map((row) => row.name);
    };
    const [late30, noon31, late31, first] = Object.keys(made);
    expect(await names('<')).toEqual([late30]);
    expect(await names('<=')).toEqual([late30, noon31, late31]);
    expect(await names('>=')).toEqual([noon31, late31, first]);
    expect(await names('>')).toEqual([first]);
    // the user's own clock wins over the group's: in Tokyo (UTC+9) the 31st ends at 15:00Z
    await json(
      await client.call('PUT', `/user/${admin.id}/field/timeZoneConfiguration`, {
        token: admin.token,
        body: { value: 'Asia/Tokyo' },
      }),
      201,
    );
    try {
      expect(await names('<=')).toEqual([late30, noon31]);
      expect(await names('>')).toEqual([late31, first]);
    } finally {
      await client.call('PUT', `/user/${admin.id}/field/timeZoneConfiguration`, {
        token: admin.token,
        body: { value: null },
      });
    }
  });

  it('downloads every row as CSV with the report’s columns', async () => {
    const response = await client.call('GET', `/reportExecution/${activeThings}/export.csv`, {
      token: tokens.admin,
    });
    expect(response.headers.get('content-type')).toContain('text/csv');
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('name,status,zoneId,zone');
    const report = await json<Execution>(await run(activeThings, tokens.admin!, '?pageSize=1'));
    expect(lines).toHaveLength(report.total + 1);
  });

  it('downloads the groups as CSV', async () => {
    const response = await client.call('GET', `/reportExecution/${byStatus}/export.csv`, {
      token: tokens.admin,
    });
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('status,count');
    const report = await json<Execution>(await run(byStatus, tokens.admin!));
    expect(lines.slice(1)).toEqual(
      report.results.map((group) => `${String(group.status)},${String(group.count)}`),
    );
  });

  it('runs the seeded reports (Acme’s things by status)', async () => {
    const seeded = await list(
      '/reportDefinition?where=name=Operations summary&pageSize=5',
      tokens.admin!,
    );
    const report = await json<Execution>(await run(seeded.results[0]!.id, tokens.admin!));
    expect(report.groupBy).toBe('status');
    expect(report.results.length).toBeGreaterThan(0);
  });
});

describe('restoring a snapshot taken before reports had a query', () => {
  it('writes back what it kept and leaves the query as it is', async () => {
    const id = await create(ACTIVE_THINGS);
    const snapshot = await json<{ id: number }>(
      await client.call('POST', '/configVersion', { token: tokens.admin, body: { note: 'old' } }),
      201,
    );
    // the snapshot as one taken before migration 0021: its report records lack the query fields
    const db = client.services.context.db;
    const stored = await db
      .selectFrom('configVersions')
      .select('content')
      .where('id', '=', snapshot.id)
      .executeTakeFirstOrThrow();
    const content = JSON.parse(stored.content) as {
      reportDefinitions: Array<{ fields: Record<string, unknown> }>;
    };
    for (const record of content.reportDefinitions)
      for (const field of ['resource', 'reportProperty', 'reportFilter', 'reportGroupBy', 'sortBy'])
        delete record.fields[field];
    await db
      .updateTable('configVersions')
      .set({ content: JSON.stringify(content) })
      .where('id', '=', snapshot.id)
      .execute();
    await json(
      await client.call('PATCH', `/reportDefinition/${id}`, {
        token: tokens.admin,
        body: {
          name: 'Renamed after the snapshot',
          resource: 'zone',
          reportProperty: [],
          reportFilter: [],
          sortBy: null,
        },
      }),
    );
    await json(
      await client.call('POST', `/configVersion/${snapshot.id}/restore`, { token: tokens.admin }),
    );
    const read = await json<{ name: string; resource: string }>(
      await client.call('GET', `/reportDefinition/${id}`, { token: tokens.admin }),
    );
    expect(read.name).not.toBe('Renamed after the snapshot');
    expect(read.resource).toBe('zone');
  });
});

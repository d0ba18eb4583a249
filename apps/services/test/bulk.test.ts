// Bulk actions over real HTTP handlers: delete, update and restore by ids or by the list's own
// query (every matching record, not only a page), each record checked, written and audited as a
// single write would be; deletes are soft (hidden at once, restorable for the undo window, then
// purged by the server); the answer groups what was done and what was not.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BulkResult } from '@portico/core';
import { UNDO_WINDOW_MS } from '../src/db/soft-delete-tables.ts';
import { purgeExpired, startPurgeSchedule } from '../src/resources/soft-delete.ts';
import { useSeededClient } from './helpers.ts';
import type { SeededUser } from './helpers.ts';

type Who = SeededUser;
const { client, tokens } = useSeededClient();
let zoneTypeId: number;
let sites: { north: number; south: number };

async function bulk(who: Who, resource: string, body: unknown) {
  const response = await client.call('POST', `/${resource}/bulk`, { token: tokens[who], body });
  const json = (await response.json()) as BulkResult & { error?: string; fields?: object };
  return { status: response.status, json };
}

async function makeZones(prefix: string, count: number, groupId = sites.north): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 1; n <= count; n += 1) {
    const response = await client.call('POST', '/zone', {
      token: tokens.admin,
      body: { name: `${prefix} ${n}`, zoneTypeId, groupId },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    ids.push(((await response.json()) as { id: number }).id);
  }
  return ids;
}

async function listTotal(who: Who, query: string): Promise<number> {
  const response = await client.call('GET', `/zone?pageSize=5&${query}`, { token: tokens[who] });
  expect(response.status).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

async function auditActions(recordId: number): Promise<string[]> {
  const response = await client.call('GET', `/auditEntry?resource=zone&record=${recordId}`, {
    token: tokens.admin,
  });
  const body = (await response.json()) as { results: Array<{ action: string }> };
  return body.results.map((entry) => entry.action);
}

beforeAll(async () => {
  const types = await client.call('GET', '/zoneType?pageSize=50', { token: tokens.admin });
  zoneTypeId = ((await types.json()) as { results: Array<{ id: number }> }).results[0]?.id ?? 0;
  const groups = await client.call('GET', '/group?pageSize=50', { token: tokens.admin });
  const rows = ((await groups.json()) as { results: Array<{ id: number; code: string }> }).results;
  sites = {
    north: rows.find((row) => row.code === 'acme-north')?.id ?? 0,
    south: rows.find((row) => row.code === 'acme-south')?.id ?? 0,
  };
});

describe('who may do what, per record', () => {
  // operator: zone:u but no zone:d, in North DC; viewer and nobody: no write; globex: another tenant
  const table: Array<[Who, 'delete' | 'update', 'all' | 'north' | 'none' | 403]> = [
    ['root', 'update', 'all'],
    ['admin', 'update', 'all'],
    ['admin', 'delete', 'all'],
    ['operator', 'update', 'north'],
    ['operator', 'delete', 403],
    ['viewer', 'update', 403],
    ['viewer', 'delete', 403],
    ['nobody', 'delete', 403],
    ['globex', 'update', 'none'],
    ['globex', 'delete', 'none'],
  ];
  it.each(table)('%s %s', async (who, action, outcome) => {
    const north = await makeZones(`Role ${who} ${action} N`, 2, sites.north);
    const south = await makeZones(`Role ${who} ${action} S`, 1, sites.south);
    const ids = [...north, ...south];
    const { status, json } = await bulk(who, 'zone', {
      action,
      ids,
      ...(action === 'update' ? { values: { description: `by ${who}` } } : {}),
    });
    if (outcome === 403) {
      expect(status).toBe(403);
      expect(await listTotal('admin', `filter=Role ${who} ${action}`)).toBe(3);
      return;
    }
    expect(status).toBe(200);
    const expected = outcome === 'all' ? ids : outcome === 'north' ? north : [];
    expect(json.done.map((item) => item.id).sort()).toEqual([...expected].sort());
    expect(json.failed.map((item) => item.id).sort()).toEqual(
      ids.filter((id) => !expected.includes(id)).sort(),
    );
    // a record the caller cannot see is not named
    for (const failure of json.failed) {
      expect(failure.status).toBe(404);
      expect(failure.name).toBeNull();
    }
    for (const id of expected)
      expect(await auditActions(id)).toContain(action === 'delete' ? 'delete' : 'update');
    for (const id of ids.filter((id) => !expected.includes(id))) {
      const actions = await auditActions(id);
      expect(actions).not.toContain('update');
      expect(actions).not.toContain('delete');
    }
  });
});

describe('select all matching', () => {
  it('deletes every record the list query matches, beyond the page, and only those', async () => {
    const ids = await makeZones('Matchall', 30);
    await makeZones('Keepme', 2);
    expect(await listTotal('admin', 'filter=Matchall')).toBe(30);
    const { status, json } = await bulk('admin', 'zone', {
      action: 'delete',
      match: { filter: 'Matchall', pageSize: '5', pageNumber: '2', order: 'name:asc' },
    });
    expect(status).toBe(200);
    expect(json.total).toBe(30);
    expect(json.done).toHaveLength(30);
    expect(json.failed).toEqual([]);
    expect(json.done.map((item) => item.name)).toContain('Matchall 17');
    expect(await listTotal('admin', 'filter=Matchall')).toBe(0);
    expect(await listTotal('admin', 'filter=Keepme')).toBe(2);
    // hidden from reads, exports and references at once
    expect((await client.call('GET', `/zone/${ids[0]}`, { token: tokens.admin })).status).toBe(404);
    const csv = await (
      await client.call('GET', '/zone/export.csv?filter=Matchall', { token: tokens.admin })
    ).text();
    expect(csv).not.toContain('Matchall');
    const reader = await client.call('POST', '/logicalReader', {
      token: tokens.admin,
      body: { name: 'Reader to a deleted zone', zoneId: ids[0], groupId: sites.north },
    });
    expect(reader.status).toBe(400);
    expect(await auditActions(ids[5] ?? 0)).toContain('delete');
  });

  it('a match uses the list filters (exact fields and where) and stays in the caller tenant', async () => {
    await makeZones('Scoped', 3, sites.south);
    await makeZones('Scoped', 2, sites.north);
    const answer = await bulk('admin', 'zone', {
      action: 'update',
      match: { filter: 'Scoped', groupId: String(sites.south) },
      values: { description: 'south only' },
    });
    expect(answer.json.total).toBe(3);
    expect(answer.json.done).toHaveLength(3);
    const where = await bulk('admin', 'zone', {
      action: 'update',
      match: { where: 'name=Scoped 1' },
      values: { color: '#123456' },
    });
    expect(where.json.total).toBe(2);
    // Globex matches none of Acme's rows, whatever the filter
    const globex = await bulk('globex', 'zone', {
      action: 'delete',
      match: { filter: 'Scoped' },
    });
    expect(globex.status).toBe(200);
    expect(globex.json.total).toBe(0);
    expect(await listTotal('admin', 'filter=Scoped')).toBe(5);
  });
});

describe('grouped results', () => {
  it('a delete of records still in use names them and what uses them', async () => {
    const zones = await makeZones('Used zone', 4);
    for (const [index, zoneId] of zones.slice(0, 2).entries())
      for (let r = 0; r <= index; r += 1) {
        const created = await client.call('POST', '/logicalReader', {
          token: tokens.admin,
          body: { name: `Reader ${zoneId}-${r}`, zoneId, groupId: sites.north },
        });
        expect(created.status).toBe(201);
      }
    const { json } = await bulk('admin', 'zone', { action: 'delete', ids: zones });
    expect(json.done.map((item) => item.name).sort()).toEqual(['Used zone 3', 'Used zone 4']);
    expect(json.failed).toHaveLength(2);
    expect(json.failed.map((item) => [item.name, item.status, item.usedBy])).toEqual([
      ['Used zone 1', 409, { resource: 'logicalReader', count: 1 }],
      ['Used zone 2', 409, { resource: 'logicalReader', count: 2 }],
    ]);
  });

  it('an update refused for some records (a duplicate code) leaves the others done', async () => {
    const zones = await makeZones('Coded', 2);
    const { json } = await bulk('admin', 'zone', {
      action: 'update',
      ids: zones,
      values: { code: 'SAME-CODE' },
    });
    expect(json.done).toHaveLength(1);
    expect(json.failed).toHaveLength(1);
    expect(json.failed[0]?.status).toBe(409);
    expect(json.failed[0]?.name).toMatch(/^Coded /);
  });
});

describe('undo window', () => {
  it('restores deleted records within the window, audited, and refuses after it', async () => {
    const ids = await makeZones('Undo me', 3);
    const deleted = await bulk('admin', 'zone', { action: 'delete', ids });
    expect(deleted.json.done).toHaveLength(3);
    expect(deleted.json.restorableUntil).toBeGreaterThan(Date.now());
    expect(deleted.json.restorableUntil).toBeLessThanOrEqual(Date.now() + UNDO_WINDOW_MS);
    // viewer may not undo; globex cannot even see them
    expect((await bulk('viewer', 'zone', { action: 'restore', ids })).status).toBe(403);
    const globex = await bulk('globex', 'zone', { action: 'restore', ids });
    expect(globex.json.done).toEqual([]);
    const restored = await bulk('admin', 'zone', { action: 'restore', ids: ids.slice(0, 2) });
    expect(restored.json.done.map((item) => item.name)).toEqual(['Undo me 1', 'Undo me 2']);
    expect(await listTotal('admin', 'filter=Undo me')).toBe(2);
    expect(await auditActions(ids[0] ?? 0)).toEqual(['restore', 'delete', 'create']);
    // a second restore of a live record finds nothing to restore
    const again = await bulk('admin', 'zone', { action: 'restore', ids: [ids[0]] });
    expect(again.json.failed[0]?.status).toBe(404);
    // after the window: purged, no restore
    const purged = await purgeExpired(client.services.context, Date.now() + UNDO_WINDOW_MS + 1);
    expect(purged).toBeGreaterThanOrEqual(1);
    const late = await bulk('admin', 'zone', { action: 'restore', ids: [ids[2]] });
    expect(late.json.failed[0]?.status).toBe(404);
    const db = client.services.context.db;
    const left = await sql<{
      n: number;
    }>`select count(*) as n from zones where id = ${ids[2]}`.execute(db);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });

  it('a restore is refused when what the record points at is gone', async () => {
    const [zone] = await makeZones('Orphan', 1);
    const zoneGroup = await client.call('POST', '/zoneGroup', {
      token: tokens.admin,
      body: { name: 'Short-lived group', groupId: sites.north },
    });
    const zoneGroupId = ((await zoneGroup.json()) as { id: number }).id;
    await client.call('PATCH', `/zone/${zone}`, { token: tokens.admin, body: { zoneGroupId } });
    await bulk('admin', 'zone', { action: 'delete', ids: [zone] });
    // the zone in its window does not hold its group
    expect(
      (await client.call('DELETE', `/zoneGroup/${zoneGroupId}`, { token: tokens.admin })).status,
    ).toBe(204);
    const restore = await bulk('admin', 'zone', { action: 'restore', ids: [zone] });
    expect(restore.json.failed[0]?.status).toBe(400);
    expect(restore.json.failed[0]?.error).toMatch(/zoneGroupId/);
  });

  it('the purge runs when a server starts (a window that ended while it was down)', async () => {
    const [zone] = await makeZones('Expired while down', 1);
    await client.call('DELETE', `/zone/${zone}`, { token: tokens.admin });
    const db = client.services.context.db;
    await sql`update zones set "deletedAt" = ${Date.now() - UNDO_WINDOW_MS - 60_000} where id = ${zone}`.execute(
      db,
    );
    const stop = startPurgeSchedule(client.services.context, 60_000);
    await stop();
    const left = await sql<{
      n: number;
    }>`select count(*) as n from zones where id = ${zone}`.execute(db);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });

  it('users, roles and groups are deleted at once (no undo)', async () => {
    const created = await client.call('POST', '/zoneType', {
      token: tokens.admin,
      body: { name: 'Soft type', code: 'soft-type' },
    });
    const typeId = ((await created.json()) as { id: number }).id;
    const answer = await bulk('admin', 'zoneType', { action: 'delete', ids: [typeId] });
    expect(answer.json.restorableUntil).toBeDefined();
    const role = await client.call('POST', '/role', {
      token: tokens.admin,
      body: { name: 'Short role', permissions: [] },
    });
    const roleId = ((await role.json()) as { id: number }).id;
    const roleAnswer = await bulk('admin', 'role', { action: 'delete', ids: [roleId] });
    expect(roleAnswer.json.done).toHaveLength(1);
    expect(roleAnswer.json.restorableUntil).toBeUndefined();
  });
});

describe('bad input loses nothing', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['no ids nor match', { action: 'delete' }, /either ids or match/],
    ['both ids and match', { action: 'delete', ids: [1], match: {} }, /either ids or match/],
    ['an unknown action', { action: 'purge', ids: [1] }, /action/],
    ['ids that are not ids', { action: 'delete', ids: ['1'] }, /ids/],
    ['an empty id list', { action: 'delete', ids: [] }, /ids/],
    [
      'too many ids',
      { action: 'delete', ids: Array.from({ length: 10_001 }, (_, i) => i + 1) },
      /ids/,
    ],
    ['a restore by match', { action: 'restore', match: {} }, /restore names its ids/],
    ['values on a delete', { action: 'delete', ids: [1], values: { name: 'x' } }, /values/],
    ['an update without values', { action: 'update', ids: [1] }, /update needs values/],
    ['an unknown field', { action: 'update', ids: [1], values: { nope: 1 } }, /nope/],
    ['a bad value', { action: 'update', ids: [1], values: { color: 'red' } }, /color/],
    ['an empty name', { action: 'update', ids: [1], values: { name: ' ' } }, /name/],
    ['an unknown filter', { action: 'delete', match: { colour: 'red' } }, /colour/],
    ['a bad where', { action: 'delete', match: { where: '(name=a' } }, /where/i],
    ['an unknown key', { action: 'delete', ids: [1], everything: true }, /everything/],
  ];
  it.each(cases)('%s is a 400 naming it, and nothing changes', async (_, body, message) => {
    const before = await listTotal('admin', '');
    const { status, json } = await bulk('admin', 'zone', body);
    expect(status).toBe(400);
    expect(json.error).toMatch(message);
    expect(await listTotal('admin', '')).toBe(before);
  });

  it('needs a session and the CSRF-protected write path', async () => {
    const response = await client.call('POST', '/zone/bulk', {
      body: { action: 'delete', ids: [1] },
    });
    expect(response.status).toBe(401);
  });
});

// The audit trail over real HTTP handlers: every write appends its entry in the same transaction
// (who, when, from where, the request id, the record, each field's before and after, never a
// secret); entries are append-only, tenant-isolated, filtered and paged on the server, exported as
// CSV; a write whose entry cannot be written is not made at all.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@portico/core';
import { useSeededClient } from './helpers.ts';

const { client, tokens } = useSeededClient();
let acmeId: number;

async function entries(
  token: string,
  query = '',
): Promise<{ total: number; results: AuditEntry[] }> {
  const response = await client.call('GET', `/auditEntry${query}`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { total: number; results: AuditEntry[] };
}

beforeAll(async () => {
  acmeId = (await client.login('admin')).groupId;
});

describe('every write appends an entry', () => {
  it('create, update and delete of a zone: actor, tenant, address, request id, field-level changes', async () => {
    const created = await client.call('POST', '/zone', {
      token: tokens.admin,
      headers: { 'x-request-id': 'req-create-1' },
      body: { name: 'Audit Dock', zoneTypeId: 1, description: 'first' },
    });
    expect(created.status).toBe(201);
    const zone = (await created.json()) as { id: number };
    await client.call('PATCH', `/zone/${zone.id}`, {
      token: tokens.admin,
      headers: { 'x-request-id': 'req-update-1' },
      body: { description: 'second' },
    });
    await client.call('DELETE', `/zone/${zone.id}`, {
      token: tokens.admin,
      headers: { 'x-request-id': 'req-delete-1' },
    });
    const { results } = await entries(
      tokens.admin,
      `?resource=zone&record=${zone.id}&order=at:asc`,
    );
    expect(results.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
    const [create, update, remove] = results;
    for (const entry of results) {
      expect(entry.user.username).toBe('admin');
      expect(entry.tenantId).toBe(acmeId);
      expect(entry.recordName).toBe('Audit Dock');
      expect(entry.address).toBe('local');
      expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(results.map((entry) => entry.requestId)).toEqual([
      'req-create-1',
      'req-update-1',
      'req-delete-1',
    ]);
    expect(create!.changes).toContainEqual({ field: 'name', after: 'Audit Dock' });
    expect(create!.changes.every((change) => !('before' in change))).toBe(true);
    expect(update!.changes).toEqual([{ field: 'description', before: 'first', after: 'second' }]);
    expect(remove!.changes).toContainEqual({ field: 'description', before: 'second' });
    expect(remove!.changes.every((change) => !('after' in change))).toBe(true);
  });

  it('a role permission change shows the list before and after', async () => {
    const created = await client.call('POST', '/role', {
      token: tokens.admin,
      body: { name: 'Audited role', permissions: ['zone:r'] },
    });
    expect(created.status).toBe(201);
    const role = (await created.json()) as { id: number };
    const changed = await client.call('PATCH', `/role/${role.id}`, {
      token: tokens.admin,
      body: { permissions: ['zone:r', 'zone:u'] },
    });
    expect(changed.status).toBe(200);
    const { results } = await entries(
      tokens.admin,
      `?resource=role&record=${role.id}&action=update`,
    );
    expect(results).toHaveLength(1);
    const change = results[0]!.changes.find((entry) => entry.field === 'permissions');
    expect(JSON.parse(String(change?.before))).toEqual(['zone:r']);
    expect(JSON.parse(String(change?.after))).toEqual(['zone:r', 'zone:u']);
  });

  it('a password change is recorded as changed, and no secret is ever stored', async () => {
    const created = await client.call('POST', '/user', {
      token: tokens.admin,
      body: { username: 'audited.user', password: 'Quiet-Harbour-77', roleIds: [] },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const user = (await created.json()) as { id: number };
    const changed = await client.call('PATCH', `/user/${user.id}`, {
      token: tokens.admin,
      body: { password: 'Brisk-Lantern-42' },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const { results } = await entries(tokens.admin, `?resource=user&record=${user.id}`);
    expect(results.map((entry) => entry.action).sort()).toEqual(['create', 'update']);
    const update = results.find((entry) => entry.action === 'update')!;
    expect(update.changes).toContainEqual({
      field: 'passwordHash',
      before: '(secret)',
      after: '(secret)',
    });
    const stored = await client.services.context.db
      .selectFrom('auditEntries')
      .select('changes')
      .execute();
    const all = stored.map((row) => row.changes).join('\n');
    for (const secret of ['Quiet-Harbour-77', 'Brisk-Lantern-42', 'scrypt', '$'])
      expect(all).not.toContain(secret);
  });

  it('a user field set and removed (PUT /user/{id}/field/{field})', async () => {
    const me = await client.login('operator');
    await client.call('PUT', `/user/${me.id}/field/timeZoneConfiguration`, {
      token: me.token,
      body: { value: 'Europe/Paris' },
    });
    await client.call('PUT', `/user/${me.id}/field/timeZoneConfiguration`, {
      token: me.token,
      body: { value: null },
    });
    const { results } = await entries(tokens.admin, `?resource=user&record=${me.id}&order=at:asc`);
    expect(
      results
        .filter((entry) => entry.action.startsWith('field.'))
        .map((e) => [e.action, e.changes]),
    ).toEqual([
      ['field.set', [{ field: 'timeZoneConfiguration', before: null, after: 'Europe/Paris' }]],
      ['field.remove', [{ field: 'timeZoneConfiguration', before: 'Europe/Paris', after: null }]],
    ]);
  });

  it('sign-in, failed sign-in (no password kept) and sign-out', async () => {
    const good = await client.login('viewer');
    const bad = await client.call('POST', '/user/login', {
      body: { username: 'viewer', password: 'not-the-password' },
    });
    expect(bad.status).toBe(401);
    await client.call('POST', '/user/logout', { token: good.token });
    const { results } = await entries(tokens.admin, `?resource=session&user=viewer&order=at:asc`);
    const actions = results.map((entry) => entry.action);
    expect(actions.slice(-3)).toEqual(['login', 'login.failed', 'logout']);
    const failed = results.find((entry) => entry.action === 'login.failed')!;
    expect(failed.user).toEqual({ id: null, username: 'viewer' });
    expect(failed.changes).toEqual([{ field: 'reason', after: 'invalid credentials' }]);
    expect(JSON.stringify(results)).not.toContain('not-the-password');
  });
});

describe('reading the trail', () => {
  it('is tenant-isolated: a tenant administrator sees only the tenant, root sees all', async () => {
    const made = await client.call('POST', '/zoneType', {
      token: tokens.globex,
      body: { name: 'Globex audited' },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const acme = await entries(tokens.admin, '?pageSize=500');
    expect(acme.results.every((entry) => entry.tenantId === acmeId)).toBe(true);
    expect(acme.results.some((entry) => entry.recordName === 'Globex audited')).toBe(false);
    const globex = await entries(tokens.globex, '?pageSize=500');
    expect(globex.results.some((entry) => entry.recordName === 'Globex audited')).toBe(true);
    expect(globex.results.some((entry) => entry.tenantId === acmeId)).toBe(false);
    const root = await entries(tokens.root, '?pageSize=500');
    expect(root.total).toBeGreaterThanOrEqual(acme.total + globex.total);
    expect(root.results.some((entry) => entry.recordName === 'Globex audited')).toBe(true);
  });

  it.each(['operator', 'viewer', 'nobody'] as const)(
    '%s, without auditlog:r, is refused',
    async (name) => {
      const response = await client.call('GET', '/auditEntry', { token: tokens[name] });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'Permission auditlog:r required' });
      expect(
        (await client.call('GET', '/auditEntry/export.csv', { token: tokens[name] })).status,
      ).toBe(403);
    },
  );

  it('filters by user, action and time, and pages on the server', async () => {
    const all = await entries(tokens.admin, '?user=admin&pageSize=500');
    expect(all.results.every((entry) => entry.user.username === 'admin')).toBe(true);
    const page = await entries(tokens.admin, '?user=admin&pageSize=2&pageNumber=2');
    expect(page.total).toBe(all.total);
    expect(page.results.map((entry) => entry.id)).toEqual(
      all.results.slice(2, 4).map((entry) => entry.id),
    );
    const future = await entries(
      tokens.admin,
      `?from=${new Date(Date.now() + 86_400_000).toISOString()}`,
    );
    expect(future.total).toBe(0);
    const byId = await entries(tokens.admin, `?user=${all.results[0]!.user.id}&action=create`);
    expect(byId.results.every((entry) => entry.action === 'create')).toBe(true);
    expect(byId.total).toBeGreaterThan(0);
  });

  it.each([
    ['?pageSize=0', 'pageSize'],
    ['?pageSize=abc', 'pageSize'],
    ['?from=yesterday', 'from'],
    ['?record=-1', 'record'],
    ['?order=name:asc', 'order'],
    ['?colour=blue', 'colour'],
  ])('bad input %s: a clear 400', async (query, field) => {
    const response = await client.call('GET', `/auditEntry${query}`, { token: tokens.admin });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(field);
  });

  it('exports the filtered trail as CSV', async () => {
    const response = await client.call('GET', '/auditEntry/export.csv?resource=zone', {
      token: tokens.admin,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,at,user,address,requestId,action,resource,recordId,recordName,changes',
    );
    const listed = await entries(tokens.admin, '?resource=zone&pageSize=500');
    expect(lines).toHaveLength(listed.total + 1);
    expect(lines.slice(1).every((line) => line.includes(',zone,'))).toBe(true);
  });

  it('cannot be changed or deleted through the API', async () => {
    const before = await entries(tokens.root, '?pageSize=1');
    const id = before.results[0]!.id;
    for (const [method, path] of [
      ['POST', '/auditEntry'],
      ['PUT', `/auditEntry/${id}`],
      ['PATCH', `/auditEntry/${id}`],
      ['DELETE', `/auditEntry/${id}`],
    ] as const) {
      const response = await client.call(method, path, {
        token: tokens.root,
        body: { action: 'x' },
      });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(await response.json()).toMatchObject({
        error: 'Audit entries cannot be changed or deleted',
      });
    }
    const one = await client.call('GET', `/auditEntry/${id}`, { token: tokens.root });
    expect(((await one.json()) as AuditEntry).action).toBe(before.results[0]!.action);
  });
});

describe('the change and its entry commit together', () => {
  it('a write whose entry cannot be written is not made', async () => {
    const db = client.services.context.db;
    const zonesBefore = await db
      .selectFrom('zones')
      .select(db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // the failure injected between the change and its entry: the entry's table refuses every insert
    await sql`create trigger refuse_audit before insert on "auditEntries" begin select raise(abort, 'audit refused'); end`.execute(
      db,
    );
    try {
      const response = await client.call('POST', '/zone', {
        token: tokens.admin,
        body: { name: 'Never stored', zoneTypeId: 1 },
      });
      expect(response.status).toBe(500);
      const renamed = await client.call('PATCH', '/zone/1', {
        token: tokens.admin,
        body: { name: 'Never renamed' },
      });
      expect(renamed.status).toBe(500);
    } finally {
      await sql`drop trigger refuse_audit`.execute(db);
    }
    const zonesAfter = await db
      .selectFrom('zones')
      .select(db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(zonesAfter.n)).toBe(Number(zonesBefore.n));
    const one = (await (await client.call('GET', '/zone/1', { token: tokens.admin })).json()) as {
      name: string;
    };
    expect(one.name).not.toBe('Never renamed');
  });
});

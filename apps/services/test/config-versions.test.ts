// Configuration versions over real HTTP handlers: a snapshot of the caller's tenant's configuration
// is taken, listed, compared, exported and restored, each permission-checked (a role × action
// table), isolated by tenant (another tenant's snapshot is a 404), validated (nothing written on
// bad input) and audited; a restore writes the snapshot back, never deletes, and snapshots first.
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededClient, jsonOf } from './helpers.ts';

const { client, tokens } = useSeededClient();
let acme = 0;

const db = () => client.services.context.db;

const count = async () =>
  Number(
    (
      await db()
        .selectFrom('configVersions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function take(token: string, note = 'a note'): Promise<{ id: number }> {
  return jsonOf(await client.call('POST', '/configVersion', { token, body: { note } }), 201);
}

interface Diff {
  kind: string;
  added: Array<{ key: string; name: string }>;
  removed: Array<{ key: string; name: string }>;
  changed: Array<{
    key: string;
    name: string;
    changes: Array<{ field: string; before: unknown; after: unknown }>;
  }>;
}

beforeAll(async () => {
  acme = (await client.login('admin')).groupId;
});

describe('who may do what', () => {
  const actions: Array<[string, (token: string, id: number) => Promise<Response>]> = [
    ['list', (token) => client.call('GET', '/configVersion', { token })],
    ['take', (token) => client.call('POST', '/configVersion', { token, body: { note: 'x' } })],
    ['read', (token, id) => client.call('GET', `/configVersion/${id}`, { token })],
    [
      'compare',
      (token, id) => client.call('GET', `/configVersion/${id}/compare?with=now`, { token }),
    ],
    ['export', (token, id) => client.call('GET', `/configVersion/${id}/export`, { token })],
    ['plan', (token, id) => client.call('GET', `/configVersion/${id}/restorePlan`, { token })],
    ['restore', (token, id) => client.call('POST', `/configVersion/${id}/restore`, { token })],
    ['delete', (token, id) => client.call('DELETE', `/configVersion/${id}`, { token })],
  ];
  const table: Record<string, number[]> = {
    // list take read compare export plan restore delete
    root: [200, 201, 200, 200, 200, 200, 200, 204],
    admin: [200, 201, 200, 200, 200, 200, 200, 204],
    viewer: [200, 403, 200, 200, 200, 200, 403, 403],
    operator: [403, 403, 403, 403, 403, 403, 403, 403],
    nobody: [403, 403, 403, 403, 403, 403, 403, 403],
  };
  it.each(Object.entries(table))('%s', async (role, statuses) => {
    const token = tokens[role as keyof typeof tokens];
    const own = role === 'root' ? tokens.root : tokens.admin;
    for (const [index, [name, act]] of actions.entries()) {
      const { id } = await take(own, `for ${role} ${name}`);
      const response = await act(token, id);
      expect(response.status, `${role} ${name}: ${await response.text()}`).toBe(statuses[index]);
    }
  });
});

describe('tenant isolation', () => {
  it("another tenant's snapshot is not found; root sees every tenant's", async () => {
    const { id } = await take(tokens.admin, 'acme only');
    for (const [method, path] of [
      ['GET', `/configVersion/${id}`],
      ['GET', `/configVersion/${id}/compare?with=now`],
      ['GET', `/configVersion/${id}/export`],
      ['GET', `/configVersion/${id}/restorePlan`],
      ['POST', `/configVersion/${id}/restore`],
      ['DELETE', `/configVersion/${id}`],
    ] as const) {
      const response = await client.call(method, path, { token: tokens.globex });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const theirs = await jsonOf<{ results: Array<{ id: number }> }>(
      await client.call('GET', '/configVersion', { token: tokens.globex }),
      200,
    );
    expect(theirs.results.map((r) => r.id)).not.toContain(id);
    const roots = await jsonOf<{ results: Array<{ id: number; tenantId: number }> }>(
      await client.call('GET', '/configVersion', { token: tokens.root }),
      200,
    );
    expect(roots.results.find((r) => r.id === id)?.tenantId).toBe(acme);
    // a comparison with a snapshot of another tenant is refused the same way
    const { id: globexId } = await take(tokens.globex, 'globex');
    expect(
      (
        await client.call('GET', `/configVersion/${id}/compare?with=${globexId}`, {
          token: tokens.admin,
        })
      ).status,
    ).toBe(404);
  });

  it("a tenant's snapshot holds only its own configuration", async () => {
    const { id } = await take(tokens.globex, 'globex content');
    const read = await jsonOf<{ content: { thingTypes: Array<{ fields: { groupId: number } }> } }>(
      await client.call('GET', `/configVersion/${id}`, { token: tokens.globex }),
      200,
    );
    const globex = (await client.login('globex')).groupId;
    const groups = await db()
      .selectFrom('groups')
      .select('id')
      .where('hierarchyCode', 'like', `%>${globex}>%`)
      .execute();
    const own = new Set(groups.map((g) => Number(g.id)));
    for (const record of read.content.thingTypes) expect(own.has(record.fields.groupId)).toBe(true);
  });
});

describe('bad input', () => {
  it.each([
    ['a note not text', { note: 5 }, 'note'],
    ['a note too long', { note: 'x'.repeat(201) }, 'note'],
    ['an unknown field', { note: 'x', more: 1 }, 'more'],
  ])('%s: 400 naming the field, nothing written', async (_name, body, field) => {
    const before = await count();
    const response = await client.call('POST', '/configVersion', { token: tokens.admin, body });
    const text = await response.text();
    expect(response.status, text).toBe(400);
    expect(text).toContain(field);
    expect(await count()).toBe(before);
  });

  it('a comparison with something that is not a snapshot, a missing snapshot', async () => {
    const { id } = await take(tokens.admin);
    const bad = await client.call('GET', `/configVersion/${id}/compare?with=yesterday`, {
      token: tokens.admin,
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('with');
    expect(
      (await client.call('GET', '/configVersion/999999/compare?with=now', { token: tokens.admin }))
        .status,
    ).toBe(404);
  });
});

describe('compare, export and restore', () => {
  it('a renamed thing type shows in the comparison; a restore brings its name back, audited', async () => {
    const type = await db()
      .selectFrom('thingTypes')
      .select(['id', 'name'])
      .where('groupId', '=', acme)
      .where('deletedAt', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { id } = await take(tokens.admin, 'before the rename');
    await jsonOf(
      await client.call('PATCH', `/thingType/${type.id}`, {
        token: tokens.admin,
        body: { name: 'Renamed type' },
      }),
      200,
    );
    // a thing type created after the snapshot is kept by the restore
    const later = await jsonOf<{ id: number }>(
      await client.call('POST', '/thingType', {
        token: tokens.admin,
        body: { name: 'Later type', code: 'LATER-1', group: { id: acme } },
      }),
      201,
    );

    const compared = await jsonOf<{ diff: Diff[] }>(
      await client.call('GET', `/configVersion/${id}/compare?with=now`, { token: tokens.admin }),
      200,
    );
    const types = compared.diff.find((d) => d.kind === 'thingTypes')!;
    expect(types.changed).toEqual([
      {
        key: String(type.id),
        name: 'Renamed type',
        changes: [{ field: 'name', before: type.name, after: 'Renamed type' }],
      },
    ]);

    const exported = await client.call('GET', `/configVersion/${id}/export`, {
      token: tokens.admin,
    });
    expect(exported.headers.get('content-disposition')).toContain(`configuration-${id}.json`);
    const file = (await exported.json()) as { content: { thingTypes: Array<{ name: string }> } };
    expect(file.content.thingTypes.map((t) => t.name)).toContain(type.name);

    const plan = await jsonOf<{
      deletes: boolean;
      plan: Array<{ kind: string; update: unknown[] }>;
    }>(await client.call('GET', `/configVersion/${id}/restorePlan`, { token: tokens.admin }), 200);
    expect(plan.deletes).toBe(false);
    expect(plan.plan.find((p) => p.kind === 'thingTypes')?.update).toHaveLength(1);

    const restored = await jsonOf<{ beforeRestore: number }>(
      await client.call('POST', `/configVersion/${id}/restore`, { token: tokens.admin }),
      200,
    );
    const now = await db()
      .selectFrom('thingTypes')
      .select('name')
      .where('id', '=', type.id)
      .executeTakeFirstOrThrow();
    expect(now.name).toBe(type.name);
    {
      const kept = await db()
        .selectFrom('thingTypes')
        .select('deletedAt')
        .where('id', '=', later.id)
        .executeTakeFirstOrThrow();
      expect(kept.deletedAt).toBeNull();
    }
    // the "before restore" snapshot holds the renamed type
    const before = await jsonOf<{ note: string; content: { thingTypes: Array<{ name: string }> } }>(
      await client.call('GET', `/configVersion/${restored.beforeRestore}`, { token: tokens.admin }),
      200,
    );
    expect(before.note).toBe(`Before restore of #${id}`);
    expect(before.content.thingTypes.map((t) => t.name)).toContain('Renamed type');

    const log = await jsonOf<{
      results: Array<{ action: string; resource: string; recordId: number; changes: unknown[] }>;
    }>(
      await client.call('GET', '/auditEntry?order=at:desc&pageSize=100', { token: tokens.admin }),
      200,
    );
    expect(log.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'restore', resource: 'configVersion', recordId: id }),
        expect.objectContaining({
          action: 'update',
          resource: 'thingType',
          recordId: Number(type.id),
          changes: [{ field: 'name', before: 'Renamed type', after: type.name }],
        }),
        expect.objectContaining({
          action: 'create',
          resource: 'configVersion',
          recordId: restored.beforeRestore,
        }),
      ]),
    );
  });

  it('a deleted zone type is brought back; a changed group field is written back', async () => {
    const zoneType = await db()
      .selectFrom('zoneTypes')
      .select(['id', 'name'])
      .where('groupId', '=', acme)
      .where('deletedAt', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('groupFields')
      .values({ ownerId: acme, name: 'sessionTimeout', value: '30' })
      .onConflict((oc) => oc.columns(['ownerId', 'name']).doUpdateSet({ value: '30' }))
      .execute();
    const { id } = await take(tokens.admin, 'zone types');
    await db()
      .updateTable('zoneTypes')
      .set({ deletedAt: Date.now() })
      .where('id', '=', zoneType.id)
      .execute();
    await db()
      .updateTable('groupFields')
      .set({ value: '45' })
      .where('ownerId', '=', acme)
      .where('name', '=', 'sessionTimeout')
      .execute();
    await jsonOf(
      await client.call('POST', `/configVersion/${id}/restore`, { token: tokens.admin }),
      200,
    );
    const back = await db()
      .selectFrom('zoneTypes')
      .select(['name', 'deletedAt'])
      .where('id', '=', zoneType.id)
      .executeTakeFirstOrThrow();
    expect(back).toEqual({ name: zoneType.name, deletedAt: null });
    const field = await db()
      .selectFrom('groupFields')
      .select('value')
      .where('ownerId', '=', acme)
      .where('name', '=', 'sessionTimeout')
      .executeTakeFirstOrThrow();
    expect(field.value).toBe('30');
  });
});

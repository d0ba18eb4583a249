// Unique fields held by the database: the migration that indexes them, and the
// mapping of an index's refusal to the field. The concurrent-create race itself is in the
// data-layer suite, on SQLite and on PostgreSQL.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TENANT_UNIQUE_COLUMNS,
  indexUniqueFields,
  uniqueIndexName,
  violatedUniqueKey,
} from '../src/db/unique-fields.ts';
import { USERNAME_TAKEN } from '../src/auth/auth-error.ts';
import { RESOURCES } from '../src/resources/definitions/index.ts';
import { uniqueViolationAsHttp } from '../src/resources/write-body.ts';
import { allFields } from '../src/resources/resource-fields.ts';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
beforeAll(async () => {
  client = await createTestClient();
});
afterAll(() => client.services.close());

describe('unique fields in the database', () => {
  it("indexes exactly the resources' tenant-unique fields", () => {
    const specified = RESOURCES.flatMap((spec) =>
      Object.entries(allFields(spec))
        .filter(([, field]) => field.unique === 'tenant')
        .map(([name]) => `${spec.table}.${name}`),
    );
    expect(TENANT_UNIQUE_COLUMNS.map(([table, column]) => `${table}.${column}`).sort()).toEqual(
      specified.sort(),
    );
  });

  it('a database already holding a value twice in one tenant is made unique by the migration', async () => {
    const fresh = await createTestClient();
    try {
      const db = fresh.services.context.db;
      for (const [table, column] of TENANT_UNIQUE_COLUMNS)
        await sql`drop index ${sql.id(uniqueIndexName(table, column))}`.execute(db);
      const things = await db.selectFrom('things').selectAll().orderBy('id').limit(1).execute();
      const original = things[0]!;
      const globexGroup = await db
        .selectFrom('groups')
        .select('id')
        .where('name', '=', 'Globex')
        .executeTakeFirstOrThrow();
      const copy = (groupId: number) => {
        const { id: _id, uniqueScope: _scope, ...rest } = original;
        return { ...rest, groupId, name: 'Twin' };
      };
      // one twin in the same tenant (another site of Acme), one in another tenant (Globex)
      const sameTenant = await db
        .insertInto('things')
        .values(copy(original.groupId === 3 ? 4 : 3))
        .returning('id')
        .executeTakeFirstOrThrow();
      const otherTenant = await db
        .insertInto('things')
        .values(copy(globexGroup.id))
        .returning('id')
        .executeTakeFirstOrThrow();

      await indexUniqueFields(db as unknown as Kysely<unknown>);

      const serials = new Map(
        (
          await db
            .selectFrom('things')
            .select(['id', 'serial'])
            .where('id', 'in', [original.id, sameTenant.id, otherTenant.id])
            .execute()
        ).map((row) => [row.id, row.serial]),
      );
      // the oldest keeps its serial; the twin in its tenant is renamed; Globex's is its own
      expect(serials.get(original.id)).toBe(original.serial);
      expect(serials.get(sameTenant.id)).toBe(`${original.serial}-${sameTenant.id}`);
      expect(serials.get(otherTenant.id)).toBe(original.serial);
      // and the index holds from now on
      const refused: unknown = await db
        .insertInto('things')
        .values({ ...copy(original.groupId), uniqueScope: original.uniqueScope })
        .execute()
        .catch((error: unknown) => error);
      expect(violatedUniqueKey(refused)).toEqual({ table: 'things', column: 'serial' });
    } finally {
      await fresh.services.close();
    }
  });

  it("an index's refusal names its field; other unique keys name none", async () => {
    const admin = await client.login('admin');
    const zone = (await (
      await client.call('GET', '/zone?pageSize=2', { token: admin.token })
    ).json()) as { results: Array<{ id: number; code: string }> };
    const [first, second] = zone.results;
    // the check before the write is skipped by writing the stored row directly: the index refuses
    const db = client.services.context.db;
    const row = await db
      .selectFrom('zones')
      .selectAll()
      .where('id', '=', second!.id)
      .executeTakeFirstOrThrow();
    const refused = await db
      .updateTable('zones')
      .set({ code: first!.code })
      .where('id', '=', row.id)
      .execute()
      .catch((error: unknown) => error);
    expect(violatedUniqueKey(refused)).toEqual({ table: 'zones', column: 'code' });
    expect(violatedUniqueKey(new Error('UNIQUE constraint failed: groups.hierarchyCode'))).toBe(
      null,
    );
    expect(violatedUniqueKey({ code: '23505', constraint: 'things_serial_unique' })).toEqual({
      table: 'things',
      column: 'serial',
    });
    expect(violatedUniqueKey({ code: '23505', constraint: 'groups_hierarchy' })).toBe(null);
    expect(
      violatedUniqueKey({
        code: 'SQLITE_CONSTRAINT_UNIQUE',
        message: "UNIQUE constraint failed: index 'users_username_lower'",
      }),
    ).toEqual({ table: 'users', column: 'username' });
  });

  it('is answered as the check before the write answers: the same 409 and field', () => {
    const thing = RESOURCES.find((spec) => spec.path === 'thing')!;
    const user = RESOURCES.find((spec) => spec.path === 'user')!;
    const serial = uniqueViolationAsHttp(thing, {
      code: '23505',
      constraint: 'things_serial_unique',
    });
    expect(serial).toMatchObject({
      status: 409,
      message: 'A thing with this serial already exists: serial must be unique',
      fields: { serial: 'duplicate' },
    });
    const username = uniqueViolationAsHttp(user, {
      code: 'SQLITE_CONSTRAINT_UNIQUE',
      message: "UNIQUE constraint failed: index 'users_username_lower'",
    });
    expect(username).toMatchObject({ code: 'USERNAME_TAKEN', message: USERNAME_TAKEN });
    // another table's index, or another error, passes through unchanged
    const other = { code: '23505', constraint: 'zones_code_unique' };
    expect(uniqueViolationAsHttp(thing, other)).toBe(other);
  });
});

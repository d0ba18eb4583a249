// List pages read in index order (SQLite's plans, on the seeded demo data): ordering one group's
// rows by name or serial must not read and sort the whole group, and ordering several groups' rows
// must walk an index that holds the order and the owner.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, seedDemoData } from '../src/index.ts';
import type { ServicesDb } from '../src/index.ts';

let database: ServicesDb;
beforeAll(async () => {
  database = await openDatabase({ memory: true });
  await seedDemoData(database.db, 2);
});
afterAll(() => database.close());

it.each([
  ['things', 'name', 'things_group_name'],
  ['things', 'serial', 'things_group_serial'],
  ['zones', 'name', 'zones_group_name'],
])(
  '%s of one group ordered by %s use %s, without a sort of the group',
  async (table, column, index) => {
    const query = sql<{
      detail: string;
    }>`explain query plan select * from ${sql.table(table)} where "groupId" in (${3}) order by ${sql.ref(column)} asc, "id" asc limit ${50} offset ${100}`;
    const plan = (await query.execute(database.db)).rows.map((row) => row.detail).join(' / ');
    expect(plan).toContain(index);
    expect(plan).not.toContain('TEMP B-TREE FOR ORDER BY');
  },
);

it.each([
  ['things', 'name', 'things_name_order'],
  ['things', 'serial', 'things_serial_order'],
  ['zones', 'name', 'zones_name_order'],
])(
  '%s of several groups ordered by %s walk %s (owner checked in the index, no sort)',
  async (table, column, index) => {
    const query = sql<{
      detail: string;
    }>`explain query plan select * from ${sql.table(table)} where "groupId" in (${2}, ${3}, ${4}) order by ${sql.ref(column)} asc, "id" asc limit ${50} offset ${100}`;
    const plan = (await query.execute(database.db)).rows.map((row) => row.detail).join(' / ');
    expect(plan).toContain(index);
    expect(plan).not.toContain('TEMP B-TREE');
  },
);

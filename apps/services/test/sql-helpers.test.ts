// "Column contains text, ignoring case" on SQLite drops lower(): the same rows as lower() on both
// sides, checked on the engine itself for ASCII and non-ASCII letters and LIKE's own characters.
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { containsIgnoringCase } from '../src/db/sql-helpers.ts';

interface Db {
  words: { id: number; name: string | null };
}

const NAMES = [
  'Pallet ABC-0001',
  'pallet abc-0002',
  'PALLET',
  'Émile',
  'émile',
  'ÉMILE',
  'straße',
  '100%_off',
  '100 off',
  'back\\slash',
  null,
];

const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new Sqlite(':memory:') }) });
const ready = (async () => {
  await db.schema
    .createTable('words')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .execute();
  await db
    .insertInto('words')
    .values(NAMES.map((name, index) => ({ id: index + 1, name })))
    .execute();
})();
afterAll(() => db.destroy());

async function ids(where: ReturnType<typeof containsIgnoringCase>): Promise<number[]> {
  await ready;
  const rows = await db.selectFrom('words').select('id').where(where).orderBy('id').execute();
  return rows.map((row) => row.id);
}

describe('containsIgnoringCase on SQLite', () => {
  it.each([
    ['abc', [1, 2]],
    ['ABC', [1, 2]],
    ['pallet', [1, 2, 3]],
    // SQLite folds ASCII letters only, with or without lower() (no ICU): the text is lowercased
    ['émile', [5]],
    ['É', [5]],
    ['STRASSE', []],
    ['%_', [8]], // LIKE's own characters are literal
    ['100%', [8]],
    ['\\', [10]],
    ['zzz', []],
  ])('%j matches rows %j, as lower() on both sides does', async (text, expected) => {
    const found = await ids(containsIgnoringCase('name', text, 'sqlite'));
    expect(found).toEqual(expected);
    const escaped = `%${text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    const withLower = await ids(sql<boolean>`lower(name) like lower(${escaped}) escape '\\'`);
    expect(found).toEqual(withLower);
  });

  it('keeps lower() for PostgreSQL, whose LIKE is case-sensitive', () => {
    const compiled = db
      .selectFrom('words')
      .select('id')
      .where(containsIgnoringCase('name', 'Abc', 'postgres'))
      .compile();
    expect(compiled.sql).toContain('lower("name") like ?');
    expect(compiled.parameters).toEqual(['%abc%']);
    const sqlite = db
      .selectFrom('words')
      .select('id')
      .where(containsIgnoringCase('name', 'Abc', 'sqlite'))
      .compile();
    expect(sqlite.sql).not.toContain('lower(');
  });
});

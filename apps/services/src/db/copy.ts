// `npm run db:copy -- --from sqlite:<dir> --to <postgres url>`: moves an installation off SQLite.
// The source is read through a read-only connection in one read transaction (a consistent snapshot,
// even while a server keeps writing to it); the target is migrated by the same migrations, must be
// empty, and gets each table in one transaction, then its id sequence set past the largest id, then
// its row count checked against the source's. A failure empties what was copied, so the target is
// left as it was found.
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from './database.ts';

export class CopyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyError';
  }
}

export interface CopyResult {
  /** Rows copied, by table. */
  tables: Record<string, number>;
  ms: number;
}

/** Parses `sqlite:<dir>` (or a bare directory). */
export function parseSqliteSource(text: string): string {
  const dir = text.startsWith('sqlite:') ? text.slice('sqlite:'.length) : text;
  if (dir === '') throw new CopyError('--from needs a directory: --from sqlite:.data');
  return dir;
}

const BATCH_ROWS = 1_000;
const MIGRATION_TABLES = new Set(['portico_migrations', 'portico_migrations_lock']);

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** Copies every table of the SQLite database in `dataDir` into the empty PostgreSQL database at `databaseUrl`. */
export async function copySqliteToPostgres(
  dataDir: string,
  databaseUrl: string,
  log: (line: string) => void = () => undefined,
): Promise<CopyResult> {
  const started = performance.now();
  const file = join(dataDir, 'portico.sqlite');
  if (!existsSync(file)) throw new CopyError(`no Portico database at ${file}`);
  if (!/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new CopyError('--to must be a PostgreSQL URL (postgres://user:pass@host:5432/db)');
  const source = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  source.pragma('busy_timeout = 5000');
  let target: Awaited<ReturnType<typeof openDatabase>> | undefined;
  const copied: string[] = [];
  try {
    source.prepare('begin').run();
    const sourceMigrations = (
      source.prepare('select name from portico_migrations order by name').all() as Array<{
        name: string;
      }>
    ).map((row) => row.name);
    const tables = (
      source
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
        )
        .all() as Array<{ name: string }>
    )
      .map((row) => row.name)
      .filter((name) => !MIGRATION_TABLES.has(name));

    // A database holding anything but Portico's own tables is someone else's: never touch it.
    const probe = new pg.Client({ connectionString: databaseUrl });
    await probe.connect();
    try {
      const { rows } = await probe.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
      );
      const names = rows.map((row) => row.name);
      if (names.length > 0 && !names.includes('portico_migrations')) {
        throw new CopyError(
          `the target database is not empty (it has tables: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}): db:copy only fills an empty database`,
        );
      }
    } finally {
      await probe.end();
    }
    target = await openDatabase({ databaseUrl });
    const db = target.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const targetMigrations = [...target.migrations].sort();
    if (sourceMigrations.join() !== targetMigrations.join()) {
      throw new CopyError(
        `the two databases are at different migrations (SQLite: ${sourceMigrations.join(', ') || 'none'}; PostgreSQL: ${targetMigrations.join(', ')}): start this version of Portico once on the SQLite data first`,
      );
    }
    const targetTables = new Set((await db.introspection.getTables()).map((table) => table.name));
    for (const table of tables) {
      if (!targetTables.has(table))
        throw new CopyError(`table ${table} exists in SQLite but not in PostgreSQL`);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
      if ((rows[0]?.n ?? 0) > 0)
        throw new CopyError(
          `the target database is not empty (table ${table} has rows): db:copy only fills an empty database`,
        );
    }

    const result: Record<string, number> = {};
    for (const table of tables) {
      const columns = (
        source.prepare(`select name from pragma_table_info(?)`).all(table) as Array<{
          name: string;
        }>
      ).map((row) => row.name);
      const hasId = columns.includes('id');
      const count = (
        source.prepare(`select count(*) as n from ${quote(table)}`).get() as { n: number }
      ).n;
      const select = source.prepare(`select * from ${quote(table)}${hasId ? ' order by id' : ''}`);
      copied.push(table);
      await db.transaction().execute(async (trx) => {
        let batch: Array<Record<string, unknown>> = [];
        const flush = async () => {
          if (batch.length === 0) return;
          await trx.insertInto(table).values(batch).execute();
          batch = [];
        };
        for (const row of select.iterate() as Iterable<Record<string, unknown>>) {
          batch.push(row);
          if (batch.length >= BATCH_ROWS) await flush();
        }
        await flush();
        if (hasId) {
          // The next id PostgreSQL hands out is one past the largest copied.
          await sql`select setval(pg_get_serial_sequence(${quote(table)}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
            trx,
          );
        }
      });
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
      const written = rows[0]?.n ?? 0;
      if (written !== count)
        throw new CopyError(
          `table ${table}: ${count} rows in SQLite but ${written} in PostgreSQL after the copy`,
        );
      result[table] = count;
      log(`db:copy: ${table}: ${count.toLocaleString('en-US')} rows`);
    }
    source.prepare('commit').run();
    await sql`analyze`.execute(db);
    return { tables: result, ms: performance.now() - started };
  } catch (error) {
    if (target && copied.length > 0) {
      // Leave the target as it was found: empty.
      const db = target.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      for (const table of copied)
        await sql`truncate ${sql.table(table)}`.execute(db).catch(() => undefined);
    }
    throw error;
  } finally {
    source.close();
    await target?.close();
  }
}

// Opens the services database: SQLite (better-sqlite3, WAL) in a directory by default, PostgreSQL when a URL
// is given. Everything above this file is dialect-neutral Kysely.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver } from 'kysely';
import type { DatabaseConnection, Driver, LogEvent, SqliteDialectConfig } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrateToLatest } from './migrations.ts';
import type { Dialect } from './dialect.ts';

/** An open, migrated database. */
export interface ServicesDb {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** True when this open created the schema (a brand-new database). */
  readonly created: boolean;
  /** The migrations this code applies, all present when the open succeeded (readyz checks they still are). */
  readonly migrations: readonly string[];
  /** Sets the observer of every statement's duration (metrics). */
  observeQueries(observer: QueryObserver): void;
  /** The PostgreSQL pool's connections (undefined on SQLite). */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  close(): Promise<void>;
}

/** Told of each statement: its SQL, duration in seconds, and whether it failed. */
export type QueryObserver = (sql: string, seconds: number, failed: boolean) => void;

/** Where the database lives: a directory (SQLite file), `:memory:`, or a PostgreSQL URL. */
export interface OpenDatabaseOptions {
  dataDir?: string;
  memory?: boolean;
  databaseUrl?: string;
  /** Told when PostgreSQL drops an idle pooled connection (a restart, an administrator). */
  log?: (line: string) => void;
}

// int8 (bigint: counts and millisecond times) as numbers: every value we store is far below 2^53.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

/**
 * A prepared statement as Kysely's SQLite driver uses it (`reader`, `all`, `run`, `iterate`), whose
 * rows are read as arrays and made objects here: better-sqlite3 builds each row object through the
 * V8 API one property at a time, which cost a third of a 50-row list page's query; a plain
 * JavaScript loop over the column names does the same in a fraction of that.
 */
class ArrayRowStatement {
  readonly reader: boolean;
  private names: string[] | undefined;

  constructor(private readonly statement: BetterSqlite3.Statement) {
    this.reader = statement.reader;
    if (this.reader) statement.raw(true);
  }

  /** The result's column names (read again when SQLite re-prepared the statement with other columns). */
  private columnNames(width: number): string[] {
    if (this.names?.length !== width)
      this.names = this.statement.columns().map((column) => column.name);
    return this.names;
  }

  private toObject(values: unknown[]): Record<string, unknown> {
    const names = this.columnNames(values.length);
    const row: Record<string, unknown> = {};
    for (let i = 0; i < values.length; i += 1) row[names[i]!] = values[i];
    return row;
  }

  all(parameters: readonly unknown[]): Array<Record<string, unknown>> {
    const rows = this.statement.all(parameters) as unknown[][];
    const objects = new Array<Record<string, unknown>>(rows.length);
    for (let i = 0; i < rows.length; i += 1) objects[i] = this.toObject(rows[i]!);
    return objects;
  }

  run(parameters: readonly unknown[]): BetterSqlite3.RunResult {
    return this.statement.run(parameters);
  }

  *iterate(parameters: readonly unknown[]): IterableIterator<Record<string, unknown>> {
    for (const values of this.statement.iterate(parameters) as Iterable<unknown[]>)
      yield this.toObject(values);
  }
}

/**
 * Kysely's SQLite driver prepares each statement on every call; caching the prepared statements by
 * SQL text removes that cost from the hot paths (whoami, list pages).
 */
function withStatementCache(raw: BetterSqlite3.Database) {
  const cache = new Map<string, ArrayRowStatement>();
  return {
    close: () => raw.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = new ArrayRowStatement(raw.prepare(sql));
        if (cache.size > 2000) cache.clear();
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Write transactions begin IMMEDIATE: they take SQLite's write lock at the start (waiting up to the
 * busy timeout for another process's). A deferred transaction reads first and upgrades at its first
 * write; when another worker committed in between, the upgrade fails at once with
 * SQLITE_BUSY_SNAPSHOT (the busy timeout does not apply), and the request failed with a 500.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

function openSqlite(file: string): BetterSqlite3.Database {
  const raw = new BetterSqlite3(file);
  raw.pragma('journal_mode = WAL');
  // FULL: each commit is fsynced before it returns, so an acknowledged write survives kill -9 and
  // power loss alike. (NORMAL in WAL survives a process kill too, but may lose the last commits on
  // power loss; the write volume of an admin console makes FULL's cost irrelevant.)
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  // A 32 MiB page cache (the default is 2 MiB): list pages ordered through an index visit rows all
  // over the table, and re-reading those pages from the OS dominated the 50-thing page.
  raw.pragma('cache_size = -32768');
  // Refresh planner statistics when useful (cheap): without them SQLite sorts whole tables for pages.
  raw.pragma('optimize = 0x10002');
  return raw;
}

/** Opens (creating when absent) and migrates the database. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<ServicesDb> {
  let db: Kysely<Database>;
  let dialect: Dialect;
  let pool: pg.Pool | undefined;
  let observer: QueryObserver | undefined;
  const log = (event: LogEvent) =>
    observer?.(event.query.sql, event.queryDurationMillis / 1000, event.level === 'error');
  if (options.databaseUrl) {
    dialect = 'postgres';
    pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that PostgreSQL ends (a restart, pg_terminate_backend, a network cut) is
    // reported by the pool as an 'error' event: unheard, it is an uncaught exception that ends the
    // process. The pool has already dropped that connection and opens a new one when asked.
    const report = options.log ?? (() => undefined);
    pool.on('error', (error) =>
      report(
        `services: PostgreSQL closed an idle connection (${error.message}); the pool replaces it`,
      ),
    );
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  } else {
    dialect = 'sqlite';
    let file = ':memory:';
    if (!options.memory) {
      const dir = options.dataDir ?? '.data';
      mkdirSync(dir, { recursive: true });
      file = join(dir, 'portico.sqlite');
    }
    const raw = openSqlite(file);
    db = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({
        database: withStatementCache(raw) as unknown as BetterSqlite3.Database,
      }),
      log,
    });
  }
  try {
    const before = await db.introspection.getTables();
    const created = !before.some((table) => table.name === 'groups');
    await migrateToLatest(db as unknown as Kysely<unknown>, dialect);
    const migrations = (
      await db
        .selectFrom('portico_migrations' as never)
        .select('name' as never)
        .execute()
    ).map((row) => (row as { name: string }).name);
    const stats = pool;
    return {
      db,
      dialect,
      created,
      migrations,
      close: () => db.destroy(),
      observeQueries: (next) => {
        observer = next;
      },
      poolStats: () =>
        stats
          ? { total: stats.totalCount, idle: stats.idleCount, waiting: stats.waitingCount }
          : undefined,
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

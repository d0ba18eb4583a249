// db:copy: an installation's SQLite data into an empty PostgreSQL database, table by table, counts
// verified, sequences set, a non-empty target refused (and left untouched), and a server on the
// copy serves the same data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, seedDemoData } from '../src/index.ts';
import { copySqliteToPostgres, parseSqliteSource } from '../src/db/copy.ts';
import { pgUnavailableReason, startPgCluster } from './pg-cluster.ts';
import type { PgCluster } from './pg-cluster.ts';
import { call } from './two-instances.ts';
import { startLocalServer } from './server-call.ts';

const pgSkip = pgUnavailableReason();

describe('parseSqliteSource', () => {
  it.each([
    ['sqlite:.data', '.data'],
    ['sqlite:/srv/portico/data', '/srv/portico/data'],
    ['.data', '.data'],
  ])('%s → %s', (text, dir) => expect(parseSqliteSource(text)).toBe(dir));
  it('refuses an empty directory', () =>
    expect(() => parseSqliteSource('sqlite:')).toThrow(/directory/));
});

describe.skipIf(pgSkip !== undefined)('db:copy from SQLite to PostgreSQL', () => {
  let cluster: PgCluster;
  const dir = mkdtempSync(join(tmpdir(), 'portico-copy-'));
  const databaseUrl = (name: string) => cluster.url.replace(/\/postgres$/, `/${name}`);
  const createDatabase = async (name: string) => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
  };
  let sourceCounts: Record<string, number>;

  beforeAll(async () => {
    cluster = await startPgCluster();
    // A small installation: the demo seed, then a few writes of its own (sessions, a setting, an event).
    const source = await openDatabase({ dataDir: dir });
    await seedDemoData(source.db, 1);
    await source.db
      .insertInto('userFields')
      .values({ ownerId: 2, name: 'timeZoneConfiguration', value: 'Asia/Tokyo' })
      .execute();
    await source.db
      .insertInto('sessions')
      .values({
        tokenHash: 'h'.repeat(64),
        userId: 2,
        createdAt: 1,
        lastUsedAt: 1,
        timeoutMs: 60_000,
      })
      .execute();
    await source.db
      .insertInto('analyticsEvents')
      .values({
        event: 'Portal Load',
        distinctId: 'admin - Acme',
        properties: '{}',
        timestamp: '2026-01-01T00:00:00Z',
        tenant: 'Acme Logistics',
        receivedAt: 1,
      })
      .execute();
    await source.db.deleteFrom('things').where('id', '=', 3).execute();
    sourceCounts = {};
    for (const table of (await source.db.introspection.getTables())
      .map((t) => t.name)
      .filter((name) => !name.startsWith('portico_migrations'))) {
      sourceCounts[table] = Number(
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(source.db))
          .rows[0]!.n,
      );
    }
    await source.close();
  }, 120_000);
  afterAll(() => {
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table with its counts, sets the sequences, and the copy serves the same data', async () => {
    await createDatabase('copy_target');
    const lines: string[] = [];
    const result = await copySqliteToPostgres(dir, databaseUrl('copy_target'), (line) =>
      lines.push(line),
    );
    expect(result.tables).toEqual(sourceCounts);
    expect(result.tables.things).toBeGreaterThan(10);
    expect(lines.some((line) => /things: \d+ rows/.test(line))).toBe(true);

    const target = await openDatabase({ databaseUrl: databaseUrl('copy_target') });
    try {
      // Ids kept (the deleted thing's gap too), and the next id is past the largest.
      const ids = (await target.db.selectFrom('things').select('id').orderBy('id').execute()).map(
        (row) => row.id,
      );
      expect(ids).not.toContain(3);
      const inserted = await target.db
        .insertInto('zoneTypes')
        .values({ groupId: 2, name: 'After the copy', code: 'after', description: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(inserted.id).toBe(sourceCounts.zoneTypes! + 1);
    } finally {
      await target.close();
    }
    const server = await startLocalServer(dir, { databaseUrl: databaseUrl('copy_target') });
    try {
      expect(server.seeded).toBe(false);
      const login = await call(server.url, 'POST', '/riot-core-services/api/user/login', {
        body: { username: 'admin', password: 'demo' },
      });
      expect(login.status).toBe(200);
      const { token } = login.json as { token: string };
      const whoami = (
        await call(server.url, 'GET', '/riot-core-services/api/user/whoami', { token })
      ).json as { timeZone: string };
      expect(whoami.timeZone).toBe('Asia/Tokyo');
      const things = (
        await call(server.url, 'GET', '/riot-core-services/api/thing?pageSize=1', { token })
      ).json as { total: number };
      expect(things.total).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('refuses a target that already holds Portico data, and leaves it untouched', async () => {
    await expect(copySqliteToPostgres(dir, databaseUrl('copy_target'))).rejects.toThrow(
      /not empty/,
    );
    const target = await openDatabase({ databaseUrl: databaseUrl('copy_target') });
    try {
      const zoneTypes = Number(
        (await sql<{ n: number }>`select count(*) as n from "zoneTypes"`.execute(target.db))
          .rows[0]!.n,
      );
      expect(zoneTypes).toBe(sourceCounts.zoneTypes! + 1);
    } finally {
      await target.close();
    }
  }, 60_000);

  it("refuses a database holding someone else's tables, without creating any of its own there", async () => {
    await createDatabase('other_app');
    const client = new pg.Client({ connectionString: databaseUrl('other_app') });
    await client.connect();
    try {
      await client.query('create table invoices (id serial primary key, total int)');
      await expect(copySqliteToPostgres(dir, databaseUrl('other_app'))).rejects.toThrow(
        /not empty \(it has tables: invoices\)/,
      );
      const tables = await client.query(
        "select table_name from information_schema.tables where table_schema = 'public'",
      );
      expect(tables.rows.map((row: { table_name: string }) => row.table_name)).toEqual([
        'invoices',
      ]);
    } finally {
      await client.end();
    }
  }, 60_000);

  it('refuses a directory without a Portico database and a target that is not PostgreSQL', async () => {
    await expect(
      copySqliteToPostgres(join(dir, 'nothing-here'), databaseUrl('copy_target')),
    ).rejects.toThrow(/no Portico database/);
    await expect(copySqliteToPostgres(dir, 'mysql://localhost/db')).rejects.toThrow(
      /PostgreSQL URL/,
    );
  });
});

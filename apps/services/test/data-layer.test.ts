// The data-layer suite: the same checks on SQLite (file, WAL) and on PostgreSQL when its binaries exist.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createContext, openDatabase, seedDemoData } from '../src/index.ts';
import type { OpenDatabaseOptions, ServicesDb } from '../src/index.ts';
import { pgUnavailableReason, startPgCluster } from './pg-cluster.ts';
import type { PgCluster } from './pg-cluster.ts';

const pgSkip = pgUnavailableReason();
if (pgSkip) console.warn(`data-layer suite on PostgreSQL skipped: ${pgSkip}`);

/** How many rows `table` has. */
async function countRows(db: ServicesDb['db'], table: 'things' | 'auditEntries'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type Call = (method: string, path: string, token?: string, body?: unknown) => Promise<Response>;

/** The API of services over `database` (log dropped): a request as `token` with a JSON `body`. */
function apiOver(database: Parameters<typeof createContext>[0]): Call {
  const app = createApp(createContext(database, { log: () => undefined }));
  return async (method, path, token, body) =>
    app.fetch(
      new Request(`http://db.test/riot-core-services/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
}

/** Signs the demo admin in through `call`: its session token. */
async function adminToken(call: Call): Promise<string> {
  const login = await call('POST', '/user/login', undefined, {
    username: 'admin',
    password: 'demo',
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** A thing of the demo's first thing type in Acme's North DC. */
const northThing = (name: string, serial: string) => ({ name, serial, thingTypeId: 1, groupId: 3 });

function dataLayerSuite(label: string, target: () => OpenDatabaseOptions) {
  describe(`data layer on ${label}`, () => {
    it('migrates idempotently and seeds only a new database', async () => {
      const first = await openDatabase(target());
      expect(first.created).toBe(true);
      expect(await seedDemoData(first.db)).toBe(true);
      const things = await countRows(first.db, 'things');
      await first.db
        .insertInto('thingTypes')
        .values({
          groupId: 2,
          name: 'Kept',
          code: 'kept',
          description: '',
          archived: 0,
          creationTime: 1,
        })
        .execute();
      await first.close();
      const second = await openDatabase(target());
      expect(second.created).toBe(false);
      expect(await seedDemoData(second.db)).toBe(false);
      expect(await countRows(second.db, 'things')).toBe(things);
      expect(
        await second.db
          .selectFrom('thingTypes')
          .select('id')
          .where('name', '=', 'Kept')
          .executeTakeFirst(),
      ).toBeDefined();
      await second.close();
    }, 30_000);

    it('a write and its audit entry commit together or not at all (a failure injected between them)', async () => {
      const database = await openDatabase(target());
      const call = apiOver(database);
      const { sql } = await import('kysely');
      const count = (table: 'things' | 'auditEntries') => countRows(database.db, table);
      try {
        const token = await adminToken(call);
        const things = await count('things');
        const entries = await count('auditEntries');
        // the change is written first, then its entry: the entry's table refuses it
        if (database.dialect === 'postgres') {
          await sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`.execute(
            database.db,
          );
          await sql`create trigger refuse_audit before insert on "auditEntries" for each row execute function refuse_audit()`.execute(
            database.db,
          );
        } else {
          await sql`create trigger refuse_audit before insert on "auditEntries" begin select raise(abort, 'audit refused'); end`.execute(
            database.db,
          );
        }
        try {
          const refused = await call('POST', '/thing', token, northThing('Unaudited', 'UN-1'));
          expect(refused.status).toBe(500);
          expect(await count('things')).toBe(things);
          expect(await count('auditEntries')).toBe(entries);
        } finally {
          await sql`drop trigger refuse_audit ${database.dialect === 'postgres' ? sql`on "auditEntries"` : sql``}`.execute(
            database.db,
          );
          if (database.dialect === 'postgres')
            await sql`drop function refuse_audit`.execute(database.db);
        }
        const made = await call('POST', '/thing', token, northThing('Audited', 'AU-1'));
        expect(made.status).toBe(201);
        expect(await count('things')).toBe(things + 1);
        expect(await count('auditEntries')).toBe(entries + 1);
        const { id } = (await made.json()) as { id: number };
        expect((await call('DELETE', `/thing/${id}`, token)).status).toBe(204);
      } finally {
        await database.close();
      }
    }, 30_000);

    it('serves the API: login, case-insensitive filter with escaped wildcards, writes, conflicts, rollback', async () => {
      const database = await openDatabase(target());
      const call = apiOver(database);
      try {
        const token = await adminToken(call);
        const filtered = (await (
          await call('GET', '/thing?filter=forklift&order=serial:desc&pageSize=3', token)
        ).json()) as { total: number; results: Array<{ serial: string }> };
        expect(filtered.total).toBe(10);
        expect(filtered.results.map((row) => row.serial)).toEqual(
          [...filtered.results.map((row) => row.serial)].sort().reverse(),
        );
        expect(
          ((await (await call('GET', '/thing?filter=_', token)).json()) as { total: number }).total,
        ).toBe(0);
        const created = await call('POST', '/thing', token, northThing('Tank 1', 'TK-1'));
        expect(created.status).toBe(201);
        const { id } = (await created.json()) as { id: number };
        expect((await call('PATCH', `/thing/${id}`, token, { name: 'Tank 2' })).status).toBe(200);
        expect(
          (
            await call('POST', '/user', token, {
              username: 'operator',
              password: 'Secret-Horse-42',
            })
          ).status,
        ).toBe(409);
        // A failing reference check inside the transaction leaves nothing behind.
        const groupsBefore = (await (await call('GET', '/group', token)).json()) as {
          total: number;
        };
        expect(
          (await call('POST', '/group', token, { name: 'x', code: 'x', parentId: 5 })).status,
        ).toBe(400);
        expect(
          ((await (await call('GET', '/group', token)).json()) as { total: number }).total,
        ).toBe(groupsBefore.total);
        expect((await call('DELETE', `/thing/${id}`, token)).status).toBe(204);
        // usernames are unique without regard to case, and sign-in takes any case
        expect(
          (
            await call('POST', '/user', token, {
              username: 'OPERATOR',
              password: 'Secret-Horse-42',
            })
          ).status,
        ).toBe(409);
        expect(
          (await call('POST', '/user/login', undefined, { username: 'Admin', password: 'demo' }))
            .status,
        ).toBe(200);
        const logout = await call('POST', '/user/logout', token);
        expect(logout.status).toBe(200);
        expect((await call('GET', '/user/whoami', token)).status).toBe(401);
      } finally {
        await database.close();
      }
    }, 30_000);

    it('concurrent creates of one serial: exactly one 201, the rest the 409 naming the field', async () => {
      // PostgreSQL: two instances on one database, as behind a load balancer, each with its own
      // pool. SQLite is one instance's embedded database: one instance.
      const first = await openDatabase(target());
      const second = target().databaseUrl ? await openDatabase(target()) : first;
      const apis = [apiOver(first), apiOver(second)];
      const call = (i: number, ...request: Parameters<Call>) => apis[i % 2]!(...request);
      try {
        const token = await adminToken((...request) => call(0, ...request));
        const serial = `RACE-${Date.now()}`;
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            call(i, 'POST', '/thing', token, {
              name: `Racer ${i}`,
              serial,
              thingTypeId: 1,
              // the tenant's own group and its sites: one tenant, so one serial
              groupId: [2, 3, 4][i % 3],
            }),
          ),
        );
        const statuses = answers.map((answer) => answer.status);
        expect(statuses.filter((status) => status === 201)).toHaveLength(1);
        expect(statuses.filter((status) => status === 409)).toHaveLength(11);
        for (const answer of answers.filter((one) => one.status === 409))
          expect(await answer.json()).toMatchObject({
            field: 'serial',
            fields: { serial: 'duplicate' },
            error: 'A thing with this serial already exists: serial must be unique',
          });
        const stored = (await (await call(0, 'GET', `/thing?filter=${serial}`, token)).json()) as {
          total: number;
        };
        expect(stored.total).toBe(1);
        // the same on a rename: one of two concurrent renames onto a new code wins
        const code = `race-${Date.now()}`;
        const renames = await Promise.all(
          [1, 2].map((id, i) => call(i, 'PATCH', `/zone/${id}`, token, { code })),
        );
        expect(renames.map((answer) => answer.status).sort()).toEqual([200, 409]);
        // another tenant may use the serial: Globex is not Acme
        const globex = (await (
          await call(1, 'POST', '/user/login', undefined, { username: 'globex', password: 'demo' })
        ).json()) as { token: string };
        const types = (await (await call(1, 'GET', '/thingType', globex.token)).json()) as {
          results: Array<{ id: number }>;
        };
        expect(
          (
            await call(1, 'POST', '/thing', globex.token, {
              name: 'Globex racer',
              serial,
              thingTypeId: types.results[0]?.id,
            })
          ).status,
        ).toBe(201);
      } finally {
        await first.close();
        if (second !== first) await second.close();
      }
    }, 60_000);

    it('two instances on one database share the sign-in throttle exactly', async () => {
      const first = await openDatabase(target());
      const second = await openDatabase(target());
      const apps = [
        createApp(createContext(first, { log: () => undefined })),
        createApp(createContext(second, { log: () => undefined })),
      ];
      try {
        const guesses = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            apps[i % 2]!.fetch(
              new Request('http://db.test/riot-core-services/api/user/login', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ username: 'Operator', password: `guess-${i}` }),
              }),
            ),
          ),
        );
        const list = guesses.map((response) => response.status);
        expect(list.filter((status) => status === 401)).toHaveLength(5);
        expect(list.filter((status) => status === 429)).toHaveLength(35);
      } finally {
        await first.close();
        await second.close();
      }
    }, 60_000);
  });
}

const sqliteDir = mkdtempSync(join(tmpdir(), 'portico-sqlite-'));
afterAll(() => rmSync(sqliteDir, { recursive: true, force: true }));
dataLayerSuite('SQLite (WAL, file)', () => ({ dataDir: sqliteDir }));

describe.skipIf(pgSkip !== undefined)('PostgreSQL', () => {
  let cluster: PgCluster | undefined;
  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 120_000);
  afterAll(() => cluster?.stop());
  dataLayerSuite('PostgreSQL 15', () => ({ databaseUrl: cluster?.url ?? '' }));

  it('an idle connection PostgreSQL ends is reported and replaced, not a crash', async () => {
    const lines: string[] = [];
    const database = await openDatabase({
      databaseUrl: cluster?.url ?? '',
      log: (line) => lines.push(line),
    });
    const { sql } = await import('kysely');
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const pid = async () =>
        (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]!
          .pid;
      const first = await pid();
      // another session ends the pool's (now idle) connection, as a restart or an administrator would
      const admin = await openDatabase({ databaseUrl: cluster?.url ?? '' });
      await sql`select pg_terminate_backend(${first})`.execute(admin.db);
      await admin.close();
      await expect.poll(() => lines.length).toBe(1);
      expect(lines[0]).toMatch(/PostgreSQL closed an idle connection \(terminating connection/);
      // the next query gets a new connection
      expect(await pid()).not.toBe(first);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await database.close();
    }
  });
});

describe('SQLite durability settings', () => {
  it('runs in WAL mode with synchronous FULL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-wal-'));
    const database = await openDatabase({ dataDir: dir });
    try {
      const { sql } = await import('kysely');
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      expect(sync.rows[0]?.synchronous).toBe(2);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

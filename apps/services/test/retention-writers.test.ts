// A purge deletes in batches, each its own short transaction, so writers keep writing while it runs
// (on SQLite, a single delete would hold the one process and the database's write lock throughout),
// on SQLite and on PostgreSQL, over real HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/index.ts';
import type { StartServerOptions } from '../src/index.ts';
import { describeOnPostgres } from './pg-cluster.ts';
import { callServer, startLocalServer } from './server-call.ts';

const OLD_ENTRIES = 20_000;

const call = callServer;

function writersSuite(name: string, store: (dir: string) => Partial<StartServerOptions>) {
  it(`${name}: writes go on while a purge of ${OLD_ENTRIES} entries runs`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-purge-'));
    const server = await startLocalServer(dir, store(dir));
    try {
      const login = await call(server.url, 'POST', '/user/login', undefined, {
        username: 'admin',
        password: 'demo',
      });
      const token = String(login.json.token);
      const tenantId = Number(login.json.groupId);
      // the old entries, written straight into the database
      const options = store(dir);
      const database = await openDatabase(
        options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir: dir },
      );
      try {
        const old = Date.now() - 400 * 24 * 60 * 60 * 1000;
        await database.db.transaction().execute(async (trx) => {
          for (let start = 0; start < OLD_ENTRIES; start += 500)
            await trx
              .insertInto('auditEntries')
              .values(
                Array.from({ length: 500 }, (_, index) => ({
                  at: old + start + index,
                  tenantId,
                  actorId: null,
                  actorName: 'old',
                  address: 'local',
                  requestId: '',
                  action: 'update',
                  resource: 'zone',
                  recordId: null,
                  recordName: 'old',
                  changes: '[]',
                })),
              )
              .execute();
        });
      } finally {
        await database.close();
      }
      expect(
        (
          await call(server.url, 'PUT', '/dataRetentionPolicy/auditEntries', token, {
            maxAgeDays: 365,
          })
        ).status,
      ).toBe(200);
      let purging = true;
      const during: number[] = [];
      const purge = call(server.url, 'POST', '/dataRetentionPolicy/purge', token).finally(() => {
        purging = false;
      });
      let index = 0;
      while (purging) {
        const write = await call(server.url, 'PATCH', '/zone/1', token, {
          description: `written during the purge ${index++}`,
        });
        if (purging) during.push(write.status);
      }
      const result = await purge;
      expect(result.status).toBe(200);
      expect((result.json.counts as Record<string, number>).auditEntries).toBe(OLD_ENTRIES);
      // the writes went through while it ran, every one of them
      expect(during.length).toBeGreaterThan(2);
      expect(during.every((status) => status === 200)).toBe(true);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
}

describe('SQLite', () => writersSuite('SQLite (WAL, file)', () => ({})));

describeOnPostgres((store) => writersSuite('PostgreSQL 15', store));

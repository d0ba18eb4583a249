// A job left `running` by a process that died (its transaction rolled back) ends `failed` when the
// services start again, and can be run again; on PostgreSQL a job whose owner still holds it is
// left alone. Real servers on one database, restarted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/index.ts';
import type { RunningServer, StartServerOptions } from '../src/index.ts';
import { describeOnPostgres } from './pg-cluster.ts';
import { startLocalServer } from './server-call.ts';

const INTERRUPTED = 'interrupted: the services restarted; nothing was written — run it again';

async function call(base: string, method: string, path: string, token?: string, body?: string) {
  const response = await fetch(`${base}/riot-core-services/api${path}`, {
    method,
    headers: {
      ...(token ? { token } : {}),
      'content-type': path === '/user/login' ? 'application/json' : 'text/csv',
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as Record<string, unknown> };
}

function recoverySuite(name: string, store: () => Partial<StartServerOptions>, dialect: string) {
  describe(name, () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-import-recovery-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const start = (): Promise<RunningServer> => startLocalServer(dir, store());
    const login = async (server: RunningServer) =>
      String(
        (
          await call(
            server.url,
            'POST',
            '/user/login',
            undefined,
            JSON.stringify({ username: 'admin', password: 'demo' }),
          )
        ).json.token,
      );
    /** A checked job of `code`, then left `running` as a process that died mid-run leaves it. */
    async function runningJob(code: string): Promise<number> {
      const first = await start();
      let id: number;
      try {
        const token = await login(first);
        const upload = await call(
          first.url,
          'POST',
          '/importJob?resource=zone',
          token,
          `code,name,zoneType\r\n${code},Recovered ${code},dock\r\n`,
        );
        expect(upload.status).toBe(201);
        expect(upload.json.state).toBe('checked');
        id = Number(upload.json.id);
      } finally {
        await first.close();
      }
      const database = await openDatabase(
        store().databaseUrl ? { databaseUrl: store().databaseUrl } : { dataDir: dir },
      );
      try {
        await database.db
          .updateTable('importJobs')
          .set({ state: 'running', startedAt: Date.now() })
          .where('id', '=', id)
          .execute();
      } finally {
        await database.close();
      }
      return id;
    }

    it('a job left running ends failed at the next start, wrote nothing, and runs again', async () => {
      const id = await runningJob(`REC-${dialect}`);
      const second = await start();
      try {
        const token = await login(second);
        const job = await call(second.url, 'GET', `/importJob/${id}`, token);
        expect(job.json).toMatchObject({
          state: 'failed',
          message: INTERRUPTED,
          runnable: true,
          created: 0,
        });
        const zones = await call(second.url, 'GET', `/zone?filter=REC-${dialect}`, token);
        expect(zones.json.total).toBe(0);
        expect((await call(second.url, 'POST', `/importJob/${id}/run`, token)).status).toBe(202);
        await vi.waitFor(
          async () => {
            const done = await call(second.url, 'GET', `/importJob/${id}`, token);
            expect(done.json).toMatchObject({ state: 'done', created: 1, message: '' });
          },
          { timeout: 10_000, interval: 25 },
        );
        const after = await call(second.url, 'GET', `/zone?filter=REC-${dialect}`, token);
        expect(after.json.total).toBe(1);
        // done: a confirm sent again does not run it a second time
        const again = await call(second.url, 'POST', `/importJob/${id}/run`, token);
        expect(again.status).toBe(200);
        expect(again.json).toMatchObject({ state: 'done', runnable: false });
      } finally {
        await second.close();
      }
    }, 60_000);

    it.runIf(dialect === 'pg')(
      "a job another live instance holds is left running by this one's start",
      async () => {
        const id = await runningJob('REC-HELD');
        const owner = new pg.Client({ connectionString: store().databaseUrl });
        await owner.connect();
        try {
          await owner.query('begin');
          await owner.query('select pg_advisory_xact_lock(15029, $1)', [id]);
          const second = await start();
          try {
            const token = await login(second);
            const job = await call(second.url, 'GET', `/importJob/${id}`, token);
            expect(job.json).toMatchObject({ state: 'running', runnable: false });
          } finally {
            await second.close();
          }
          await owner.query('rollback');
        } finally {
          await owner.end();
        }
        // the owner gone, the next start takes it for interrupted
        const third = await start();
        try {
          const token = await login(third);
          const job = await call(third.url, 'GET', `/importJob/${id}`, token);
          expect(job.json).toMatchObject({ state: 'failed', message: INTERRUPTED });
        } finally {
          await third.close();
        }
      },
      60_000,
    );
  });
}

recoverySuite('SQLite', () => ({}), 'sqlite');

describeOnPostgres((store) => recoverySuite('PostgreSQL 15', store, 'pg'));

// An instance of two node:cluster workers (IPC between them) beside a one-process instance, on one
// PostgreSQL (NOTIFY between instances): every process applies each event once, and a write through
// any process holds in every other on the very next request. Fresh connection per request, so
// node:cluster spreads the requests to the two-worker instance over both workers.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.ts';
import { pgUnavailableReason, startPgCluster } from './pg-cluster.ts';
import type { PgCluster } from './pg-cluster.ts';
import { call } from './two-instances.ts';
import { startLocalServer } from './server-call.ts';
import { stopFixture, spawnFixture, firstLine } from './child-process.ts';

const pgSkip = pgUnavailableReason();

describe.skipIf(pgSkip !== undefined)(
  'a two-worker instance and a one-process instance on one PostgreSQL',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-instances-cluster-'));
    let pg: PgCluster;
    let child: ChildProcess;
    let clusterApi: string;
    let single: RunningServer;
    let singleApi: string;

    beforeAll(async () => {
      pg = await startPgCluster();
      // The one-process instance first: it migrates and seeds.
      single = await startLocalServer(dir, { databaseUrl: pg.url });
      singleApi = `${single.url}/riot-core-services/api`;
      child = spawnFixture('pg-child-server.ts', [dir, '2', pg.url], 'inherit');
      const url = await firstLine(child);
      clusterApi = `${url}/riot-core-services/api`;
    }, 120_000);

    afterAll(async () => {
      await stopFixture(child);
      await single?.close();
      pg?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    const login = async (api: string, username: string) => {
      const answer = await call(api, 'POST', '/user/login', {
        body: { username, password: 'demo' },
      });
      expect(answer.status).toBe(200);
      return answer.json as { token: string; id: number };
    };
    const statuses = async (api: string, token: string, times = 4) => {
      const result: number[] = [];
      for (let i = 0; i < times; i += 1)
        result.push((await call(api, 'GET', '/user/whoami', { token })).status);
      return result;
    };

    it('serves from two workers, each with its own listener', () => {
      const workers = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
        .trim()
        .split(/\s+/);
      expect(workers).toHaveLength(2);
    });

    it('a logout through the one-process instance ends the session in both workers of the other', async () => {
      const { token } = await login(clusterApi, 'operator');
      expect(await statuses(clusterApi, token)).toEqual([200, 200, 200, 200]);
      expect((await call(singleApi, 'POST', '/user/logout', { token })).status).toBe(200);
      expect(await statuses(clusterApi, token)).toEqual([401, 401, 401, 401]);
    }, 30_000);

    it('a logout through a worker ends the session in its sibling and in the other instance', async () => {
      const { token } = await login(singleApi, 'viewer');
      expect(await statuses(clusterApi, token)).toEqual([200, 200, 200, 200]);
      expect(await statuses(singleApi, token, 1)).toEqual([200]);
      expect((await call(clusterApi, 'POST', '/user/logout', { token })).status).toBe(200);
      expect([
        ...(await statuses(clusterApi, token)),
        ...(await statuses(singleApi, token, 2)),
      ]).toEqual([401, 401, 401, 401, 401, 401]);
    }, 30_000);

    it('a setting saved through a worker shows in whoami everywhere at once', async () => {
      const { token, id } = await login(singleApi, 'admin');
      const zones = async () => {
        const seen: unknown[] = [];
        for (const api of [clusterApi, clusterApi, clusterApi, singleApi])
          seen.push(
            ((await call(api, 'GET', '/user/whoami', { token })).json as { timeZone: unknown })
              .timeZone,
          );
        return seen;
      };
      await zones();
      expect(
        (
          await call(clusterApi, 'PUT', `/user/${id}/field/timeZoneConfiguration`, {
            token,
            body: { value: 'Pacific/Auckland' },
          })
        ).status,
      ).toBe(201);
      expect(await zones()).toEqual([
        'Pacific/Auckland',
        'Pacific/Auckland',
        'Pacific/Auckland',
        'Pacific/Auckland',
      ]);
    }, 30_000);
  },
);

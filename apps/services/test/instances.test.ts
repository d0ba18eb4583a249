// Two separate instances (two startServer, not cluster workers) on one PostgreSQL behave as one: a
// write answered by A holds on B on the very next request, through LISTEN/NOTIFY (cluster/pg-bus.ts).
// Every request goes out on a fresh connection.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCacheBus } from '../src/cluster/cache-bus.ts';
import type { CacheEvent } from '../src/cluster/cache-bus.ts';
import { LISTENER_APPLICATION_NAME, NOTIFY_SQL, PgCacheBus } from '../src/cluster/pg-bus.ts';
import { processMetrics } from '../src/ops/metrics.ts';
import { pgUnavailableReason } from './pg-cluster.ts';
import { call, startTwoInstances } from './two-instances.ts';
import type { TwoInstances } from './two-instances.ts';

const pgSkip = pgUnavailableReason();

describe.skipIf(pgSkip !== undefined)('two instances on one PostgreSQL', () => {
  let env: TwoInstances;
  let sqlClient: pg.Client;
  beforeAll(async () => {
    env = await startTwoInstances();
    sqlClient = new pg.Client({ connectionString: env.pg.url });
    await sqlClient.connect();
  }, 120_000);
  afterAll(async () => {
    await sqlClient?.end();
    await env?.close();
  });

  const login = async (api: string, username: string, password = 'demo') => {
    const answer = await call(api, 'POST', '/user/login', { body: { username, password } });
    expect(answer.status).toBe(200);
    return answer.json as { token: string; id: number };
  };

  it('both instances are ready and listen on PostgreSQL', async () => {
    expect((await call(env.a.server.url, 'GET', '/readyz')).status).toBe(200);
    expect((await call(env.b.server.url, 'GET', '/readyz')).status).toBe(200);
    const listeners = await sqlClient.query(
      'select count(*)::int as n from pg_stat_activity where application_name = $1',
      [LISTENER_APPLICATION_NAME],
    );
    expect(listeners.rows[0].n).toBe(2);
  });

  it('a logout on A is a 401 on B on the very next request (10 times over)', async () => {
    for (let trial = 0; trial < 10; trial += 1) {
      const { token } = await login(env.a.api, 'operator');
      // B has the session cached (its cache would keep it for 5 s).
      expect((await call(env.b.api, 'GET', '/user/whoami', { token })).status).toBe(200);
      expect((await call(env.a.api, 'POST', '/user/logout', { token })).status).toBe(200);
      expect((await call(env.b.api, 'GET', '/user/whoami', { token })).status).toBe(401);
    }
  }, 60_000);

  it('an API key revoked on A is a 401 on B on the very next request (5 times over)', async () => {
    const admin = await login(env.a.api, 'admin');
    for (let trial = 0; trial < 5; trial += 1) {
      const created = await call(env.a.api, 'PUT', `/user/${admin.id}/apiKey`, {
        token: admin.token,
        body: {
          name: `instances ${trial}`,
          expiresAt: Date.now() + 86_400_000,
          permissions: ['zone:r'],
        },
      });
      expect(created.status).toBe(201);
      const key = created.json as { key: string; id: number };
      const onB = async () =>
        (await call(env.b.api, 'GET', '/zone?pageSize=1', { headers: { api_key: key.key } }))
          .status;
      // B has the key in memory (it would keep it for 5 s)
      expect(await onB()).toBe(200);
      expect(
        (
          await call(env.a.api, 'DELETE', `/user/${admin.id}/apiKey/${key.id}`, {
            token: admin.token,
          })
        ).status,
      ).toBe(204);
      expect(await onB()).toBe(401);
    }
  }, 60_000);

  it('a role change on A holds on B on the very next request', async () => {
    const admin = await login(env.a.api, 'admin');
    const role = (
      await call(env.a.api, 'POST', '/role', {
        token: admin.token,
        body: { name: 'Zone readers (instances)', permissions: ['zone:r'] },
      })
    ).json as { id: number };
    const created = await call(env.a.api, 'POST', '/user', {
      token: admin.token,
      body: {
        username: 'instances.reader',
        password: 'instances-secret',
        groupId: 3,
        roleIds: [role.id],
      },
    });
    expect(created.status).toBe(201);
    const reader = await login(env.b.api, 'instances.reader', 'instances-secret');
    expect((await call(env.b.api, 'GET', '/zone?pageSize=1', { token: reader.token })).status).toBe(
      200,
    );
    expect(
      (
        await call(env.a.api, 'PATCH', `/role/${role.id}`, {
          token: admin.token,
          body: { permissions: [] },
        })
      ).status,
    ).toBe(200);
    expect((await call(env.b.api, 'GET', '/zone?pageSize=1', { token: reader.token })).status).toBe(
      403,
    );
    expect(
      (
        await call(env.b.api, 'PATCH', `/role/${role.id}`, {
          token: admin.token,
          body: { permissions: ['zone:r'] },
        })
      ).status,
    ).toBe(200);
    expect((await call(env.a.api, 'GET', '/zone?pageSize=1', { token: reader.token })).status).toBe(
      200,
    );
  }, 30_000);

  it("a setting changed on A shows in B's whoami on the very next request", async () => {
    const { token, id } = await login(env.a.api, 'viewer');
    for (const zone of ['Asia/Tokyo', 'Europe/Paris', 'America/Chicago']) {
      const before = (await call(env.b.api, 'GET', '/user/whoami', { token })).json as {
        timeZone: string | null;
      };
      expect(before.timeZone).not.toBe(zone);
      expect(
        (
          await call(env.a.api, 'PUT', `/user/${id}/field/timeZoneConfiguration`, {
            token,
            body: { value: zone },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          (await call(env.b.api, 'GET', '/user/whoami', { token })).json as {
            timeZone: string | null;
          }
        ).timeZone,
      ).toBe(zone);
    }
  }, 30_000);

  it('a list total on B follows a create on A at once', async () => {
    const admin = await login(env.a.api, 'admin');
    const total = async (api: string) =>
      (
        (await call(api, 'GET', '/zone?pageSize=1', { token: admin.token })).json as {
          total: number;
        }
      ).total;
    const before = await total(env.b.api);
    expect(
      (
        await call(env.a.api, 'POST', '/zone', {
          token: admin.token,
          body: { name: 'Instances dock', zoneTypeId: 1, groupId: 3 },
        })
      ).status,
    ).toBe(201);
    expect(await total(env.b.api)).toBe(before + 1);
    // The lag of each such write is in the metrics.
    const lag = (await processMetrics().registry.getMetricsAsJSON()).find(
      (metric) => metric.name === 'portico_cache_bus_echo_seconds',
    ) as { values: Array<{ metricName?: string; value: number }> };
    expect(
      lag.values.find((value) => value.metricName === 'portico_cache_bus_echo_seconds_count')
        ?.value,
    ).toBeGreaterThan(0);
  }, 30_000);

  it('a listener killed with pg_terminate_backend reconnects, and its caches are emptied', async () => {
    const { token, id } = await login(env.b.api, 'nobody');
    const zoneOnB = async () =>
      (
        (await call(env.b.api, 'GET', '/user/whoami', { token })).json as {
          timeZone: string | null;
        }
      ).timeZone;
    expect(await zoneOnB()).toBeNull();
    // Written behind the servers' backs (no event): B keeps showing its cached whoami meanwhile.
    await sqlClient.query(
      `insert into "userFields" ("ownerId", name, value) values ($1, 'timeZoneConfiguration', 'Africa/Lagos')`,
      [id],
    );
    expect(await zoneOnB()).toBeNull();
    const listenerPids = async () =>
      (
        await sqlClient.query('select pid from pg_stat_activity where application_name = $1', [
          LISTENER_APPLICATION_NAME,
        ])
      ).rows.map((row: { pid: number }) => row.pid);
    const before = await listenerPids();
    const killed = await sqlClient.query(
      'select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1',
      [LISTENER_APPLICATION_NAME],
    );
    expect(killed.rows.map((row: { ok: boolean }) => row.ok)).toEqual([true, true]);
    // Ready again once listening on new connections (the caches are emptied before it says so).
    const deadline = Date.now() + 10_000;
    for (;;) {
      expect(Date.now()).toBeLessThan(deadline);
      const now = await listenerPids();
      if (now.length === 2 && now.every((pid) => !before.includes(pid))) {
        const [a, b] = await Promise.all([
          call(env.a.server.url, 'GET', '/readyz'),
          call(env.b.server.url, 'GET', '/readyz'),
        ]);
        if (a.status === 200 && b.status === 200) break;
      }
      await sleep(10);
    }
    expect(await zoneOnB()).toBe('Africa/Lagos');
    expect(env.b.logs.some((line) => /listener lost its PostgreSQL connection/.test(line))).toBe(
      true,
    );
    expect(env.b.logs.some((line) => /caches emptied/.test(line))).toBe(true);
    // Events flow again: a logout on A reaches B.
    expect((await call(env.a.api, 'POST', '/user/logout', { token })).status).toBe(200);
    expect((await call(env.b.api, 'GET', '/user/whoami', { token })).status).toBe(401);
  }, 30_000);

  it('a bus whose listener is down is not ready, publishes without waiting and warns, and empties its caches when back', async () => {
    const logs: string[] = [];
    const inner = new LocalCacheBus();
    const applied: Array<CacheEvent | 'reset'> = [];
    inner.subscribe((event) => applied.push(event));
    inner.onReset(() => applied.push('reset'));
    const other = new LocalCacheBus();
    const heard: CacheEvent[] = [];
    other.subscribe((event) => heard.push(event));
    const notify = async (channel: string, payload: string, ownPid: number) =>
      (await sqlClient.query(NOTIFY_SQL, [channel, payload, ownPid])).rows[0].pids as number[];
    const bus = new PgCacheBus(inner, {
      databaseUrl: env.pg.url,
      instanceId: 'test-a',
      notify,
      log: (line) => logs.push(line),
      reconnectMinMs: 400,
      reconnectMaxMs: 400,
    });
    const peer = new PgCacheBus(other, {
      databaseUrl: env.pg.url,
      instanceId: 'test-b',
      notify,
      log: () => undefined,
    });
    await Promise.all([bus.start(), peer.start()]);
    try {
      await bus.publish({ type: 'table', table: 'zones' });
      expect(applied).toEqual([{ type: 'table', table: 'zones' }]);
      // The peer applied it before the publish resolved (it acknowledged).
      expect(heard).toEqual([{ type: 'table', table: 'zones' }]);
      const pid = (
        await sqlClient.query(
          'select pid from pg_stat_activity where application_name = $1 order by backend_start',
          [LISTENER_APPLICATION_NAME],
        )
      ).rows;
      expect(pid.length).toBeGreaterThanOrEqual(2);
      // Kill every listener; ours stays down for 400 ms.
      await sqlClient.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [LISTENER_APPLICATION_NAME],
      );
      await waitFor(() => !bus.isListening());
      const started = performance.now();
      await bus.publish({ type: 'logout', tokenHash: 'h' });
      expect(performance.now() - started).toBeLessThan(300);
      expect(logs.some((line) => /listener is down/.test(line))).toBe(true);
      await waitFor(() => bus.isListening(), 5_000);
      expect(applied.at(-1)).toBe('reset');
      expect(bus.connections).toBe(2);
    } finally {
      await bus.close();
      await peer.close();
    }
  }, 30_000);
});

async function waitFor(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

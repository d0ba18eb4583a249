// Many instances: two instances on PostgreSQL behind nginx vs one on SQLite, measured in
// the same run at SEED_SCALE 100 (the PostgreSQL data is the SQLite data copied by db:copy, timed);
// the cross-instance invalidation lag over 200 trials; whoami against a bare Hono hello-world (one
// process each, interleaved). autocannon runs in its own process; every server too. Figures are
// medians of three 5-second runs (five pairs for the whoami / hello-world ratio), with the
// machine's steal and load average; the machine is shared, so read the ratios. A run's failures
// are shown by kind (HTTP status, timeouts, connection errors).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { copySqliteToPostgres, openDatabase, seedDemoData } from '@portico/services';
import { LocalCacheBus } from '../../apps/services/src/cluster/cache-bus.ts';
import { NOTIFY_SQL, PgCacheBus } from '../../apps/services/src/cluster/pg-bus.ts';
import { startPgCluster } from '../../apps/services/test/pg-cluster.ts';
import { nginxUnavailableReason, startNginx } from '../../scripts/e2e-env-nginx.ts';
import {
  addFailureKinds,
  autocannon,
  cpuJiffies,
  failureKinds,
  showFailureKinds,
  stealBetween,
} from './load-runner.ts';
import { median } from './table.ts';
import type { BenchRow } from './table.ts';

const RUNS = 3;
/** Pairs of whoami and hello-world runs for their ratio (the figure with the least margin). */
const RATIO_RUNS = 5;
const SECONDS = 5;
const THING_PAGE = '/riot-core-services/api/thing?pageSize=50&pageNumber=3&order=name:asc';
const WHOAMI = '/riot-core-services/api/user/whoami';

interface Load {
  rps: number;
  p99: number;
  failures: number;
  /** The failures by kind (`failureKinds` in load-runner.ts). */
  kinds: Record<string, number>;
  steal: number;
  /** The machine's one-minute load average when the run ended. */
  load: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  seconds = SECONDS,
): Promise<Load> {
  const before = cpuJiffies();
  const result = await autocannon(url, headers, seconds);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
    kinds: failureKinds(result),
    steal: stealBetween(before, cpuJiffies()),
    load: loadavg()[0] ?? Number.NaN,
  };
}

async function measure(url: string, headers: Record<string, string>): Promise<Load> {
  const runs: Load[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await load(url, headers));
  return summary(runs);
}

/** Medians of runs. */
function summary(runs: Load[]): Load {
  return {
    rps: median(runs.map((run) => run.rps)),
    p99: median(runs.map((run) => run.p99)),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    kinds: runs.reduce<Record<string, number>>((sum, run) => addFailureKinds(sum, run.kinds), {}),
    steal: median(runs.map((run) => run.steal)),
    load: median(runs.map((run) => run.load)),
  };
}

interface Child {
  url: string;
  stop(): Promise<void>;
}

async function startChild(arg: string): Promise<Child> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'instance-process.ts'), arg],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) =>
      reject(new Error(`a bench server exited (${code}): ${stderr.slice(-500)}`)),
    );
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/riot-core-services/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo' }),
  });
  if (response.status !== 200) throw new Error(`login through ${base}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** nginx's error log lines of level error or worse (its warnings are no failure). */
function nginxErrors(prefix: string): string[] {
  try {
    return readFileSync(join(prefix, 'error.log'), 'utf8')
      .split('\n')
      .filter((line) => /\[(error|crit|alert|emerg)\]/.test(line));
  } catch {
    return [];
  }
}

/**
 * `m` through nginx. nginx closes a client connection after `keepalive_requests` (1000) requests,
 * saying so in that answer (`Connection: close`); autocannon ignores it and writes its next request
 * into the closing connection, which the kernel resets: a connection error on autocannon's side for a
 * request nginx never received. It happens once a run's 50 connections pass 1000 requests each
 * (about 10,000 req/s over 5 s: 3 to 7 a run), and 13 to 32 a run at about 9,000 req/s with
 * keepalive_requests at 100. Such errors, with no answer other than 2xx and nothing in
 * nginx's error log, are shown as what they are; anything else stays a failure, with nginx's first
 * error line.
 */
function showThroughNginx(m: Load, errors: readonly string[]): string {
  const kinds = Object.keys(m.kinds);
  if (errors.length === 0 && kinds.length === 1 && kinds[0] === 'connection errors') {
    return `${show({ ...m, failures: 0, kinds: {} })}; ${m.kinds['connection errors']} requests written by autocannon into connections nginx was closing after keepalive_requests (it ignores Connection: close; nginx logged no error)`;
  }
  return `${show(m)}${errors.length > 0 ? `; nginx error.log: ${errors[0]}` : ''}`;
}

const show = (m: Load) =>
  `${Math.round(m.rps).toLocaleString('en-US')} req/s, p99 ${m.p99} ms${m.failures ? ` (${m.failures} failed: ${showFailureKinds(m.kinds)})` : ''}${Number.isNaN(m.steal) ? '' : `, steal ${(m.steal * 100).toFixed(0)}%`}, load ${m.load.toFixed(1)}`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

/** 200 events published by one bus, timed until another instance's bus applied them, and until the publish resolved. */
async function busLag(databaseUrl: string): Promise<{ applied: number[]; resolved: number[] }> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const notify = async (channel: string, payload: string, ownPid: number) =>
    ((await pool.query(NOTIFY_SQL, [channel, payload, ownPid])).rows[0] as { pids: number[] }).pids;
  const log = () => undefined;
  const innerA = new LocalCacheBus();
  const innerB = new LocalCacheBus();
  const a = new PgCacheBus(innerA, { databaseUrl, instanceId: 'bench-a', notify, log });
  const b = new PgCacheBus(innerB, { databaseUrl, instanceId: 'bench-b', notify, log });
  await Promise.all([a.start(), b.start()]);
  const applied: number[] = [];
  const resolved: number[] = [];
  let waiting: { table: string; started: number } | undefined;
  innerB.subscribe((event) => {
    if (waiting && event.type === 'table' && event.table === waiting.table)
      applied.push(performance.now() - waiting.started);
  });
  try {
    for (let trial = 0; trial < 220; trial += 1) {
      const table = `bench-${trial}`;
      const started = performance.now();
      waiting = { table, started };
      await a.publish({ type: 'table', table });
      // The first 20 warm the connections up.
      if (trial >= 20) resolved.push(performance.now() - started);
      else applied.length = 0;
    }
  } finally {
    await a.close();
    await b.close();
    await pool.end();
  }
  return { applied, resolved };
}

export async function runInstancesBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const nginxMissing = nginxUnavailableReason();
  const dir = mkdtempSync(join(tmpdir(), 'portico-bench-instances-'));
  const pg = await startPgCluster();
  const children: Child[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    // The SQLite installation at SEED_SCALE 100, then db:copy into PostgreSQL.
    const seedStarted = performance.now();
    const source = await openDatabase({ dataDir: dir });
    await seedDemoData(source.db, 100);
    await source.close();
    const seedMs = performance.now() - seedStarted;
    const copy = await copySqliteToPostgres(dir, pg.url);
    rows.push({
      name: 'instances: db:copy SQLite → PostgreSQL at SEED_SCALE 100',
      value: `${(copy.ms / 1000).toFixed(1)} s for ${Object.values(copy.tables)
        .reduce((sum, n) => sum + n, 0)
        .toLocaleString(
          'en-US',
        )} rows (${(copy.tables.things ?? 0).toLocaleString('en-US')} things); seeding SQLite took ${(seedMs / 1000).toFixed(1)} s`,
    });

    // Cross-instance invalidation lag.
    const lag = await busLag(pg.url);
    rows.push({
      name: 'instances: cross-instance invalidation lag (200 trials): applied by the other instance p50 / p99',
      value: `${percentile(lag.applied, 50).toFixed(1)} / ${percentile(lag.applied, 99).toFixed(1)} ms`,
      target: 'p99 ≤ 50 ms',
      ok: percentile(lag.applied, 99) <= 50,
    });
    rows.push({
      name: 'instances: a write waits for echo + acknowledgements p50 / p99',
      value: `${percentile(lag.resolved, 50).toFixed(1)} / ${percentile(lag.resolved, 99).toFixed(1)} ms`,
    });

    const common = {
      host: '127.0.0.1',
      port: 0,
      consoleDir: dir,
      legacyUiDir: dir,
      logLevel: 'warn',
    };
    // Bare Hono vs whoami, one process each, same machine state.
    const hello = await startChild('hello');
    children.push(hello);
    const single = await startChild(JSON.stringify({ ...common, dataDir: dir, workers: 1 }));
    children.push(single);
    const singleToken = await login(single.url);
    await load(`${single.url}${WHOAMI}`, { token: singleToken }, 2);
    // Interleaved, so that both see the same load on a shared machine, and each pair in the other
    // order than the last (neither always runs on a machine the other has just warmed up or left
    // busy); the ratio is the median of the pairs' own ratios, every one of them shown.
    const helloRuns: Load[] = [];
    const whoamiRuns: Load[] = [];
    for (let i = 0; i < RATIO_RUNS; i += 1) {
      if (i % 2 === 0) helloRuns.push(await load(`${hello.url}/`, {}));
      whoamiRuns.push(await load(`${single.url}${WHOAMI}`, { token: singleToken }));
      if (i % 2 === 1) helloRuns.push(await load(`${hello.url}/`, {}));
    }
    const ratios = whoamiRuns.map((run, i) => run.rps / helloRuns[i]!.rps);
    const ratio = median(ratios);
    await hello.stop();
    await single.stop();
    rows.push(
      { name: 'instances: bare Hono hello-world, one process', value: show(summary(helloRuns)) },
      {
        name: 'instances: whoami, one process (SQLite) vs the bare Hono hello-world',
        value: `${show(summary(whoamiRuns))}: ${(ratio * 100).toFixed(0)} % (runs: ${ratios.map((r) => `${(r * 100).toFixed(0)} %`).join(', ')})`,
        target: '≥ 50 %',
        ok: ratio >= 0.5,
      },
    );

    // One instance on SQLite (two workers, as npm start runs it here)...
    const sqlite = await startChild(JSON.stringify({ ...common, dataDir: dir, workers: 2 }));
    children.push(sqlite);
    const sqliteToken = await login(sqlite.url);
    await load(`${sqlite.url}${THING_PAGE}`, { token: sqliteToken }, 2);
    const sqliteWhoami = await measure(`${sqlite.url}${WHOAMI}`, { token: sqliteToken });
    const sqliteThings = await measure(`${sqlite.url}${THING_PAGE}`, { token: sqliteToken });
    await sqlite.stop();

    // ...vs two instances (one process each) on PostgreSQL behind nginx: the same two cores.
    if (nginxMissing) {
      rows.push({
        name: 'instances: two instances on PostgreSQL behind nginx',
        value: `skipped (${nginxMissing})`,
      });
    } else {
      const pgInstances: Child[] = [];
      for (let i = 0; i < 2; i += 1) {
        const instance = await startChild(
          JSON.stringify({
            ...common,
            dataDir: dir,
            databaseUrl: pg.url,
            workers: 1,
            trustProxy: ['127.0.0.1'],
          }),
        );
        children.push(instance);
        pgInstances.push(instance);
      }
      nginx = await startNginx(pgInstances.map((instance) => instance.url.replace('http://', '')));
      const token = await login(nginx.url);
      await load(`${nginx.url}${THING_PAGE}`, { token }, 2);
      const before = nginxErrors(nginx.prefix).length;
      const pgWhoami = await measure(`${nginx.url}${WHOAMI}`, { token });
      const whoamiErrors = nginxErrors(nginx.prefix).slice(before);
      const pgThings = await measure(`${nginx.url}${THING_PAGE}`, { token });
      const thingsErrors = nginxErrors(nginx.prefix).slice(before + whoamiErrors.length);
      rows.push(
        {
          name: 'instances: whoami, one instance on SQLite (2 workers)',
          value: show(sqliteWhoami),
        },
        {
          name: 'instances: whoami, nginx over two instances on PostgreSQL',
          value: `${showThroughNginx(pgWhoami, whoamiErrors)} (×${(pgWhoami.rps / sqliteWhoami.rps).toFixed(2)} of SQLite)`,
        },
        {
          name: 'instances: 50-thing page, one instance on SQLite (2 workers)',
          value: show(sqliteThings),
        },
        {
          name: 'instances: 50-thing page, nginx over two instances on PostgreSQL',
          value: `${showThroughNginx(pgThings, thingsErrors)} (×${(pgThings.rps / sqliteThings.rps).toFixed(2)} of SQLite)`,
        },
      );
    }
  } finally {
    await nginx?.close();
    for (const child of children) await child.stop();
    pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

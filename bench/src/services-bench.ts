// Services throughput: autocannon (50 connections, 10 s, its own process) against a real server on a
// temporary SQLite database seeded at SEED_SCALE 100. The server runs as `npm start` runs it on this
// machine (one worker per core); each load is measured three times and the medians reported, with
// the CPU time the hypervisor took from this VM meanwhile (steal), since these machines are shared,
// and the serving processes' own CPU time per request (/proc), which steal disturbs far less.
// One single-process pass gives the ratio the workers bring.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@portico/services';
import { autocannon, cpuJiffies, stealBetween } from './load-runner.ts';
import { median } from './table.ts';
import type { BenchRow } from './table.ts';

interface Measured {
  rps: number;
  p99: number;
  failures: number;
  /** Share of the machine's CPU time stolen by the hypervisor during the run, 0–1 (NaN off Linux). */
  steal: number;
  /** CPU time the serving processes spent per request, µs (NaN off Linux): steadier than req/s. */
  cpuPerRequest: number;
  /** The machine's one-minute load average when the run ended (other work on a shared machine). */
  load: number;
}

const RUNS = 3;

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU ticks (user + system) of these processes, all threads (Linux /proc), or NaN elsewhere. */
function processTicks(pids: number[]): number {
  try {
    let ticks = 0;
    for (const pid of pids) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks;
  } catch {
    return Number.NaN;
  }
}

/** This process's children now (Linux /proc): the cluster's workers, read before any load runs. */
function childPids(): number[] {
  try {
    return readdirSync(`/proc/${process.pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

async function measure(
  url: string,
  headers: Record<string, string>,
  servers: number[],
): Promise<Measured> {
  const before = cpuJiffies();
  const ticksBefore = processTicks(servers);
  const result = await autocannon(url, headers, 10);
  const ticksAfter = processTicks(servers);
  const after = cpuJiffies();
  const steal = stealBetween(before, after);
  const cpuPerRequest =
    ((ticksAfter - ticksBefore) * (1e6 / CLOCK_TICKS_PER_SECOND)) /
    Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
    steal,
    cpuPerRequest,
    load: loadavg()[0] ?? Number.NaN,
  };
}

interface Server {
  api: string;
  /** The processes that serve: the cluster's workers, or this process. */
  pids: number[];
  url: string;
  token: string;
  /** A site operator's token: its things are the 50,000 of one group. */
  operatorToken: string;
  total: number;
  seedMs: number;
  close(): Promise<void>;
}

async function start(workers: number): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-bench-'));
  const seedStart = performance.now();
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    dataDir: dir,
    consoleDir: dir,
    legacyUiDir: dir,
    seedScale: 100,
    workers,
    log: () => undefined,
  });
  const seedMs = performance.now() - seedStart;
  const pids = workers > 1 ? childPids() : [process.pid];
  const api = `${server.url}/riot-core-services/api`;
  const login = async (username: string) => {
    const response = await fetch(`${api}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'demo' }),
    });
    return ((await response.json()) as { token: string }).token;
  };
  const token = await login('admin');
  const operatorToken = await login('operator');
  const total = (
    (await (await fetch(`${api}/thing?pageSize=1`, { headers: { token } })).json()) as {
      total: number;
    }
  ).total;
  // Warm every worker's caches and JIT before measuring.
  await autocannon(`${api}/thing?pageSize=50&pageNumber=3&order=name:asc`, { token }, 2);
  return {
    api,
    pids,
    url: server.url,
    token,
    operatorToken,
    total,
    seedMs,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const THING_PAGE = '/thing?pageSize=50&pageNumber=3&order=name:asc';

export async function runServicesBench(): Promise<BenchRow[]> {
  const workers = Math.min(availableParallelism(), 8);
  const rows: BenchRow[] = [];
  const cluster = await start(workers);
  const runs: Record<'baseline' | 'whoami' | 'things' | 'operator', Measured[]> = {
    baseline: [],
    whoami: [],
    things: [],
    operator: [],
  };
  try {
    for (let run = 0; run < RUNS; run += 1) {
      runs.baseline.push(await measure(`${cluster.url}/git.json`, {}, cluster.pids));
      runs.whoami.push(
        await measure(`${cluster.api}/user/whoami`, { token: cluster.token }, cluster.pids),
      );
      runs.things.push(
        await measure(`${cluster.api}${THING_PAGE}`, { token: cluster.token }, cluster.pids),
      );
      runs.operator.push(
        await measure(
          `${cluster.api}${THING_PAGE}`,
          { token: cluster.operatorToken },
          cluster.pids,
        ),
      );
    }
  } finally {
    await cluster.close();
  }
  const single = await start(1);
  let singleWhoami: Measured;
  let singleThings: Measured;
  try {
    singleWhoami = await measure(`${single.api}/user/whoami`, { token: single.token }, single.pids);
    singleThings = await measure(
      `${single.api}${THING_PAGE}`,
      { token: single.token },
      single.pids,
    );
  } finally {
    await single.close();
  }
  const rps = (list: Measured[]) => median(list.map((m) => m.rps));
  const p99 = (list: Measured[]) => median(list.map((m) => m.p99));
  const failures = (list: Measured[]) => {
    const count = list.reduce((sum, m) => sum + m.failures, 0);
    return count > 0 ? ` (${count} failed requests)` : '';
  };
  const cpu = (list: Measured[]) => {
    const value = median(list.map((m) => m.cpuPerRequest));
    return Number.isNaN(value) ? 'n/a' : `${Math.round(value).toLocaleString('en-US')} µs`;
  };
  const steal = (list: Measured[]) => {
    const value = median(list.map((m) => m.steal));
    const load = median(list.map((m) => m.load));
    return `${Number.isNaN(value) ? '' : `, steal ${(value * 100).toFixed(0)}%`}, load ${load.toFixed(1)}`;
  };
  const all = [...runs.baseline, ...runs.whoami, ...runs.things, ...runs.operator];
  rows.push(
    {
      name: 'services: seed at SEED_SCALE 100',
      value: `${(cluster.seedMs / 1000).toFixed(1)} s, ${cluster.total.toLocaleString('en-US')} things visible to admin`,
    },
    {
      name: `services: ${workers} workers, median of ${RUNS} × 10 s, 50 connections`,
      value: `machine steal: ${all.map((m) => (Number.isNaN(m.steal) ? 'n/a' : `${(m.steal * 100).toFixed(0)}%`)).join(' ')}; load average: ${all.map((m) => m.load.toFixed(1)).join(' ')}`,
    },
    {
      name: 'services: GET /git.json req/s (floor: a static answer)',
      value: `${Math.round(rps(runs.baseline))}${failures(runs.baseline)}${steal(runs.baseline)}`,
    },
    {
      name: 'services: whoami req/s',
      value: `${Math.round(rps(runs.whoami))}${failures(runs.whoami)}${steal(runs.whoami)}`,
      target: '≥ 5,000',
      ok: rps(runs.whoami) >= 5000,
    },
    {
      name: 'services: whoami p99',
      value: `${p99(runs.whoami)} ms`,
      target: '< 20 ms',
      ok: p99(runs.whoami) < 20,
    },
    {
      name: 'services: 50-thing page req/s',
      value: `${Math.round(rps(runs.things))}${failures(runs.things)}${steal(runs.things)}`,
      target: '≥ 3,000',
      ok: rps(runs.things) >= 3000,
    },
    { name: 'services: 50-thing page p99', value: `${p99(runs.things)} ms` },
    {
      name: 'services: server CPU per request: git.json / whoami / 50-thing page',
      value: `${cpu(runs.baseline)} / ${cpu(runs.whoami)} / ${cpu(runs.things)}`,
    },
    {
      name: 'services: 50-thing page as operator (one site) req/s, p99',
      value: `${Math.round(rps(runs.operator))}${failures(runs.operator)}, ${p99(runs.operator)} ms`,
    },
    {
      name: 'services: one process (WORKERS=1), one run: whoami / 50-thing page req/s',
      value: `${Math.round(singleWhoami.rps)} / ${Math.round(singleThings.rps)} (workers ×${(rps(runs.whoami) / singleWhoami.rps).toFixed(2)} / ×${(rps(runs.things) / singleThings.rps).toFixed(2)})`,
    },
  );
  return rows;
}

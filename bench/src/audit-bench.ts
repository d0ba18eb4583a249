// What the audit trail costs a write as it grows: two servers as `npm start` runs them (one process
// each, SQLite file in WAL with synchronous FULL), seeded alike; one also holds 100,000 audit entries
// written beforehand. Each round sends the same sequential PATCHes (each one a write and its audit
// entry in one transaction) to both, in alternating order; the figure is the median of the rounds'
// ratios (target: at most 10 % slower), with each server's median rate beside it.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, seedDemoData, startServer } from '@portico/services';
import { ROOT } from '../../scripts/build.ts';
import { median } from './table.ts';
import type { BenchRow } from './table.ts';

const ENTRIES = 100_000;
const ROUNDS = 7;
const WRITES_PER_ROUND = 150;
const API = '/riot-core-services/api';

async function prefill(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const started = performance.now();
    const now = Date.now();
    for (let start = 0; start < ENTRIES; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, ENTRIES - start) }, (_, i) => ({
        at: now - (ENTRIES - start - i) * 1000,
        tenantId: 2,
        actorId: 2,
        actorName: 'admin',
        address: '192.0.2.1',
        requestId: `prefill-${start + i}`,
        action: 'update',
        resource: 'thing',
        recordId: 1 + ((start + i) % 100),
        recordName: `Thing ${(start + i) % 100}`,
        changes: JSON.stringify([{ field: 'description', before: 'a', after: 'b' }]),
      }));
      await database.db.insertInto('auditEntries').values(rows).execute();
    }
    return performance.now() - started;
  } finally {
    await database.close();
  }
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}${API}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo' }),
  });
  if (!response.ok) throw new Error(`sign-in on ${url}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** Sequential writes; the rate in writes per second. */
async function writes(url: string, token: string, round: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < WRITES_PER_ROUND; i += 1) {
    const response = await fetch(`${url}${API}/zone/${1 + (i % 5)}`, {
      method: 'PATCH',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify({ description: `round ${round} write ${i}` }),
    });
    if (response.status !== 200) throw new Error(`PATCH answered ${response.status}`);
    await response.arrayBuffer();
  }
  return (WRITES_PER_ROUND * 1000) / (performance.now() - started);
}

export async function runAuditBench(): Promise<BenchRow[]> {
  const dirs = [
    mkdtempSync(join(tmpdir(), 'portico-audit-a-')),
    mkdtempSync(join(tmpdir(), 'portico-audit-b-')),
  ];
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    for (const dataDir of dirs) {
      const database = await openDatabase({ dataDir });
      await seedDemoData(database.db);
      await database.close();
    }
    const prefillMs = await prefill(dirs[1]!);
    for (const dataDir of dirs)
      servers.push(
        await startServer({
          host: '127.0.0.1',
          port: 0,
          dataDir,
          consoleDir: join(ROOT, 'apps/console/dist'),
          legacyUiDir: join(ROOT, 'apps/legacy-ui/dist'),
          workers: 1,
          log: () => undefined,
        }),
      );
    const [empty, full] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const tokens = [await signIn(empty.url), await signIn(full.url)];
    // warm both (caches, JIT, the file's pages) before anything counts
    await writes(empty.url, tokens[0]!, -1);
    await writes(full.url, tokens[1]!, -1);
    const rates: [number[], number[]] = [[], []];
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const which of order) {
        const server = which === 0 ? empty : full;
        rates[which as 0 | 1].push(await writes(server.url, tokens[which]!, round));
      }
    }
    // each round's two servers ran back to back: the ratio within a round cancels what the
    // machine did meanwhile (the rates climb as it warms), so the figure is the median of those
    const base = median(rates[0]);
    const grown = median(rates[1]);
    const ratios = rates[1].map((rate, round) => rate / rates[0][round]!);
    const slower = 1 - median(ratios);
    return [
      {
        name: `audit: writes/s with ${ENTRIES.toLocaleString('en')} audit entries vs none (sequential PATCH, one process, median of ${ROUNDS} interleaved rounds' ratios)`,
        value: `${(slower * 100).toFixed(1)} % slower (median of the rounds' ratios: ${ratios.map((r) => r.toFixed(2)).join(', ')}); ${grown.toFixed(0)} vs ${base.toFixed(0)} writes/s; ${ENTRIES.toLocaleString('en')} entries written in ${(prefillMs / 1000).toFixed(1)} s; load ${loadavg()[0]?.toFixed(1)}`,
        target: '≤ 10 % slower',
        ok: slower <= 0.1,
      },
    ];
  } finally {
    await Promise.all(servers.map((server) => server.close()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

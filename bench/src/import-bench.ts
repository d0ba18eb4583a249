// What a 100,000-row CSV import costs: one server as `npm start` runs it (one process, SQLite file
// in WAL with synchronous FULL), seeded. Each round streams a new file of things (new serials, so
// every row is a create) to `POST /importJob` (stored and dry-run), confirms it and polls the job
// until it is done; the figures are the medians of the rounds: upload and dry run, the job, and the
// two together (target: under a minute).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, seedDemoData, startServer } from '@portico/services';
import { ROOT } from '../../scripts/build.ts';
import { median } from './table.ts';
import type { BenchRow } from './table.ts';

const ROWS = Number(process.env.IMPORT_ROWS ?? 100_000);
const ROUNDS = Number(process.env.IMPORT_ROUNDS ?? 3);
const API = '/riot-core-services/api';
const TYPES = ['forklift', 'pallet', 'rfid_tag', 'container'];

/** The file, generated as it is sent (never whole in memory here either). */
function csvStream(round: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let row = -1;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (row >= ROWS) {
        controller.close();
        return;
      }
      let text = '';
      if (row < 0) {
        text = 'serial,name,thingType,status\r\n';
        row = 0;
      }
      const end = Math.min(ROWS, row + 2000);
      for (; row < end; row += 1)
        text += `BENCH-${round}-${row},Imported thing ${row},${TYPES[row % TYPES.length]},active\r\n`;
      controller.enqueue(encoder.encode(text));
    },
  });
}

async function call(
  url: string,
  token: string,
  method: string,
  path: string,
  body?: ReadableStream,
) {
  const response = await fetch(`${url}${API}${path}`, {
    method,
    headers: { token, 'content-type': 'text/csv' },
    body,
    ...(body ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as {
    id: number;
    state: string;
    created: number;
    toCreate: number;
    errorRows: number;
  };
}

/** A JSON call of the API as `token`'s user; throws on an error answer. */
async function json<T>(
  url: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${url}${API}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * The demo's license leaves Acme room for twice its seeded things, not for every round's 100,000:
 * root generates one with room for them and Acme's administrator installs it, as they would
 * through the license pages.
 */
async function licenseForRounds(url: string, adminToken: string): Promise<void> {
  const { token: rootToken } = await json<{ token: string }>(url, null, 'POST', '/user/login', {
    username: 'root',
    password: 'demo',
  });
  const { tenant } = await json<{ tenant: { id: number } }>(url, adminToken, 'GET', '/license');
  const expiresOn = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const { text } = await json<{ text: string }>(url, rootToken, 'POST', '/license/generate', {
    tenantId: tenant.id,
    expiresOn,
    modules: [],
    limits: { maxThings: 100_000 + ROWS * ROUNDS, maxUsers: 500, maxZones: 100_000 },
  });
  await json(url, adminToken, 'PUT', '/license', { text });
}

export async function runImportBench(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-import-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const database = await openDatabase({ dataDir });
    await seedDemoData(database.db);
    await database.close();
    server = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      consoleDir: join(ROOT, 'apps/console/dist'),
      legacyUiDir: join(ROOT, 'apps/legacy-ui/dist'),
      workers: 1,
      log: () => undefined,
    });
    const login = await fetch(`${server.url}${API}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'demo' }),
    });
    const { token } = (await login.json()) as { token: string };
    await licenseForRounds(server.url, token);
    const uploads: number[] = [];
    const jobs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      const checked = await call(
        server.url,
        token,
        'POST',
        `/importJob?resource=thing&fileName=bench-${round}.csv`,
        csvStream(round),
      );
      if (checked.state !== 'checked' || checked.toCreate !== ROWS)
        throw new Error(`dry run: ${JSON.stringify(checked).slice(0, 300)}`);
      const confirmed = performance.now();
      await call(server.url, token, 'POST', `/importJob/${checked.id}/run`);
      let job = checked;
      do {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = await call(server.url, token, 'GET', `/importJob/${checked.id}`);
      } while (job.state === 'running');
      if (job.state !== 'done' || job.created !== ROWS)
        throw new Error(`job: ${JSON.stringify(job).slice(0, 300)}`);
      uploads.push(confirmed - started);
      jobs.push(performance.now() - confirmed);
    }
    const totals = uploads.map((upload, round) => upload + jobs[round]!);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    return [
      {
        name: `import: ${ROWS.toLocaleString('en')} things from CSV, upload + dry run + job (one process, SQLite, median of ${ROUNDS})`,
        value: `${seconds(median(totals))} (upload + dry run ${seconds(median(uploads))}, job ${seconds(median(jobs))}; rounds ${totals.map(seconds).join(', ')}); load ${loadavg()[0]?.toFixed(1)}`,
        target: '< 60 s',
        ok: median(totals) < 60_000,
      },
    ];
  } finally {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

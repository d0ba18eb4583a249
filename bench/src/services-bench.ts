// Services throughput: autocannon against a real server on a temp SQLite database at SEED_SCALE 100.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@portico/services';

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}

// autocannon runs as its own process (its CLI, JSON output) so the load generator does not share the
// server's event loop; only the fields read below are typed.
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

function autocannon(url: string, headers: Record<string, string>): Promise<AutocannonResult> {
  const args = [AUTOCANNON, '-c', '50', '-d', '10', '-j', ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]), url];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as AutocannonResult);
    });
  });
}

export interface ServicesBenchRow {
  name: string;
  value: string;
  target?: string;
}

export async function runServicesBench(): Promise<ServicesBenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-bench-'));
  const seedStart = performance.now();
  const server = await startServer({ host: '127.0.0.1', port: 0, dataDir: dir, consoleDir: dir, legacyUiDir: dir, seedScale: 100, log: () => undefined });
  const seedMs = performance.now() - seedStart;
  try {
    const api = `${server.url}/riot-core-services/api`;
    const login = await fetch(`${api}/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'demo' }) });
    const { token } = (await login.json()) as { token: string };
    const total = ((await (await fetch(`${api}/thing?pageSize=1`, { headers: { token } })).json()) as { total: number }).total;
    const run = (path: string) => autocannon(`${api}${path}`, { token });
    const baseline = await autocannon(`${server.url}/git.json`, {});
    const whoami = await run('/user/whoami');
    const things = await run('/thing?pageSize=50&pageNumber=3&order=name:asc');
    const failures = (result: AutocannonResult) => (result.non2xx + result.errors > 0 ? ` (${result.non2xx} non-2xx, ${result.errors} errors)` : '');
    return [
      { name: 'services: seed at SEED_SCALE 100', value: `${(seedMs / 1000).toFixed(1)} s, ${total.toLocaleString('en-US')} things visible to admin` },
      { name: 'services: GET /git.json req/s (machine baseline)', value: `${Math.round(baseline.requests.average)}` },
      { name: 'services: whoami req/s (50 conn, 10 s)', value: `${Math.round(whoami.requests.average)}${failures(whoami)}`, target: '≥ 5,000' },
      { name: 'services: whoami p99', value: `${whoami.latency.p99} ms`, target: '< 20 ms' },
      { name: 'services: 50-thing page req/s', value: `${Math.round(things.requests.average)}${failures(things)}`, target: '≥ 1,500' },
      { name: 'services: 50-thing page p99', value: `${things.latency.p99} ms` },
    ];
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

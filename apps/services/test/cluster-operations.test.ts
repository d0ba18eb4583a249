// Operations of a two-worker instance: the metrics sum every worker's (on METRICS_PORT and on
// /metrics with the token alike), count a replaced worker, and every worker logs JSON lines.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from './two-instances.ts';
import { stopFixture, spawnFixture } from './child-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'portico-cluster-ops-'));
const TOKEN = 'cluster-metrics-token-0123456789';
let child: ChildProcess;
let url: string;
let metricsUrl: string;
const stdoutLines: string[] = [];
const stderrLines: string[] = [];

beforeAll(async () => {
  child = spawnFixture('ops-child-server.ts', [dir, TOKEN]);
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('{"url"')) resolve(line);
      else stdoutLines.push(line);
    });
    child.once('exit', () => reject(new Error('the cluster exited before listening')));
  });
  ({ url, metricsUrl } = JSON.parse(first) as { url: string; metricsUrl: string });
  createInterface({ input: child.stderr! }).on('line', (line) => stderrLines.push(line));
}, 60_000);

afterAll(async () => {
  await stopFixture(child);
  rmSync(dir, { recursive: true, force: true });
});

function sample(text: string, pattern: RegExp): number {
  const match = pattern.exec(text);
  return match ? Number(match[1]) : 0;
}

const WHOAMI_401 =
  /portico_http_requests_total\{method="GET",route="\/riot-core-services\/api\/\*",status="401"\} (\d+)/;

describe('a two-worker instance', () => {
  it('sums every worker into one set of metrics, on METRICS_PORT and on /metrics with the token', async () => {
    const before = sample((await call(metricsUrl, 'GET', '')).text, WHOAMI_401);
    for (let i = 0; i < 12; i += 1)
      expect(
        (
          await call(url, 'GET', '/riot-core-services/api/user/whoami', {
            headers: { 'X-Request-Id': `cluster-ops-${i}` },
          })
        ).status,
      ).toBe(401);
    const viaPort = (await call(metricsUrl, 'GET', '')).text;
    expect(sample(viaPort, WHOAMI_401) - before).toBe(12);
    const viaToken = await call(url, 'GET', '/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(viaToken.status).toBe(200);
    expect(sample(viaToken.text, WHOAMI_401) - before).toBe(12);
    expect((await call(url, 'GET', '/metrics')).status).toBe(401);
    // Both workers served some of them: each logged its own JSON lines (two pids).
    const ourEntries = () =>
      stdoutLines
        .map((line) => JSON.parse(line) as { requestId?: string; pid?: number })
        .filter((entry) => entry.requestId?.startsWith('cluster-ops-'));
    // the workers write their access lines after answering: wait until all twelve have arrived
    await vi.waitFor(() => {
      if (ourEntries().length < 12) throw new Error('not every access line has arrived yet');
    });
    const ours = ourEntries();
    expect(ours).toHaveLength(12);
    expect(new Set(ours.map((entry) => entry.pid)).size).toBe(2);
  });

  it('counts a worker that died and was replaced', async () => {
    const restarts = () =>
      call(metricsUrl, 'GET', '').then((answer) =>
        sample(answer.text, /portico_worker_restarts_total (\d+)/),
      );
    expect(await restarts()).toBe(0);
    const pids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    process.kill(pids[0]!, 'SIGKILL');
    await vi.waitFor(
      () => {
        if (!stderrLines.some((line) => /started, replacing worker/.test(line)))
          throw new Error('the replacement worker has not started yet');
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(await restarts()).toBe(1);
  }, 30_000);
});

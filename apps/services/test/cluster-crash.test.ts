// Over real processes: the connections of a worker killed with -9 are
// not held by the primary, and a crash loop ends the server with a log line and a non-zero exit.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnFixture, firstLine } from './child-process.ts';

interface Cluster {
  child: ChildProcess;
  url: string;
  lines: string[];
  exited: Promise<number | null>;
  /** Resolves once `times` log lines match (default 1). */
  logged(pattern: RegExp, times?: number): Promise<void>;
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function startCluster(): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-crash-'));
  const child = spawnFixture('child-server.ts', [dir, '2']);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const pid of workerPidsOf(child)) process.kill(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  const lines: string[] = [];
  const waiters: Array<{ pattern: RegExp; times: number; resolve: () => void }> = [];
  const seen = (pattern: RegExp) => lines.filter((line) => pattern.test(line)).length;
  createInterface({ input: child.stderr! }).on('line', (line) => {
    lines.push(line);
    for (const waiter of waiters.filter((w) => seen(w.pattern) >= w.times)) waiter.resolve();
  });
  const url = await firstLine(child);
  return {
    child,
    url,
    lines,
    exited,
    logged: (pattern, times = 1) =>
      seen(pattern) >= times
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ pattern, times, resolve })),
  };
}

function workerPidsOf(child: ChildProcess): number[] {
  try {
    const text = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim();
    return text ? text.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

/** Settles with the status, or with the error that ended the connection. */
function get(url: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(`status ${res.statusCode}`));
    });
    req.on('error', (error) => resolve(`error ${error.message}`));
    req.end();
  });
}

describe('a worker killed with -9', () => {
  it('leaves no connection hanging in the primary', async () => {
    const cluster = await startCluster();
    const pids = workerPidsOf(cluster.child);
    expect(pids).toHaveLength(2);
    // Both workers frozen: a connection made now is accepted but nobody can answer it.
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    const settled = get(`${cluster.url}/git.json`);
    // No event tells when the kernel or the primary has taken the connection; give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    const outcome = await Promise.race([
      settled,
      new Promise<string>((resolve) =>
        setTimeout(() => resolve('still hanging after 15 s'), 15_000),
      ),
    ]);
    // answered by a replacement worker, or closed: either way not held
    expect(outcome).not.toBe('still hanging after 15 s');
    await cluster.logged(/started, replacing worker/);
  }, 180_000);
});

describe('a crash loop', () => {
  it('is logged and ends the server with a non-zero exit code', async () => {
    const cluster = await startCluster();
    // Kill workers as soon as they start until the primary gives up (more than 5 exits a minute).
    // Kill every worker as soon as it exists, starting or not, until the primary gives up.
    const exits = /exited \(SIGKILL\)/;
    for (let kills = 1; kills <= 12 && cluster.child.exitCode === null; kills += 1) {
      let pid: number | undefined;
      while (pid === undefined && cluster.child.exitCode === null) {
        pid = workerPidsOf(cluster.child)[0];
        if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (pid === undefined) break;
      process.kill(pid, 'SIGKILL');
      await Promise.race([cluster.logged(exits, kills), cluster.exited]);
    }
    expect(await cluster.exited).toBe(1);
    expect(cluster.lines.join('\n')).toMatch(
      /crash loop: \d+ worker exits within 60 s; stopping the server/,
    );
  }, 180_000);
});

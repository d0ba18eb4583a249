// The services as a node:cluster of two workers, over real HTTP: every request on a new connection,
// so node:cluster spreads them over both workers (round robin). A write answered by one worker is
// seen by the other at once: logout, role changes, password throttling; a killed worker is replaced.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_SERVER_VERSION } from './fixtures/child-server-version.ts';
import { stopFixture, spawnFixture, firstLine } from './child-process.ts';
import { nodeRequest } from './server-call.ts';

const dir = mkdtempSync(join(tmpdir(), 'portico-cluster-'));
let child: ChildProcess;
let origin: string;
let api: string;
const logLines: string[] = [];

/**
 * One request on a fresh connection (no keep-alive agent), so successive calls reach both workers.
 * `path` is under the API, or an absolute URL.
 */
async function call(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; apiKey?: string } = {},
): Promise<{ status: number; json: unknown }> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const answer = await nodeRequest(path.startsWith('/') ? `${api}${path}` : path, {
    method,
    agent: false,
    headers: {
      ...(options.token ? { token: options.token } : {}),
      ...(options.apiKey ? { api_key: options.apiKey } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body,
    timeoutMs: 10_000,
  });
  return {
    status: answer.status,
    json: answer.text ? (JSON.parse(answer.text) as unknown) : undefined,
  };
}

async function statuses(
  times: number,
  method: string,
  path: string,
  token: string,
): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < times; i += 1) result.push((await call(method, path, { token })).status);
  return result;
}

const login = async (username: string, password = 'demo') =>
  (await call('POST', '/user/login', { body: { username, password } })).json as {
    token: string;
    id: number;
  };

/** The worker processes under the primary (Linux /proc). */
function workerPids(): number[] {
  const text = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

beforeAll(async () => {
  child = spawnFixture('child-server.ts', [dir, '2']);
  const url = await firstLine(child);
  origin = url;
  api = `${url}/riot-core-services/api`;
  createInterface({ input: child.stderr! }).on('line', (line) => logLines.push(line));
}, 180_000);

afterAll(async () => {
  await stopFixture(child);
  rmSync(dir, { recursive: true, force: true });
});

describe('two workers', () => {
  it('serves from two worker processes', () => {
    expect(workerPids()).toHaveLength(2);
  });

  it('every worker answers /git.json with the version the primary was handed', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('GET', `${origin}/git.json`)),
    );
    for (const answer of answers) expect(answer.json).toMatchObject(CHILD_SERVER_VERSION);
  });

  it('a logout answered by one worker ends the session in the other at once', async () => {
    const { token } = await login('admin');
    expect(await statuses(6, 'GET', '/user/whoami', token)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await call('POST', '/user/logout', { token })).status).toBe(200);
    expect(await statuses(6, 'GET', '/user/whoami', token)).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it('an API key revoked through one worker is refused by the other at once', async () => {
    const { token, id } = await login('admin');
    const created = await call('PUT', `/user/${id}/apiKey`, {
      token,
      body: { name: 'cluster', expiresAt: Date.now() + 86_400_000, permissions: ['zone:r'] },
    });
    expect(created.status).toBe(201);
    const key = created.json as { key: string; id: number };
    const withKey = async () => {
      const result: number[] = [];
      for (let i = 0; i < 6; i += 1)
        result.push((await call('GET', '/zone?pageSize=1', { apiKey: key.key })).status);
      return result;
    };
    // both workers have the key in memory now
    expect(await withKey()).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await call('DELETE', `/user/${id}/apiKey/${key.id}`, { token })).status).toBe(204);
    expect(await withKey()).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it('a role change answered by one worker applies in the other at once', async () => {
    const admin = await login('admin');
    const role = (
      await call('POST', '/role', {
        token: admin.token,
        body: { name: 'Zone readers (cluster test)', permissions: ['zone:r'] },
      })
    ).json as { id: number };
    const user = (
      await call('POST', '/user', {
        token: admin.token,
        body: {
          username: 'cluster.reader',
          password: 'cluster-secret',
          groupId: 3,
          roleIds: [role.id],
        },
      })
    ).json as { id: number };
    expect(user.id).toBeGreaterThan(0);
    const reader = await login('cluster.reader', 'cluster-secret');
    expect(await statuses(6, 'GET', '/zone?pageSize=1', reader.token)).toEqual([
      200, 200, 200, 200, 200, 200,
    ]);
    expect(
      (await call('PATCH', `/role/${role.id}`, { token: admin.token, body: { permissions: [] } }))
        .status,
    ).toBe(200);
    expect(await statuses(6, 'GET', '/zone?pageSize=1', reader.token)).toEqual([
      403, 403, 403, 403, 403, 403,
    ]);
  });

  it('a setting saved through one worker shows in whoami from both at once', async () => {
    const { token, id } = await login('operator');
    const zones = async () => {
      const answers: unknown[] = [];
      for (let i = 0; i < 4; i += 1)
        answers.push(
          ((await call('GET', '/user/whoami', { token })).json as { timeZone: string | null })
            .timeZone,
        );
      return answers;
    };
    const before = await zones();
    expect(new Set(before).size).toBe(1);
    expect(
      (
        await call('PUT', `/user/${id}/field/timeZoneConfiguration`, {
          token,
          body: { value: 'Asia/Tokyo' },
        })
      ).status,
    ).toBe(201);
    expect(await zones()).toEqual(['Asia/Tokyo', 'Asia/Tokyo', 'Asia/Tokyo', 'Asia/Tokyo']);
  });

  it('list totals and reference names follow a write made through the other worker', async () => {
    const admin = await login('admin');
    const total = async () =>
      ((await call('GET', '/zone?pageSize=1', { token: admin.token })).json as { total: number })
        .total;
    const before = [await total(), await total()];
    expect(before[0]).toBe(before[1]);
    expect(
      (
        await call('POST', '/zone', {
          token: admin.token,
          body: { name: 'Cluster dock', zoneTypeId: 1, groupId: 3 },
        })
      ).status,
    ).toBe(201);
    expect([await total(), await total(), await total()]).toEqual([
      before[0]! + 1,
      before[0]! + 1,
      before[0]! + 1,
    ]);
  });

  it('concurrent writes through both workers all commit (write transactions take the lock up front)', async () => {
    const admin = await login('admin');
    const before = (
      (await call('GET', '/zone?pageSize=1', { token: admin.token })).json as { total: number }
    ).total;
    const writes = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call('POST', '/zone', {
          token: admin.token,
          body: { name: `Concurrent dock ${i}`, zoneTypeId: 1, groupId: 3 },
        }),
      ),
    );
    expect(writes.map((w) => w.status)).toEqual(Array.from({ length: 24 }, () => 201));
    expect(
      ((await call('GET', '/zone?pageSize=1', { token: admin.token })).json as { total: number })
        .total,
    ).toBe(before + 24);
  });

  it('failed sign-ins are counted across workers', async () => {
    const attempts: number[] = [];
    for (let i = 0; i < 6; i += 1)
      attempts.push(
        (await call('POST', '/user/login', { body: { username: 'operator', password: 'wrong' } }))
          .status,
      );
    expect(attempts).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('forty parallel guesses through both workers get exactly five password checks', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        call('POST', '/user/login', { body: { username: 'nobody', password: 'wrong' } }),
      ),
    );
    const list = answers.map((answer) => answer.status);
    expect(list.filter((status) => status === 401)).toHaveLength(5);
    expect(list.filter((status) => status === 429)).toHaveLength(35);
  });

  it('a killed worker is replaced and the service keeps answering', async () => {
    const [victim] = workerPids();
    process.kill(victim!, 'SIGKILL');
    // A connection handed to the worker in the instant it dies is lost with it (node:cluster cannot
    // take it back); clients retry. The test waits for the primary to see the exit first.
    const seen = async (pattern: RegExp) => {
      for (let i = 0; i < 1200 && !logLines.some((line) => pattern.test(line)); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
    };
    await seen(/exited \(SIGKILL\); starting another/);
    const { token } = await login('viewer');
    expect(await statuses(4, 'GET', '/user/whoami', token)).toEqual([200, 200, 200, 200]);
    await seen(/worker \d+ started, replacing worker \d+/);
    expect(logLines.join('\n')).toMatch(
      /worker (\d+) exited \(SIGKILL\); starting another\n.*worker \d+ started, replacing worker \1/,
    );
    expect(workerPids()).toHaveLength(2);
    expect(workerPids()).not.toContain(victim);
    // The replacement serves and hears cache events: a logout through either worker holds in both.
    expect(await statuses(4, 'GET', '/user/whoami', token)).toEqual([200, 200, 200, 200]);
    expect((await call('POST', '/user/logout', { token })).status).toBe(200);
    expect(await statuses(4, 'GET', '/user/whoami', token)).toEqual([401, 401, 401, 401]);
  }, 90_000);

  it('SIGTERM stops the primary and its workers', async () => {
    const pids = workerPids();
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });
});

// A child server killed with SIGKILL mid-write keeps every write it acknowledged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../src/index.ts';
import { firstLine, spawnFixture } from './child-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'portico-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('committed rows survive kill -9', async () => {
  const child = spawnFixture('child-server.ts', [dir], 'inherit');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await firstLine(child);
  const api = `${url}/riot-core-services/api`;
  const login = await fetch(`${api}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo' }),
  });
  const { token } = (await login.json()) as { token: string };
  const acknowledged: string[] = [];
  const inFlight: Array<Promise<unknown>> = [];
  // Sequential acknowledged writes, then a burst still in flight when the process dies.
  for (let i = 0; i < 20; i += 1) {
    const serial = `KILL-${i}`;
    const response = await fetch(`${api}/thing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ name: serial, serial, thingTypeId: 1, groupId: 3 }),
    });
    if (response.status === 201) acknowledged.push(serial);
  }
  for (let i = 20; i < 60; i += 1) {
    const serial = `KILL-${i}`;
    inFlight.push(
      fetch(`${api}/thing`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify({ name: serial, serial, thingTypeId: 1, groupId: 3 }),
      })
        .then((response) => {
          if (response.status === 201) acknowledged.push(serial);
        })
        .catch(() => undefined),
    );
    if (i === 30) child.kill('SIGKILL');
  }
  await Promise.all(inFlight);
  await exited;
  expect(acknowledged.length).toBeGreaterThanOrEqual(20);
  const database = await openDatabase({ dataDir: dir });
  try {
    const rows = await database.db
      .selectFrom('things')
      .select('serial')
      .where('serial', 'like', 'KILL-%')
      .execute();
    const stored = new Set(rows.map((row) => row.serial));
    for (const serial of acknowledged) expect(stored.has(serial), serial).toBe(true);
  } finally {
    await database.close();
  }
}, 60_000);

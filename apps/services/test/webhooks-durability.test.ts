// Webhook deliveries survive a restart (the outbox is in the database, written with the change) and
// two servers on one database never send one attempt twice (each row is claimed before it is sent),
// on SQLite and on PostgreSQL, over real HTTP.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer, StartServerOptions } from '../src/index.ts';
import { describeOnPostgres } from './pg-cluster.ts';
import { callServer, serverToken, startLocalServer } from './server-call.ts';

const SECRET = 'durable-secret-0123456789';
const received: Array<{ id: string; type: string; name: string }> = [];
let receiver: Server;
let port = 0;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const json = JSON.parse(body) as { id: string; type: string; record: { name: string } };
      received.push({ id: json.id, type: json.type, name: json.record?.name ?? '' });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** A request that must succeed: its JSON answer. */
async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const { status, json } = await callServer(base, method, path, token, body);
  if (status >= 300) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(json)}`);
  return json;
}

function durabilitySuite(name: string, store: () => Partial<StartServerOptions>) {
  describe(name, () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-hooks-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const start = (pollMs: number): Promise<RunningServer> =>
      startLocalServer(dir, {
        ...store(),
        webhooks: { allowedHosts: [{ host: '127.0.0.1', port }], pollMs, retryBaseMs: 50 },
      });
    let token = '';

    it('a delivery pending when the server stops is sent by the next one', async () => {
      // a first server that never gets round to polling
      const first = await start(3_600_000);
      try {
        token = await serverToken(first.url);
        const endpoint = await call(first.url, 'POST', '/endpoint', token, {
          name: `hooks ${name}`,
          url: `http://127.0.0.1:${port}/hook`,
          secret: SECRET,
        });
        await call(first.url, 'POST', '/subscription', token, {
          name: 'zones',
          endpointId: endpoint.id,
          events: ['zone.created'],
        });
        await call(first.url, 'POST', '/zone', token, { name: `Restart ${name}`, zoneTypeId: 1 });
      } finally {
        await first.close();
      }
      expect(received.filter((r) => r.name === `Restart ${name}`)).toHaveLength(0);
      const second = await start(25);
      try {
        await vi.waitFor(
          () => expect(received.filter((r) => r.name === `Restart ${name}`)).toHaveLength(1),
          { timeout: 10_000, interval: 25 },
        );
      } finally {
        await second.close();
      }
    }, 60_000);

    it('two servers on one database send each event once', async () => {
      const [one, two] = await Promise.all([start(10), start(10)]);
      try {
        const admin = await serverToken(one.url);
        const names = Array.from({ length: 20 }, (_, index) => `Twice ${name} ${index}`);
        for (const [index, zone] of names.entries())
          await call(index % 2 ? one.url : two.url, 'POST', '/zone', admin, {
            name: zone,
            zoneTypeId: 1,
          });
        await vi.waitFor(
          () => expect(received.filter((r) => names.includes(r.name))).toHaveLength(20),
          { timeout: 15_000, interval: 25 },
        );
        // a little longer: a second send would come now
        await new Promise((resolve) => setTimeout(resolve, 200));
        const mine = received.filter((r) => names.includes(r.name));
        expect(mine).toHaveLength(20);
        expect(new Set(mine.map((r) => r.id)).size).toBe(20);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    }, 60_000);
  });
}

durabilitySuite('SQLite', () => ({}));

describeOnPostgres((store) => durabilitySuite('PostgreSQL 15', store));

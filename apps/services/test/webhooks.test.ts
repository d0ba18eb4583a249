// Outbound webhooks over real HTTP handlers and a real local receiver: endpoints and subscriptions
// are validated (allow-listed hosts only, no reserved headers, known events), permission-checked and
// tenant-isolated; a change's events are written to the outbox in the change's own transaction;
// deliveries are signed (HMAC-SHA256 over the timestamp and body), retried with backoff, logged per
// endpoint, and never follow a redirect or leave for a host that is not allowed.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyWebhookSignature } from '../src/index.ts';
import { createTestClient, jsonOf, SEEDED_USERS, signInAll } from './helpers.ts';
import type { SeededUser, TestClient } from './helpers.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
  signed: boolean;
}

const SECRET = 'a-long-enough-secret-0123';

/** A receiver that checks every delivery's signature and answers the statuses it is told to. */
class Receiver {
  received: Received[] = [];
  answers: number[] = [];
  private server: Server | undefined;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const signed = verifyWebhookSignature(
          SECRET,
          request.headers['x-portico-signature'] as string | undefined,
          request.headers['x-portico-timestamp'] as string | undefined,
          body,
        );
        this.received.push({ headers: request.headers, body, json: JSON.parse(body), signed });
        const status = this.answers.shift() ?? 200;
        if (status === 302) response.writeHead(302, { Location: 'http://169.254.169.254/' });
        else response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status < 300 ? 'thanks' : `no: ${status}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

const receiver = new Receiver();
let client: TestClient;
const tokens = {} as Record<SeededUser, string>;

async function createEndpoint(token: string, body: Record<string, unknown> = {}) {
  return jsonOf<{ id: number; secretSet: boolean }>(
    await client.call('POST', '/endpoint', {
      token,
      body: { name: 'Receiver', url: receiver.url(), secret: SECRET, ...body },
    }),
    201,
  );
}

async function subscribe(token: string, endpointId: number, events: string[]) {
  return jsonOf<{ id: number }>(
    await client.call('POST', '/subscription', {
      token,
      body: { name: `to ${endpointId}`, endpointId, events },
    }),
    201,
  );
}

const dispatcher = () => client.services.context.webhooks.dispatcher;

async function outboxCount(): Promise<number> {
  const row = await client.services.context.db
    .selectFrom('webhookOutbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function deliveries(endpointId: number, token = tokens.admin) {
  return jsonOf<{
    total: number;
    results: Array<{
      event: string;
      attempt: number;
      status: number;
      outcome: string;
      error: string;
      deliveryId: number;
      responseExcerpt: string;
    }>;
  }>(await client.call('GET', `/endpoint/${endpointId}/delivery`, { token }), 200);
}

beforeAll(async () => {
  await receiver.start();
  client = await createTestClient({
    webhooks: {
      allowedHosts: [{ host: '127.0.0.1', port: receiver.port }],
      retryBaseMs: 30,
      maxAttempts: 3,
      timeoutMs: 2000,
    },
  });
  Object.assign(tokens, await signInAll(client, SEEDED_USERS));
});
afterAll(async () => {
  await dispatcher().stop();
  await client.services.close();
  await receiver.stop();
});
beforeEach(async () => {
  // each test starts from a drained outbox and an empty receiver
  await dispatcher().runOnce();
  await client.services.context.db.deleteFrom('webhookSubscriptions').execute();
  receiver.received = [];
  receiver.answers = [];
});

describe('endpoints: validated, the secret write-only', () => {
  it.each([
    [{ url: 'http://10.0.0.1/hook' }, 'url', 'not in the webhook hosts'],
    [{ url: 'http://127.0.0.1:1/hook' }, 'url', 'not in the webhook hosts'],
    [{ url: 'ftp://127.0.0.1/x' }, 'url', 'http or https'],
    [{ url: 'not a url' }, 'url', 'http or https'],
    [{ url: 'http://user:pw@127.0.0.1/x' }, 'url', 'user name or password'],
    [{ secret: 'short' }, 'secret', 'at least 16'],
    [{ secret: undefined }, 'secret', 'required'],
    [{ headers: { Host: 'evil' } }, 'headers', 'set by the server'],
    [{ headers: { 'X-Portico-Signature': 'v1=0' } }, 'headers', 'set by the server'],
    [{ headers: { 'Bad Name': 'x' } }, 'headers', 'not a header name'],
    [{ headers: { 'X-Ok': 'a\r\nInjected: 1' } }, 'headers', 'line break'],
    [{ name: '' }, 'name', 'must not be empty'],
  ])('%j is refused with a clear 400 on %s, nothing written', async (change, field, message) => {
    const before = await jsonOf<{ total: number }>(
      await client.call('GET', '/endpoint', { token: tokens.admin }),
      200,
    );
    const url = receiver.url();
    const body: Record<string, unknown> = { name: 'Bad', url, secret: SECRET, ...change };
    if ('url' in change && change.url === undefined) delete body.url;
    const answer = await jsonOf<{ error: string; fields?: Record<string, string> }>(
      await client.call('POST', '/endpoint', { token: tokens.admin, body }),
      400,
    );
    expect(answer.error).toContain(message);
    expect(answer.fields?.[field]).toBeDefined();
    const after = await jsonOf<{ total: number }>(
      await client.call('GET', '/endpoint', { token: tokens.admin }),
      200,
    );
    expect(after.total).toBe(before.total);
  });

  it('the secret is never answered nor audited, only that one is set', async () => {
    const endpoint = await createEndpoint(tokens.admin, { headers: { 'X-Tenant-Key': 'k1' } });
    const read = await jsonOf<Record<string, unknown>>(
      await client.call('GET', `/endpoint/${endpoint.id}`, { token: tokens.admin }),
      200,
    );
    expect(read.secretSet).toBe(true);
    expect(JSON.stringify(read)).not.toContain(SECRET);
    const log = await jsonOf<{
      results: Array<{ changes: Array<{ field: string; after?: unknown }> }>;
    }>(
      await client.call('GET', `/auditEntry?resource=endpoint&record=${endpoint.id}`, {
        token: tokens.admin,
      }),
      200,
    );
    expect(JSON.stringify(log)).not.toContain(SECRET);
    expect(log.results[0]!.changes).toContainEqual({ field: 'secret', after: '(secret)' });
    // an update without a secret keeps it
    await jsonOf(
      await client.call('PATCH', `/endpoint/${endpoint.id}`, {
        token: tokens.admin,
        body: { description: 'kept secret' },
      }),
      200,
    );
    const row = await client.services.context.db
      .selectFrom('webhookEndpoints')
      .select('secret')
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toBe(SECRET);
  });
});

describe('subscriptions: known events, the tenant’s own endpoints', () => {
  it.each([
    [['zone.moved'], 'action must be'],
    [['nothing.created'], 'names no resource'],
    [[], 'at least one event'],
  ])('events %j are refused: %s', async (events, message) => {
    const endpoint = await createEndpoint(tokens.admin);
    const answer = await jsonOf<{ error: string }>(
      await client.call('POST', '/subscription', {
        token: tokens.admin,
        body: { name: 'bad', endpointId: endpoint.id, events },
      }),
      400,
    );
    expect(answer.error).toContain(message);
  });

  it('another tenant’s endpoint cannot be subscribed to, read, tested or logged', async () => {
    const acme = await createEndpoint(tokens.admin);
    const refused = await client.call('POST', '/subscription', {
      token: tokens.globex,
      body: { name: 'steal', endpointId: acme.id, events: ['*'] },
    });
    expect(refused.status).toBe(400);
    for (const [method, path] of [
      ['GET', `/endpoint/${acme.id}`],
      ['GET', `/endpoint/${acme.id}/delivery`],
      ['POST', `/endpoint/${acme.id}/test`],
    ] as const)
      expect((await client.call(method, path, { token: tokens.globex })).status).toBe(404);
    expect(receiver.received).toHaveLength(0);
  });

  it('an endpoint in use is not deleted; the answer names its subscriptions', async () => {
    const endpoint = await createEndpoint(tokens.admin);
    await subscribe(tokens.admin, endpoint.id, ['zone.*']);
    const answer = await jsonOf<{ error: string }>(
      await client.call('DELETE', `/endpoint/${endpoint.id}`, { token: tokens.admin }),
      409,
    );
    expect(answer.error).toContain(`to ${endpoint.id}`);
  });
});

describe('permissions (role × action)', () => {
  const table = [
    // role, list, create, test, delivery log
    ['admin', 200, 201, 200, 200],
    ['viewer', 200, 403, 403, 200],
    ['operator', 403, 403, 403, 403],
    ['nobody', 403, 403, 403, 403],
  ] as const;
  it.each(table)(
    '%s: list %i, create %i, test %i, log %i',
    async (role, list, create, test, log) => {
      const endpoint = await createEndpoint(tokens.admin);
      const token = tokens[role];
      expect((await client.call('GET', '/endpoint', { token })).status).toBe(list);
      expect(
        (
          await client.call('POST', '/endpoint', {
            token,
            body: { name: 'x', url: receiver.url(), secret: SECRET },
          })
        ).status,
      ).toBe(create);
      expect((await client.call('POST', `/endpoint/${endpoint.id}/test`, { token })).status).toBe(
        test,
      );
      expect(
        (await client.call('GET', `/endpoint/${endpoint.id}/delivery`, { token })).status,
      ).toBe(log);
    },
  );
});

describe('delivery', () => {
  it('a change is delivered as a signed POST with its record, actor, changes and headers', async () => {
    const endpoint = await createEndpoint(tokens.admin, { headers: { 'X-Tenant-Key': 'k1' } });
    await subscribe(tokens.admin, endpoint.id, ['zone.created', 'zone.updated']);
    const zone = await jsonOf<{ id: number }>(
      await client.call('POST', '/zone', {
        token: tokens.admin,
        headers: { 'x-request-id': 'hook-req-1' },
        body: { name: 'Hooked Dock', zoneTypeId: 1 },
      }),
      201,
    );
    expect(await dispatcher().runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.signed).toBe(true);
    expect(delivery!.headers['x-portico-event']).toBe('zone.created');
    expect(delivery!.headers['x-tenant-key']).toBe('k1');
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.json).toMatchObject({
      type: 'zone.created',
      resource: 'zone',
      record: { id: zone.id, name: 'Hooked Dock' },
      actor: { name: 'admin' },
      requestId: 'hook-req-1',
    });
    expect(delivery!.json.id).toBe(delivery!.headers['x-portico-delivery']);
    expect(delivery!.json.changes).toContainEqual({ field: 'name', after: 'Hooked Dock' });
    // a tampered body does not verify
    expect(
      verifyWebhookSignature(
        SECRET,
        delivery!.headers['x-portico-signature'] as string,
        delivery!.headers['x-portico-timestamp'] as string,
        delivery!.body.replace('Hooked', 'Hacked'),
      ),
    ).toBe(false);
    // an event nobody subscribed to (delete) is not queued
    await client.call('DELETE', `/zone/${zone.id}`, { token: tokens.admin });
    expect(await dispatcher().runOnce()).toBe(0);
    const log = await deliveries(endpoint.id);
    expect(log.results[0]).toMatchObject({
      event: 'zone.created',
      attempt: 1,
      status: 200,
      outcome: 'delivered',
      responseExcerpt: 'thanks',
    });
  });

  it('the undo of a delete is an event of its own: a restore notifies as create, update and delete do', async () => {
    const endpoint = await createEndpoint(tokens.admin);
    await subscribe(tokens.admin, endpoint.id, ['zone.deleted', 'zone.restored']);
    const zone = await jsonOf<{ id: number }>(
      await client.call('POST', '/zone', {
        token: tokens.admin,
        body: { name: 'Undone Dock', zoneTypeId: 1 },
      }),
      201,
    );
    expect((await client.call('DELETE', `/zone/${zone.id}`, { token: tokens.admin })).status).toBe(
      204,
    );
    const restored = await jsonOf<{ done: Array<{ id: number }> }>(
      await client.call('POST', '/zone/bulk', {
        token: tokens.admin,
        body: { action: 'restore', ids: [zone.id] },
      }),
      200,
    );
    expect(restored.done.map((row) => row.id)).toEqual([zone.id]);
    expect(await dispatcher().runOnce()).toBe(2);
    expect(receiver.received.map((r) => r.json.type)).toEqual(['zone.deleted', 'zone.restored']);
    const delivery = receiver.received[1]!;
    expect(delivery.signed).toBe(true);
    expect(delivery.headers['x-portico-event']).toBe('zone.restored');
    expect(delivery.json).toMatchObject({
      type: 'zone.restored',
      resource: 'zone',
      record: { id: zone.id, name: 'Undone Dock' },
      actor: { name: 'admin' },
    });
    // a subscription to every event of the resource gets it too; one to deletes only does not
    await client.services.context.db.deleteFrom('webhookSubscriptions').execute();
    receiver.received = [];
    await subscribe(tokens.admin, endpoint.id, ['zone.*']);
    const other = await createEndpoint(tokens.admin, { url: receiver.url('/deletes-only') });
    await subscribe(tokens.admin, other.id, ['zone.deleted']);
    await dispatcher().runOnce();
    receiver.received = [];
    await client.call('DELETE', `/zone/${zone.id}`, { token: tokens.admin });
    await client.call('POST', '/zone/bulk', {
      token: tokens.admin,
      body: { action: 'restore', ids: [zone.id] },
    });
    await dispatcher().runOnce();
    const restoredTo = receiver.received
      .filter((r) => r.json.type === 'zone.restored')
      .map((r) => r.headers['x-portico-event']);
    expect(restoredTo).toHaveLength(1);
    expect(
      receiver.received.filter((r) => r.json.type === 'zone.deleted').map((r) => r.json.type),
    ).toHaveLength(2);
  });

  it('another tenant’s changes never reach a tenant’s subscription', async () => {
    const endpoint = await createEndpoint(tokens.globex);
    await subscribe(tokens.globex, endpoint.id, ['*']);
    await jsonOf(
      await client.call('POST', '/zone', {
        token: tokens.admin,
        body: { name: 'Acme only', zoneTypeId: 1 },
      }),
      201,
    );
    await dispatcher().runOnce();
    // globex's own subscription write is a globex event its "*" wants; acme's zone is not
    expect(receiver.received.map((r) => r.json.type)).toEqual(['subscription.created']);
  });

  it('failed sign-ins are an event', async () => {
    const endpoint = await createEndpoint(tokens.admin);
    await subscribe(tokens.admin, endpoint.id, ['session.login.failed']);
    const failed = await client.call('POST', '/user/login', {
      body: { username: 'viewer', password: 'wrong-password' },
    });
    expect(failed.status).toBe(401);
    await dispatcher().runOnce();
    expect(receiver.received.map((r) => r.json.type)).toEqual(['session.login.failed']);
    expect(receiver.received[0]!.json.actor).toMatchObject({ name: 'viewer' });
  });

  it('a failing receiver is retried with backoff until it answers, each attempt logged', async () => {
    const endpoint = await createEndpoint(tokens.admin);
    await subscribe(tokens.admin, endpoint.id, ['zone.created']);
    receiver.answers = [500, 503];
    await jsonOf(
      await client.call('POST', '/zone', {
        token: tokens.admin,
        body: { name: 'Retry Dock', zoneTypeId: 1 },
      }),
      201,
    );
    await vi.waitFor(
      async () => {
        await dispatcher().runOnce();
        expect(receiver.received).toHaveLength(3);
      },
      { timeout: 5000, interval: 20 },
    );
    const log = await deliveries(endpoint.id);
    expect(log.results.map((d) => [d.attempt, d.status, d.outcome])).toEqual([
      [3, 200, 'delivered'],
      [2, 503, 'retrying'],
      [1, 500, 'retrying'],
    ]);
    // every attempt of one event carries the same delivery id
    expect(new Set(receiver.received.map((r) => r.json.id)).size).toBe(1);
  });

  it('gives up after the last attempt; a failed delivery can be sent again', async () => {
    const endpoint = await createEndpoint(tokens.admin);
    await subscribe(tokens.admin, endpoint.id, ['zone.created']);
    receiver.answers = [500, 500, 500];
    await jsonOf(
      await client.call('POST', '/zone', {
        token: tokens.admin,
        body: { name: 'Give-up Dock', zoneTypeId: 1 },
      }),
      201,
    );
    await vi.waitFor(
      async () => {
        await dispatcher().runOnce();
        const log = await deliveries(endpoint.id);
        expect(log.results[0]?.outcome).toBe('failed');
      },
      { timeout: 5000, interval: 20 },
    );
    expect(receiver.received).toHaveLength(3);
    const { results } = await deliveries(endpoint.id);
    const retry = await client.call(
      'POST',
      `/endpoint/${endpoint.id}/delivery/${results[0]!.deliveryId}/retry`,
      { token: tokens.admin },
    );
    expect(retry.status).toBe(202);
    await vi.waitFor(
      async () => {
        await dispatcher().runOnce();
        expect(receiver.received).toHaveLength(4);
      },
      { timeout: 5000, interval: 20 },
    );
    expect((await deliveries(endpoint.id)).results[0]!.outcome).toBe('delivered');
    // only a failed one is sent again
    const again = await client.call(
      'POST',
      `/endpoint/${endpoint.id}/delivery/${results[0]!.deliveryId}/retry`,
      { token: tokens.admin },
    );
    expect(again.status).toBe(409);
  });

  it('a redirect is not followed; a host no longer allowed is not called', async () => {
    const endpoint = await createEndpoint(tokens.admin);
    await subscribe(tokens.admin, endpoint.id, ['zone.created']);
    receiver.answers = [302];
    await client.call('POST', '/zone', {
      token: tokens.admin,
      body: { name: 'Redirect Dock', zoneTypeId: 1 },
    });
    await dispatcher().runOnce();
    expect(receiver.received).toHaveLength(1);
    const log = await deliveries(endpoint.id);
    expect(log.results[0]).toMatchObject({ status: 302, error: 'redirects are not followed' });
    // the row's URL changed behind the API's back to a host that is not allowed
    await client.services.context.db
      .updateTable('webhookEndpoints')
      .set({ url: 'http://169.254.169.254/latest' })
      .where('id', '=', endpoint.id)
      .execute();
    await client.call('POST', '/zone', {
      token: tokens.admin,
      body: { name: 'Metadata Dock', zoneTypeId: 1 },
    });
    await vi.waitFor(
      async () => {
        await dispatcher().runOnce();
        const newest = (await deliveries(endpoint.id)).results[0];
        expect(newest?.error).toContain('not in the webhook hosts');
      },
      { timeout: 5000, interval: 20 },
    );
    expect((await deliveries(endpoint.id)).results[0]!.outcome).toBe('failed');
    expect(receiver.received.filter((r) => r.json.record !== null).length).toBeLessThanOrEqual(2);
  });

  it('"send test event" delivers now and answers the attempt; it is audited', async () => {
    const endpoint = await createEndpoint(tokens.admin);
    const result = await jsonOf<{ outcome: string; status: number }>(
      await client.call('POST', `/endpoint/${endpoint.id}/test`, { token: tokens.admin }),
      200,
    );
    expect(result).toMatchObject({ outcome: 'delivered', status: 200 });
    expect(receiver.received[0]!.json).toMatchObject({
      type: 'webhook.test',
      resource: 'endpoint',
    });
    expect(receiver.received[0]!.signed).toBe(true);
    receiver.answers = [500];
    const failed = await jsonOf<{ outcome: string; status: number }>(
      await client.call('POST', `/endpoint/${endpoint.id}/test`, { token: tokens.admin }),
      200,
    );
    // a test is tried once, never retried
    expect(failed).toMatchObject({ outcome: 'failed', status: 500 });
    const log = await jsonOf<{ results: Array<{ action: string }> }>(
      await client.call('GET', `/auditEntry?resource=endpoint&record=${endpoint.id}`, {
        token: tokens.admin,
      }),
      200,
    );
    expect(log.results.filter((entry) => entry.action === 'test')).toHaveLength(2);
  });
});

describe('the outbox commits with the change', () => {
  it('a refused write queues nothing', async () => {
    const endpoint = await createEndpoint(tokens.admin);
    await subscribe(tokens.admin, endpoint.id, ['*']);
    const before = await outboxCount();
    const refused = await client.call('POST', '/zone', {
      token: tokens.admin,
      body: { name: '', zoneTypeId: 1 },
    });
    expect(refused.status).toBe(400);
    expect(await outboxCount()).toBe(before);
  });

  it('when the outbox cannot be written, the change is not made either', async () => {
    const endpoint = await createEndpoint(tokens.admin);
    await subscribe(tokens.admin, endpoint.id, ['zone.created']);
    const { db } = client.services.context;
    await sql`alter table "webhookOutbox" rename to "webhookOutboxAway"`.execute(db);
    try {
      const failed = await client.call('POST', '/zone', {
        token: tokens.admin,
        body: { name: 'Never Dock', zoneTypeId: 1 },
      });
      expect(failed.status).toBe(500);
    } finally {
      await sql`alter table "webhookOutboxAway" rename to "webhookOutbox"`.execute(db);
    }
    const zones = await db
      .selectFrom('zones')
      .select('id')
      .where('name', '=', 'Never Dock')
      .execute();
    expect(zones).toHaveLength(0);
  });
});

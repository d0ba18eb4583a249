// Analytics events are scoped by the group the server knows from the
// session (never by a name the client sends), capture is bounded and rate-limited, and reads never
// fail on what is stored.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
let root: string;
beforeAll(async () => {
  client = await createTestClient();
  root = (await client.login('root')).token;
});
afterAll(() => client.services.close());

function capture(
  body: unknown,
  options: { token?: string; address?: string; raw?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token)
    headers.cookie = `RIOT_TK=${encodeURIComponent(JSON.stringify({ token: options.token, timestamp: Date.now() }))}`;
  const request = new Request('http://portico.test/analytics/e/', {
    method: 'POST',
    headers,
    body: options.raw ?? JSON.stringify(body),
  });
  return Promise.resolve(
    client.services.app.fetch(request, {
      incoming: { socket: { remoteAddress: options.address ?? '10.9.0.1' } },
    }),
  );
}

interface Events {
  total: number;
  results: Array<{ event: string; distinctId: string; properties: Record<string, unknown> }>;
}

async function events(token: string, event?: string): Promise<Events> {
  const response = await client.call(
    'GET',
    `/analytics/events${event ? `?event=${encodeURIComponent(event)}` : ''}`,
    { token },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Events;
}

const portalLoad = (tenant: string, extra: Record<string, unknown> = {}) => ({
  event: 'Portal Load',
  properties: { distinct_id: `someone@${tenant}`, tenant, origin: 'legacy', ...extra },
});

describe('analytics scope', { timeout: 30_000 }, () => {
  it('scopes events by the session’s tenant, not by the tenant name the client sends', async () => {
    const globex = await client.login('globex');
    const admin = await client.login('admin');
    // Globex's admin sends an event claiming to be Acme's, and one without a session claims Acme too
    expect(
      (
        await capture(portalLoad('Acme Logistics', { marker: 'globex-session' }), {
          token: globex.token,
        })
      ).status,
    ).toBe(200);
    expect((await capture(portalLoad('Acme Logistics', { marker: 'anonymous' }))).status).toBe(200);
    expect(
      (
        await capture(portalLoad('Acme Logistics', { marker: 'acme-session' }), {
          token: admin.token,
        })
      ).status,
    ).toBe(200);

    const acme = await events(admin.token, 'Portal Load');
    expect(acme.results.map((row) => row.properties.marker)).toEqual(['acme-session']);
    const theirs = await events(globex.token, 'Portal Load');
    expect(theirs.results.map((row) => row.properties.marker)).toEqual(['globex-session']);
    // another tenant's very name is refused (a sibling holds it: the platform's branch rule), and
    // renaming one's own group to the same name in other letters reads nothing more
    expect(
      (
        await client.call('PATCH', `/group/${globex.groupId}`, {
          token: globex.token,
          body: { name: 'Acme Logistics' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await client.call('PATCH', `/group/${globex.groupId}`, {
          token: globex.token,
          body: { name: 'ACME LOGISTICS' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await events(globex.token, 'Portal Load')).results.map((row) => row.properties.marker),
    ).toEqual(['globex-session']);
    expect(
      (
        await client.call('PATCH', `/group/${globex.groupId}`, {
          token: globex.token,
          body: { name: 'Globex' },
        })
      ).status,
    ).toBe(200);
    // root reads everything, anonymous events included
    const all = await events(root, 'Portal Load');
    expect(all.results.map((row) => row.properties.marker).sort()).toEqual([
      'acme-session',
      'anonymous',
      'globex-session',
    ]);
  });
});

describe('capture bounds', { timeout: 30_000 }, () => {
  it('refuses properties nested too deep, too large or with too many keys, and stores none of them', async () => {
    const before = (await events(root)).total;
    let deep: unknown = 'bottom';
    for (let i = 0; i < 4100; i += 1) deep = { d: deep };
    const wide = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i]));
    for (const properties of [
      { deep },
      wide,
      { big: 'x'.repeat(40_000) },
      { list: Array.from({ length: 5000 }, (_, i) => i) },
    ]) {
      const response = await capture({ event: 'Portal Load', properties });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/Invalid body/);
    }
    expect((await events(root)).total).toBe(before);
  });

  it('reads never fail on stored data, bad rows from before included', async () => {
    const db = client.services.context.db;
    let deep = '"bottom"';
    for (let i = 0; i < 20_000; i += 1) deep = `{"d":${deep}}`;
    await db
      .insertInto('analyticsEvents')
      .values([
        {
          event: 'Legacy row',
          distinctId: 'x',
          tenant: 'Acme Logistics',
          properties: deep,
          timestamp: '2024-01-01T00:00:00.000Z',
          receivedAt: 1,
        },
        {
          event: 'Legacy row',
          distinctId: 'y',
          tenant: 'Acme Logistics',
          properties: '{not json',
          timestamp: '2024-01-01T00:00:00.000Z',
          receivedAt: 1,
        },
      ])
      .execute();
    const rows = await events(root, 'Legacy row');
    expect(rows.total).toBe(2);
    expect(rows.results.every((row) => typeof row.properties === 'object')).toBe(true);
    expect(JSON.stringify(rows.results)).toMatch(/unreadable/);
  });

  it('rate-limits capture per address and per client id', async () => {
    const address = '10.8.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 130; i += 1)
      statuses.push(
        (await capture({ event: 'Flood', properties: { clientId: `c${i}` } }, { address })).status,
      );
    expect(statuses.filter((status) => status === 200)).toHaveLength(120);
    const limited = await capture({ event: 'Flood' }, { address });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // one client id from many addresses
    const perClient: number[] = [];
    for (let i = 0; i < 35; i += 1)
      perClient.push(
        (
          await capture(
            { event: 'Flood', properties: { clientId: 'same-browser' } },
            { address: `10.7.0.${i}` },
          )
        ).status,
      );
    expect(perClient.filter((status) => status === 200)).toHaveLength(30);
    expect(perClient.slice(30).every((status) => status === 429)).toBe(true);
  });

  it('keeps at most the newest anonymous events', async () => {
    const fresh = await createTestClient();
    try {
      const context = fresh.services.context as unknown as {
        analyticsLimits?: { maxAnonymousEvents: number };
      };
      expect(context.analyticsLimits).toBeDefined();
      context.analyticsLimits!.maxAnonymousEvents = 10;
      for (let i = 0; i < 15; i += 1) {
        const request = new Request('http://portico.test/analytics/e/', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ event: 'Kept', properties: { n: i } }),
        });
        expect(
          (
            await fresh.services.app.fetch(request, {
              incoming: { socket: { remoteAddress: `10.6.0.${i}` } },
            })
          ).status,
        ).toBe(200);
      }
      const rows = await fresh.services.context.db
        .selectFrom('analyticsEvents')
        .select('properties')
        .where('event', '=', 'Kept')
        .orderBy('id')
        .execute();
      expect(rows.map((row) => (JSON.parse(row.properties) as { n: number }).n)).toEqual([
        5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
      ]);
    } finally {
      await fresh.services.close();
    }
  });
});

describe('capture fuzz', () => {
  const key = fc.oneof(
    fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'tenant',
      '$set',
      'distinct_id',
      'toString',
    ),
    fc.string({ maxLength: 8 }),
  );
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      tie('array'),
      tie('object'),
    ),
    array: fc.array(tie('tree'), { maxLength: 6 }),
    object: fc.dictionary(key, tie('tree'), { maxKeys: 6 }),
  }));
  const nested = fc.integer({ min: 1, max: 6000 }).map((depth) => {
    let text = '1';
    for (let i = 0; i < depth; i += 1) text = i % 2 ? `[${text}]` : `{"__proto__":${text}}`;
    return text;
  });
  const huge = fc
    .integer({ min: 0, max: 200_000 })
    .map((length) => `[${Array.from({ length: Math.min(length, 200_000) }, () => '0').join(',')}]`);
  const event = fc.record(
    {
      event: fc.oneof(fc.constant('Portal Load'), fc.string()),
      properties: tree,
      $set: tree,
      distinct_id: tree,
      timestamp: tree,
    },
    { requiredKeys: [] },
  );
  const raw = fc.oneof(
    event.map((value) => JSON.stringify(value)),
    fc.array(event, { maxLength: 4 }).map((value) => JSON.stringify(value)),
    nested.map((text) => `{"event":"Portal Load","properties":{"x":${text}}}`),
    huge.map((text) => `{"event":"Portal Load","properties":{"x":${text}}}`),
    nested,
    fc.string(),
  );

  it('never answers 500 and the events stay readable', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(raw, async (body) => {
        n += 1;
        const response = await capture(undefined, {
          raw: body,
          address: `10.5.${n % 250}.${Math.floor(n / 250)}`,
        });
        expect(response.status, body.slice(0, 200)).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
    const response = await client.call('GET', '/analytics/events?pageSize=1000', { token: root });
    expect(response.status).toBe(200);
    expect(Object.getPrototypeOf(Object.prototype)).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 180_000);
});

describe('capture over HTTP API paths', () => {
  it('the read endpoint needs a session', async () => {
    expect((await client.services.fetch(new Request(`${API}/analytics/events`))).status).toBe(401);
  });
});

import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
beforeAll(async () => {
  client = await createTestClient();
});
afterAll(() => client.services.close());

const post = (
  path: string,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
) =>
  client.services.fetch(
    new Request(`http://portico.test/analytics${path}`, { method: 'POST', body, headers }),
  );
const event = (distinct: string, tenant: string) => ({
  event: 'Portal Load',
  properties: { distinct_id: distinct, tenant, origin: 'legacy' },
  timestamp: '2024-01-01T00:00:00.000Z',
});

describe('analytics capture', () => {
  it('accepts JSON, base64 forms and gzip, and reads back per tenant (the capturing session’s)', async () => {
    // the console's capture carries its session cookie; the tenant is the session's
    const session = async (username: string) => ({
      cookie: `RIOT_TK=${encodeURIComponent(JSON.stringify({ token: (await client.login(username)).token, timestamp: 1 }))}`,
    });
    expect(
      (
        await post('/e/', JSON.stringify(event('admin Acme Logistics', 'Acme Logistics')), {
          'content-type': 'application/json',
          ...(await session('admin')),
        })
      ).status,
    ).toBe(200);
    const form = `data=${encodeURIComponent(Buffer.from(JSON.stringify([event('viewer Acme Logistics', 'Acme Logistics')])).toString('base64'))}`;
    expect(
      (
        await post('/i/v0/e/', form, {
          'content-type': 'application/x-www-form-urlencoded',
          ...(await session('viewer')),
        })
      ).status,
    ).toBe(200);
    const gz = new Uint8Array(
      gzipSync(JSON.stringify({ batch: [event('globex Globex', 'Globex')] })),
    );
    expect((await post('/batch/?compression=gzip-js', gz, await session('globex'))).status).toBe(
      200,
    );
    // posthog-js 1.449 sends gzip as text/plain with no compression flag: detected by its magic bytes
    const plainGz = new Uint8Array(
      gzipSync(JSON.stringify([event('operator Acme Logistics', 'Acme Logistics')])),
    );
    expect(
      (await post('/e/', plainGz, { 'content-type': 'text/plain', ...(await session('operator')) }))
        .status,
    ).toBe(200);

    const admin = await client.login('admin');
    const acme = (await (
      await client.call('GET', '/analytics/events?event=Portal%20Load', { token: admin.token })
    ).json()) as {
      total: number;
      results: Array<{ distinctId: string; properties: { origin: string } }>;
    };
    expect(acme.total).toBe(3);
    expect(acme.results.map((row) => row.distinctId).sort()).toEqual([
      'admin Acme Logistics',
      'operator Acme Logistics',
      'viewer Acme Logistics',
    ]);
    expect(acme.results[0]?.properties.origin).toBe('legacy');
    const root = await client.login('root');
    const all = (await (
      await client.call('GET', '/analytics/events', { token: root.token })
    ).json()) as { total: number };
    expect(all.total).toBe(4);
    expect((await client.call('GET', '/analytics/events')).status).toBe(401);
  }, 30_000);

  it('rejects bad capture bodies with 400, never storing them', async () => {
    for (const body of ['', '{', '[{"noEvent":1}]', 'data=%%%'])
      expect((await post('/e/', body)).status, body).toBe(400);
    expect((await post('/e/?compression=gzip-js', 'not gzip')).status).toBe(400);
    expect(
      (await post('/e/', 'x'.repeat(1024 * 1024 + 10), { 'content-type': 'application/json' }))
        .status,
    ).toBe(413);
  });

  it('answers flags and remote config', async () => {
    const flags = await post('/flags/?v=2', '{}');
    expect(await flags.json()).toMatchObject({ flags: {}, featureFlags: {} });
    const config = await client.services.fetch(
      new Request('http://portico.test/analytics/array/phc_test/config.js'),
    );
    expect(await config.text()).toContain('_POSTHOG_REMOTE_CONFIG["phc_test"]');
    const bad = await client.services.fetch(
      new Request('http://portico.test/analytics/array/%3Cscript%3E/config'),
    );
    expect(bad.status).toBe(400);
  });
});

// GET /status over real HTTP: root sees what /readyz checks, this instance and every tenant's
// usage; a tenant's user with tenants:x sees its own tenant's usage only; others are refused.
import { describe, expect, it } from 'vitest';
import { summarizeRequests } from '../src/ops/metrics-summary.ts';
import { useSeededClient } from './helpers.ts';
import type { SeededUser } from './helpers.ts';

interface Usage {
  tenant: { id: number; name: string };
  groups: number;
  activeSessions: number;
  counts: Record<string, number>;
}

const { client, tokens } = useSeededClient();

const status = (name: SeededUser) => client.call('GET', '/status', { token: tokens[name] });

describe('who sees what (role × view)', () => {
  const table: [SeededUser, number, string | null][] = [
    ['root', 200, 'platform'],
    ['admin', 200, 'tenant'],
    ['viewer', 200, 'tenant'],
    ['globex', 200, 'tenant'],
    ['operator', 403, null],
    ['nobody', 403, null],
  ];
  it.each(table)('%s: %i %s', async (name, code, scope) => {
    const response = await status(name);
    expect(response.status).toBe(code);
    const body = (await response.json()) as { scope?: string; error?: string };
    if (scope) expect(body.scope).toBe(scope);
    else expect(body.error).toBe('Permission tenants:x required');
  });

  it('no token: 401', async () => {
    expect((await client.call('GET', '/status')).status).toBe(401);
  });
});

describe('a tenant sees only its own usage', () => {
  it('Acme’s administrator: Acme’s counts, no other tenant, no instance', async () => {
    const body = (await (await status('admin')).json()) as Record<string, unknown> & {
      tenants: Usage[];
    };
    expect(body.tenants.map((entry) => entry.tenant.name)).toEqual(['Acme Logistics']);
    expect(body).not.toHaveProperty('instances');
    expect(body).not.toHaveProperty('checks');
    const db = client.services.context.db;
    const acme = body.tenants[0]!;
    const groups = await db.selectFrom('groups').select(['id', 'hierarchyCode']).execute();
    const acmeCode = groups.find((group) => group.id === acme.tenant.id)!.hierarchyCode;
    const acmeGroups = groups.filter((group) => group.hierarchyCode.startsWith(acmeCode));
    expect(acme.groups).toBe(acmeGroups.length);
    const things = await db
      .selectFrom('things')
      .select(db.fn.countAll<number>().as('n'))
      .where(
        'groupId',
        'in',
        acmeGroups.map((group) => group.id),
      )
      .executeTakeFirstOrThrow();
    expect(acme.counts.things).toBe(Number(things.n));
    expect(acme.counts.users).toBe(4); // admin, operator, viewer and nobody; none of Globex's
    expect(acme.activeSessions).toBeGreaterThanOrEqual(3);
  });

  it('a new record is counted at once', async () => {
    const before = ((await (await status('globex')).json()) as { tenants: Usage[] }).tenants[0]!;
    const created = await client.call('POST', '/role', {
      token: tokens.globex,
      body: { name: 'Counted role', permissions: [] },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const after = ((await (await status('globex')).json()) as { tenants: Usage[] }).tenants[0]!;
    expect(after.tenant.name).toBe('Globex');
    expect(after.counts.roles).toBe((before.counts.roles ?? 0) + 1);
  });
});

describe('root: the platform', () => {
  it('what /readyz checks, this instance and every tenant', async () => {
    await client.call('GET', '/user/whoami', { token: tokens.admin });
    const body = (await (await status('root')).json()) as {
      ready: boolean;
      checks: { name: string; ok: boolean; detail: string }[];
      instances: {
        version: { displayVersion: string };
        uptimeSeconds: number;
        workers: number;
        cacheBus: string;
        requests: number;
        p99Ms: number | null;
      }[];
      tenants: Usage[];
    };
    expect(body.ready).toBe(true);
    expect(body.checks.map((check) => [check.name, check.ok])).toEqual([
      ['cacheBus', true],
      ['database', true],
      ['migrations', true],
    ]);
    expect(body.checks[2]!.detail).toMatch(/^(\d+) of \1 applied$/);
    const [instance] = body.instances;
    expect(instance).toMatchObject({ workers: 1, cacheBus: 'listening' });
    expect(instance!.version.displayVersion).toMatch(/^v\d/);
    expect(instance!.requests).toBeGreaterThan(0);
    expect(instance!.p99Ms).toBeGreaterThan(0);
    expect(body.tenants.map((entry) => entry.tenant.name)).toEqual(['Acme Logistics', 'Globex']);
  });
});

describe('summarizeRequests (the p99 from the histogram buckets)', () => {
  it.each<[string, string, number, number | null]>([
    ['no request yet', '', 0, null],
    [
      '100 requests, 99 within 10 ms: p99 is the 10 ms bucket',
      [
        'portico_http_requests_total{method="GET",route="/x",status="200"} 100',
        'portico_http_request_duration_seconds_bucket{le="0.005",route="/x"} 50',
        'portico_http_request_duration_seconds_bucket{le="0.01",route="/x"} 99',
        'portico_http_request_duration_seconds_bucket{le="0.1",route="/x"} 100',
        'portico_http_request_duration_seconds_bucket{le="+Inf",route="/x"} 100',
      ].join('\n'),
      100,
      10,
    ],
    [
      'the probes are left out',
      [
        'portico_http_requests_total{method="GET",route="/readyz",status="200"} 1000',
        'portico_http_request_duration_seconds_bucket{le="+Inf",route="/readyz"} 1000',
      ].join('\n'),
      0,
      null,
    ],
  ])('%s', (_label, text, requests, p99Ms) => {
    expect(summarizeRequests(text)).toEqual({ requests, p99Ms });
  });
});

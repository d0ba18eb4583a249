// Sites over real HTTP: the list and a site's details, its map image (checked by its bytes, served
// with its type, nosniff and an ETag), who may do what (role × action), tenant isolation, bad input
// refused with nothing written, and the audit entries (never the image's bytes).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MAP_IMAGE_BYTES } from '@portico/core';
import { encodePng, floorPlanPng } from '../src/seed/floor-plan.ts';
import { createTestClient } from './helpers.ts';
import { pgUnavailableReason, startPgCluster } from './pg-cluster.ts';
import type { PgCluster } from './pg-cluster.ts';
import type { TestClient } from './helpers.ts';
import { startLocalServer } from './server-call.ts';

let client: TestClient;
const tokens: Record<string, string> = {};
let north = 0;
let south = 0;

const USERS = ['admin', 'operator', 'viewer', 'nobody', 'root', 'globex'] as const;
const db = () => client.services.context.db;

beforeAll(async () => {
  client = await createTestClient();
  for (const user of USERS) tokens[user] = (await client.login(user)).token;
  const groups = await db().selectFrom('groups').select(['id', 'name']).execute();
  north = groups.find((group) => group.name === 'Acme / North DC')?.id ?? 0;
  south = groups.find((group) => group.name === 'Acme / South DC')?.id ?? 0;
});
afterAll(() => client.services.close());

const call = (
  user: string,
  method: string,
  path: string,
  options: Parameters<TestClient['call']>[2] = {},
) => client.call(method, path, { token: tokens[user], ...options });

function details(overrides: Record<string, unknown> = {}) {
  return {
    address: { street: '1 Harbour Way', city: 'Oakland', postalCode: '94607', country: 'US' },
    timeZone: 'America/Los_Angeles',
    workingHours: {
      monday: { open: '07:00', close: '19:00' },
      tuesday: { open: '07:00', close: '19:00' },
      wednesday: { open: '07:00', close: '19:00' },
      thursday: { open: '07:00', close: '19:00' },
      friday: { open: '07:00', close: '15:30' },
      saturday: null,
      sunday: null,
    },
    ...overrides,
  };
}

const png = (width: number, height: number) =>
  encodePng(width, height, (x, y) => [x % 256, y % 256, 128]);
const upload = (user: string, site: number, bytes: Uint8Array, type = 'image/png') =>
  call(user, 'PUT', `/site/${site}/map/image`, {
    rawBody: Uint8Array.from(bytes) as Uint8Array<ArrayBuffer>,
    headers: { 'content-type': type },
  });
const auditOf = (resource: string) =>
  db()
    .selectFrom('auditEntries')
    .selectAll()
    .where('resource', '=', resource)
    .orderBy('id', 'desc')
    .execute();

describe('the sites list', () => {
  it('shows the tenant’s sites with their address, time zone and whether a map is set', async () => {
    const response = await call('admin', 'GET', '/site?pageSize=10&pageNumber=1');
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      total: number;
      results: Array<Record<string, unknown>>;
    };
    expect(page.total).toBe(2);
    expect(page.results.map((row) => [row.name, row.city, row.timeZone, row.hasMap])).toEqual([
      ['Acme / North DC', 'Chicago', 'America/Chicago', true],
      ['Acme / South DC', 'Atlanta', 'America/New_York', false],
    ]);
  });

  it('searches, orders and pages', async () => {
    const found = (await (await call('admin', 'GET', '/site?filter=atlanta')).json()) as {
      total: number;
      results: Array<{ name: string }>;
    };
    expect(found.results.map((row) => row.name)).toEqual(['Acme / South DC']);
    const second = (await (
      await call('admin', 'GET', '/site?pageSize=1&pageNumber=2&order=name:desc')
    ).json()) as { total: number; results: Array<{ name: string }> };
    expect(second).toMatchObject({ total: 2, results: [{ name: 'Acme / North DC' }] });
  });

  it.each([
    ['root', 200, 2],
    ['viewer', 200, 2],
    ['globex', 200, 0],
    ['operator', 403, 0],
    ['nobody', 403, 0],
  ] as const)('%s: %i, %i sites', async (user, status, count) => {
    const response = await call(user, 'GET', '/site');
    expect(response.status).toBe(status);
    if (status === 200) expect(((await response.json()) as { total: number }).total).toBe(count);
  });
});

describe('who may do what to a site', () => {
  // each row: the caller, then the status of read, update, upload, read the image, remove the map
  it.each([
    ['admin', [200, 200, 200, 200, 204]],
    ['root', [200, 200, 200, 200, 204]],
    ['viewer', [200, 403, 403, 200, 403]],
    ['operator', [403, 403, 403, 200, 403]],
    ['nobody', [403, 403, 403, 403, 403]],
    ['globex', [404, 404, 404, 404, 404]],
  ] as const)('%s', async (user, expected) => {
    // a map to read and remove, put back by admin first
    expect([200, 201]).toContain((await upload('admin', north, floorPlanPng())).status);
    const statuses = [
      (await call(user, 'GET', `/site/${north}`)).status,
      (await call(user, 'PUT', `/site/${north}`, { body: details() })).status,
      (await upload(user, north, floorPlanPng())).status,
      (await call(user, 'GET', `/site/${north}/map/image`)).status,
      (await call(user, 'DELETE', `/site/${north}/map`)).status,
    ];
    expect(statuses).toEqual(expected);
  });

  it('is no site when the group is a tenant, or no group at all', async () => {
    const tenant = (await client.login('admin')).groupId;
    expect((await call('admin', 'GET', `/site/${tenant}`)).status).toBe(404);
    expect((await call('admin', 'GET', '/site/999999')).status).toBe(404);
    expect((await call('admin', 'GET', '/site/abc')).status).toBe(404);
  });
});

describe('a site’s details', () => {
  it('are written, read back and audited field by field', async () => {
    const response = await call('admin', 'PUT', `/site/${south}`, { body: details() });
    expect(response.status).toBe(200);
    const site = (await response.json()) as Record<string, unknown>;
    expect(site).toMatchObject({
      id: south,
      configured: true,
      address: { city: 'Oakland', country: 'US' },
      timeZone: 'America/Los_Angeles',
      workingHours: { friday: { open: '07:00', close: '15:30' }, sunday: null },
    });
    expect(await (await call('viewer', 'GET', `/site/${south}`)).json()).toEqual(site);
    const [entry] = await auditOf('site');
    expect(entry).toMatchObject({ action: 'update', recordId: south, actorName: 'admin' });
    const changes = JSON.parse(String(entry?.changes)) as Array<{ field: string; after: unknown }>;
    expect(changes.map((change) => change.field)).toEqual(
      expect.arrayContaining(['city', 'postalCode', 'street', 'timeZone', 'workingHours']),
    );
    expect(changes.find((change) => change.field === 'city')).toMatchObject({
      before: 'Atlanta',
      after: 'Oakland',
    });
  });

  it.each([
    [
      'a close before the open',
      { workingHours: { ...details().workingHours, monday: { open: '18:00', close: '08:00' } } },
      'workingHours.monday',
      'closes before it opens',
    ],
    [
      'a time that is not one',
      { workingHours: { ...details().workingHours, tuesday: { open: '7am', close: '19:00' } } },
      'workingHours.tuesday',
      'HH:MM',
    ],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'timeZone', 'not a known time zone'],
    [
      'a country name',
      { address: { street: 'x', city: 'y', postalCode: '', country: 'France' } },
      'address.country',
      'ISO 3166',
    ],
    [
      'no street',
      { address: { street: ' ', city: 'y', postalCode: '', country: 'FR' } },
      'address.street',
      'required',
    ],
    ['a day missing', { workingHours: { monday: null } }, 'workingHours.tuesday', ''],
    ['an unknown field', { colour: 'red' }, 'body', ''],
    [
      'a map placement out of range',
      {
        map: {
          imageWidth: -1,
          imageHeight: 10,
          imageUnit: 'm',
          latOrigin: 95,
          lonOrigin: 0,
          declination: 0,
        },
      },
      'map.imageWidth',
      'out of range',
    ],
  ])('refuse %s (400 naming the field), writing nothing', async (_name, change, field, words) => {
    const before = await (await call('admin', 'GET', `/site/${north}`)).json();
    const audits = (await auditOf('site')).length;
    const response = await call('admin', 'PUT', `/site/${north}`, { body: details(change) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(Object.keys(body.fields)).toContain(field);
    expect(body.fields[field]).toContain(words);
    expect(await (await call('admin', 'GET', `/site/${north}`)).json()).toEqual(before);
    expect(await auditOf('site')).toHaveLength(audits);
  });

  it('refuses a map placement for a site with no map', async () => {
    await call('admin', 'DELETE', `/site/${south}/map`);
    const response = await call('admin', 'PUT', `/site/${south}`, {
      body: details({
        map: {
          imageWidth: 10,
          imageHeight: 10,
          imageUnit: 'm',
          latOrigin: null,
          lonOrigin: null,
          declination: 0,
        },
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields.map).toContain(
      'upload one first',
    );
  });
});

describe('a new site', () => {
  it('is a new group under the tenant, configured, and its details and map go with it', async () => {
    const tenant = (await client.login('admin')).groupId;
    const created = await call('admin', 'POST', '/group', {
      body: { name: 'Acme / East DC', code: 'acme-east', parentId: tenant },
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    const listed = (await (await call('admin', 'GET', '/site?filter=east')).json()) as {
      results: Array<{ id: number; configured: boolean }>;
    };
    expect(listed.results).toEqual([expect.objectContaining({ id, configured: false })]);
    expect((await call('admin', 'PUT', `/site/${id}`, { body: details() })).status).toBe(200);
    expect((await upload('admin', id, png(10, 10))).status).toBe(201);
    expect((await call('admin', 'DELETE', `/group/${id}`)).status).toBeLessThan(300);
    expect(await db().selectFrom('sites').select('id').where('groupId', '=', id).execute()).toEqual(
      [],
    );
    expect(
      await db().selectFrom('localMaps').select('id').where('groupId', '=', id).execute(),
    ).toEqual([]);
  });
});

describe('a site’s map image', () => {
  it('is uploaded, its type and size read from its bytes, and served with its headers', async () => {
    await call('admin', 'DELETE', `/site/${south}/map`);
    const image = png(320, 200);
    // the declared type is not believed: the bytes say PNG
    const response = await upload('admin', south, image, 'application/octet-stream');
    expect(response.status).toBe(201);
    const map = (await response.json()) as Record<string, unknown>;
    expect(map).toMatchObject({
      imageType: 'image/png',
      pixelWidth: 320,
      pixelHeight: 200,
      imageBytes: image.length,
      imageWidth: 32,
      imageHeight: 20,
      imageUnit: 'm',
    });
    const served = await call('viewer', 'GET', `/site/${south}/map/image`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('private, no-cache');
    const etag = served.headers.get('etag') ?? '';
    expect(etag).toBe(`"${String(map.imageChecksum)}"`);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    const again = await call('viewer', 'GET', `/site/${south}/map/image`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    // the placement is set beside the details
    const placed = await call('admin', 'PUT', `/site/${south}`, {
      body: details({
        map: {
          imageWidth: 64,
          imageHeight: 40,
          imageUnit: 'ft',
          latOrigin: 33.7,
          lonOrigin: -84.5,
          declination: 12.5,
        },
      }),
    });
    expect(placed.status).toBe(200);
    expect(((await placed.json()) as { map: unknown }).map).toMatchObject({
      imageWidth: 64,
      imageUnit: 'ft',
      latOrigin: 33.7,
      declination: 12.5,
      imagePath: `/site/${south}/map/image`,
    });
    // and a zone's group finds its site's map
    // the operator (North DC, zone:r) reads its own site's map for the zone builder, not South's
    expect((await call('operator', 'GET', `/group/${north}/localMap`)).status).toBe(200);
    expect((await call('operator', 'GET', `/group/${south}/localMap`)).status).toBe(404);
    expect((await call('globex', 'GET', `/group/${south}/localMap`)).status).toBe(404);
    expect((await call('nobody', 'GET', `/group/${south}/localMap`)).status).toBe(403);
    const forAdmin = (await (await call('admin', 'GET', `/group/${south}/localMap`)).json()) as {
      site: { id: number };
      map: { pixelWidth: number };
    };
    expect(forAdmin).toMatchObject({ site: { id: south }, map: { pixelWidth: 320 } });
  });

  it('records its size and checksum in the audit entry, never its bytes', async () => {
    const image = png(50, 40);
    expect((await upload('admin', south, image)).status).toBe(200);
    const [entry] = await auditOf('localMap');
    expect(entry).toMatchObject({ action: 'update', recordId: south, actorName: 'admin' });
    const [change] = JSON.parse(String(entry?.changes)) as Array<{
      field: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>;
    expect(change?.field).toBe('image');
    expect(change?.after).toMatchObject({
      type: 'image/png',
      bytes: image.length,
      width: 50,
      height: 40,
    });
    expect(String(change?.after.sha256)).toMatch(/^[0-9a-f]{64}$/);
    expect(change?.before).toMatchObject({ width: 320, height: 200 });
    expect(String(entry?.changes).length).toBeLessThan(600);
    expect(String(entry?.changes)).not.toContain(image.subarray(16, 40).toString('base64'));
    expect((await call('admin', 'DELETE', `/site/${south}/map`)).status).toBe(204);
    const [removal] = await auditOf('localMap');
    expect(removal).toMatchObject({ action: 'delete', recordId: south });
    expect((await call('admin', 'GET', `/site/${south}/map/image`)).status).toBe(404);
  });

  const svg = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  const good = png(64, 64);
  it.each([
    [
      'bytes that are no image (declared as a PNG)',
      Buffer.from('hello, I am not a picture'),
      'image/png',
      400,
      'unknownType',
    ],
    ['an SVG', svg, 'image/svg+xml', 400, 'svg'],
    ['an SVG declared as a PNG', svg, 'image/png', 400, 'svg'],
    ['a PNG cut short', good.subarray(0, good.length - 20), 'image/png', 400, 'truncated'],
    ['nothing', Buffer.alloc(0), 'image/png', 400, 'empty'],
    [
      'a file over 10 MiB',
      Buffer.concat([good, Buffer.alloc(MAX_MAP_IMAGE_BYTES)]),
      'image/png',
      413,
      null,
    ],
  ] as const)('refuses %s, writing nothing', async (_name, bytes, type, status, problem) => {
    const audits = (await auditOf('localMap')).length;
    const before = await db()
      .selectFrom('localMaps')
      .select(['groupId', 'imageChecksum'])
      .execute();
    const response = await upload('admin', north, bytes, type);
    expect(response.status).toBe(status);
    const body = (await response.json()) as {
      error: string;
      problem?: string;
      fields?: Record<string, string>;
    };
    if (problem) {
      expect(body.problem).toBe(problem);
      expect(body.fields?.image).toBeTruthy();
    } else expect(body.error).toContain('10 MiB');
    expect(
      await db().selectFrom('localMaps').select(['groupId', 'imageChecksum']).execute(),
    ).toEqual(before);
    expect(await auditOf('localMap')).toHaveLength(audits);
  });
});

// The image is a blob (bytea on PostgreSQL) and the placement doubles: both come back as they went.
const pgSkip = pgUnavailableReason();
describe.skipIf(pgSkip !== undefined)('on PostgreSQL', () => {
  let cluster: PgCluster | undefined;
  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 120_000);
  afterAll(() => cluster?.stop());

  it('stores and serves the image byte for byte, and the numbers as numbers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-sites-'));
    const server = await startLocalServer(dir, { databaseUrl: cluster?.url ?? '' });
    const api = `${server.url}/riot-core-services/api`;
    try {
      const login = (await (
        await fetch(`${api}/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'demo' }),
        })
      ).json()) as { token: string };
      const headers = { token: login.token };
      const list = (await (await fetch(`${api}/site`, { headers })).json()) as {
        results: Array<{ id: number; name: string; hasMap: boolean }>;
      };
      const site = list.results.find((row) => row.name === 'Acme / North DC');
      expect(site?.hasMap).toBe(true);
      const image = png(123, 45);
      const uploaded = await fetch(`${api}/site/${site?.id}/map/image`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'image/png' },
        body: image,
      });
      expect(uploaded.status).toBe(200);
      const placed = await fetch(`${api}/site/${site?.id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(
          details({
            map: {
              imageWidth: 12.3,
              imageHeight: 4.5,
              imageUnit: 'm',
              latOrigin: 41.8868,
              lonOrigin: -87.6531,
              declination: -3.25,
            },
          }),
        ),
      });
      expect(placed.status).toBe(200);
      const read = (await (await fetch(`${api}/site/${site?.id}`, { headers })).json()) as {
        map: Record<string, unknown>;
      };
      expect(read.map).toMatchObject({
        pixelWidth: 123,
        pixelHeight: 45,
        imageBytes: image.length,
        imageWidth: 12.3,
        latOrigin: 41.8868,
        lonOrigin: -87.6531,
        declination: -3.25,
      });
      const served = await fetch(`${api}/site/${site?.id}/map/image`, { headers });
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, RESOURCE_PATHS, statusOf } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  client = await createTestClient();
  for (const user of ['root', 'admin', 'operator', 'viewer', 'nobody', 'globex'])
    tokens[user] = (await client.login(user)).token;
});
afterAll(() => client.services.close());

type Page = { total: number; results: Array<Record<string, unknown>> };
const list = async (user: string, path: string) => {
  const response = await client.call('GET', path, { token: tokens[user] });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
};

const PATHS = RESOURCE_PATHS;

describe('listing', () => {
  it.each(PATHS)('%s lists with total and results for admin', async (path) => {
    const page = await list('admin', `/${path}?pageSize=2`);
    expect(page.total).toBeGreaterThan(0);
    expect(page.results.length).toBeLessThanOrEqual(2);
    for (const row of page.results) expect(typeof row.id).toBe('number');
  });

  it('pages, orders and filters', async () => {
    const first = await list('admin', '/thing?pageSize=10&pageNumber=1&order=name:desc');
    const second = await list('admin', '/thing?pageSize=10&pageNumber=2&order=name:desc');
    expect(first.total).toBe(60);
    const names = [...first.results, ...second.results].map((row) => String(row.name));
    expect(names).toEqual([...names].sort().reverse());
    expect(new Set(names).size).toBe(20);
    const forklifts = await list('admin', '/thing?filter=FORKLIFT&pageSize=100');
    expect(forklifts.total).toBe(10);
    expect(forklifts.results.every((row) => String(row.name).startsWith('Forklift'))).toBe(true);
    const byType = await list('admin', '/thing?thingTypeId=2&pageSize=100');
    expect(
      byType.results.every(
        (row) => row.thingTypeId === 2 && (row.thingType as { name: string }).name === 'Pallet',
      ),
    ).toBe(true);
    const percent = await list('admin', '/thing?filter=%25');
    expect(percent.total).toBe(0);
  });

  it('the same query string answers each caller with its own rows, and cache-busting parameters are ignored', async () => {
    const query = '/thing?pageSize=100&order=name:asc';
    const admin = await list('admin', query);
    const operator = await list('operator', query);
    const globex = await list('globex', query);
    expect(operator.total).toBeLessThan(admin.total);
    expect(operator.results.every((row) => row.groupId === 3)).toBe(true);
    expect(globex.results.some((row) => [2, 3, 4].includes(row.groupId as number))).toBe(false);
    expect(await list('operator', query)).toEqual(operator);
    expect(await list('admin', `${query}&_=${Date.now()}`)).toEqual(admin);
    expect(await list('admin', `/thing?_=1&pageSize=100&order=name:asc`)).toEqual(admin);
  });

  it('rejects bad query parameters with 400 naming the field', async () => {
    for (const query of [
      'pageSize=0',
      'pageSize=5000',
      'pageNumber=-1',
      'order=password:asc',
      'order=name:sideways',
      'bogus=1',
      'thingTypeId=abc',
    ]) {
      const response = await client.call('GET', `/thing?${query}`, { token: tokens.admin });
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(Object.keys(body.fields).length, query).toBeGreaterThan(0);
    }
  });
});

describe('permissions and isolation', () => {
  it('needs the read permission (403) and shows nothing of another tenant', async () => {
    expect(await statusOf(client, 'GET', '/thing', tokens.nobody)).toBe(403);
    const acme = await list('admin', '/thing?pageSize=1000');
    const globex = await list('globex', '/thing?pageSize=1000');
    const acmeIds = new Set(acme.results.map((row) => row.id));
    expect(globex.results.some((row) => acmeIds.has(row.id))).toBe(false);
    const acmeThing = acme.results[0]?.id;
    const hidden = await client.call('GET', `/thing/${acmeThing}`, { token: tokens.globex });
    expect(hidden.status).toBe(404);
    expect(
      await statusOf(client, 'PATCH', `/thing/${acmeThing}`, tokens.globex, { name: 'x' }),
    ).toBe(404);
    expect(await statusOf(client, 'DELETE', `/thing/${acmeThing}`, tokens.globex)).toBe(404);
    const root = await list('root', '/thing?pageSize=1');
    expect(root.total).toBe(acme.total + globex.total);
  });

  it('operator sees its own site only, and shared types of its tenant read-only', async () => {
    const things = await list('operator', '/thing?pageSize=1000');
    expect(things.total).toBe(30);
    expect(
      things.results.every((row) => (row.group as { name: string }).name === 'Acme / North DC'),
    ).toBe(true);
    const types = await list('operator', '/thingType');
    expect(types.total).toBe(6);
    expect(
      await statusOf(client, 'POST', '/thing', tokens.operator, {
        name: 'n',
        serial: 's',
        thingTypeId: 1,
      }),
    ).toBe(403);
    const thing = things.results[0];
    const patched = await client.call('PATCH', `/thing/${thing?.id}`, {
      token: tokens.operator,
      body: { status: 'maintenance' },
    });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { status: string }).status).toBe('maintenance');
  });

  it('viewer reads but cannot write', async () => {
    expect(await statusOf(client, 'GET', '/zone', tokens.viewer)).toBe(200);
    expect(
      await statusOf(client, 'POST', '/zone', tokens.viewer, { name: 'z', zoneTypeId: 1 }),
    ).toBe(403);
    expect(await statusOf(client, 'DELETE', '/zone/1', tokens.viewer)).toBe(403);
  });

  it('references must stay inside the tenant', async () => {
    const globexTypes = await list('globex', '/thingType');
    const foreignType = globexTypes.results[0]?.id;
    const response = await client.call('POST', '/thing', {
      token: tokens.admin,
      body: { name: 'n', serial: 's', thingTypeId: foreignType },
    });
    expect(response.status).toBe(400);
    expect(
      ((await response.json()) as { fields: Record<string, string> }).fields.thingTypeId,
    ).toBeDefined();
    const rootTry = await client.call('POST', '/thing', {
      token: tokens.root,
      body: { name: 'n', serial: 's', thingTypeId: foreignType, groupId: 2 },
    });
    expect(rootTry.status).toBe(400);
  });

  it('a role cannot grant what its author lacks', async () => {
    const response = await client.call('POST', '/role', {
      token: tokens.admin,
      body: { name: 'Sneaky', permissions: ['license_generator:u'] },
    });
    expect(response.status).toBe(403);
  });
});

describe('writes', () => {
  it('create, read, update (PUT and PATCH), delete', async () => {
    const created = await client.call('POST', '/zone', {
      token: tokens.admin,
      body: { name: 'Dock 99', zoneTypeId: 1, groupId: 3 },
    });
    expect(created.status).toBe(201);
    const zone = (await created.json()) as Record<string, unknown>;
    expect(zone).toMatchObject({
      name: 'Dock 99',
      groupId: 3,
      zoneType: { id: 1, name: 'Dock' },
      color: '#1f77b4',
    });
    const put = await client.call('PUT', `/zone/${zone.id}`, {
      token: tokens.admin,
      body: { ...zone, name: 'Dock 100' },
    });
    expect(put.status).toBe(200);
    expect(
      await statusOf(client, 'PUT', `/zone/${zone.id}`, tokens.admin, { color: '#000000' }),
    ).toBe(400);
    const read = await client.call('GET', `/zone/${zone.id}`, { token: tokens.operator });
    expect(((await read.json()) as { name: string }).name).toBe('Dock 100');
    expect(await statusOf(client, 'DELETE', `/zone/${zone.id}`, tokens.admin)).toBe(204);
    expect(await statusOf(client, 'GET', `/zone/${zone.id}`, tokens.admin)).toBe(404);
  });

  it('unknown and invalid fields are 400 and nothing is written', async () => {
    const before = (await list('admin', '/thing')).total;
    const bad = await client.call('POST', '/thing', {
      token: tokens.admin,
      body: { name: 'x', serial: 'y', thingTypeId: 1, colour: 'red' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.colour).toBe(
      'unknown field',
    );
    const missing = await client.call('POST', '/thing', {
      token: tokens.admin,
      body: { name: 'x' },
    });
    expect(((await missing.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      serial: 'required',
      thingTypeId: 'required',
    });
    expect((await list('admin', '/thing')).total).toBe(before);
  });

  it('refuses deleting something still referenced (409) and a duplicate username (409)', async () => {
    expect(await statusOf(client, 'DELETE', '/thingType/1', tokens.admin)).toBe(409);
    expect(await statusOf(client, 'DELETE', '/group/3', tokens.admin)).toBe(409);
    const dup = await client.call('POST', '/user', {
      token: tokens.admin,
      body: { username: 'viewer', password: 'Secret-Horse-42' },
    });
    expect(dup.status).toBe(409);
  });

  it('groups: a child gets its hierarchy code, and users never expose password hashes', async () => {
    const created = await client.call('POST', '/group', {
      token: tokens.admin,
      body: { name: 'Acme / East', code: 'east', parentId: 2 },
    });
    expect(created.status).toBe(201);
    const group = (await created.json()) as Record<string, unknown>;
    expect(group).toMatchObject({
      treeLevel: 3,
      fqnBase: 'acme.east',
      hierarchyCode: `>1>2>${group.id}>`,
    });
    expect(
      await statusOf(client, 'POST', '/group', tokens.admin, { name: 'x', code: 'x', parentId: 5 }),
    ).toBe(400);
    const user = await client.call('POST', '/user', {
      token: tokens.admin,
      body: { username: 'east.lead', password: 'Secret-Horse-42', groupId: group.id },
    });
    expect(user.status).toBe(201);
    const text = JSON.stringify(await user.json());
    expect(text).not.toMatch(/scrypt|passwordHash|password"/);
    expect((await client.login('east.lead', 'Secret-Horse-42')).token).toBeTruthy();
  });

  it('a renamed reference shows its new name in the next list (the display-name cache follows writes)', async () => {
    const page = await list('admin', '/thing?pageSize=5&order=id:asc');
    const thing = page.results.find((row) => row.zoneId !== null) as {
      id: number;
      zoneId: number;
      zone: { name: string };
    };
    const zone = (await (
      await client.call('GET', `/zone/${thing.zoneId}`, { token: tokens.admin })
    ).json()) as Record<string, unknown>;
    const renamed = `${String(zone.name)} (renamed)`;
    expect(
      await statusOf(client, 'PATCH', `/zone/${thing.zoneId}`, tokens.admin, { name: renamed }),
    ).toBe(200);
    const after = await list('admin', '/thing?pageSize=5&order=id:asc');
    // with its site, which tells it from a zone of the same name in another site
    expect(after.results.find((row) => row.id === thing.id)?.zone).toEqual({
      id: thing.zoneId,
      name: renamed,
      site: expect.stringMatching(/^Acme \/ (North|South) DC$/) as unknown,
    });
    expect(
      await statusOf(client, 'PATCH', `/zone/${thing.zoneId}`, tokens.admin, { name: zone.name }),
    ).toBe(200);
    expect(
      (await list('admin', '/thing?pageSize=5&order=id:asc')).results.find(
        (row) => row.id === thing.id,
      )?.zone,
    ).toMatchObject({ id: thing.zoneId, name: zone.name });
  });

  it("a new password or archiving a user ends that user's sessions at once", async () => {
    const created = await client.call('POST', '/user', {
      token: tokens.admin,
      body: { username: 'temp.worker', password: 'first-secret', groupId: 3 },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const first = await client.login('temp.worker', 'first-secret');
    expect(await statusOf(client, 'GET', '/user/whoami', first.token)).toBe(200);
    expect(
      await statusOf(client, 'PATCH', `/user/${id}`, tokens.admin, { password: 'second-secret' }),
    ).toBe(200);
    expect(await statusOf(client, 'GET', '/user/whoami', first.token)).toBe(401);
    const second = await client.login('temp.worker', 'second-secret');
    expect(await statusOf(client, 'GET', '/user/whoami', second.token)).toBe(200);
    expect(await statusOf(client, 'PATCH', `/user/${id}`, tokens.admin, { archived: true })).toBe(
      200,
    );
    expect(await statusOf(client, 'GET', '/user/whoami', second.token)).toBe(401);
    const sessions = await client.services.context.db
      .selectFrom('sessions')
      .select('id')
      .where('userId', '=', id)
      .execute();
    expect(sessions).toEqual([]);
  });
});

// The real platform's names of fields Portico names otherwise, over HTTP: `thingTypeCode` and
// `zoneTypeCode` (Portico's `code`) answered beside the field and accepted in writes, `where`,
// `order` and `only`; a thing's `activated`, a flag of its own beside its status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
let token = '';
beforeAll(async () => {
  client = await createTestClient();
  token = (await client.login('admin')).token;
});
afterAll(async () => {
  await client.services.close();
});

type Json = Record<string, unknown>;
const get = async (path: string) => {
  const response = await client.call('GET', path, { token });
  expect(response.status, path).toBe(200);
  return (await response.json()) as { total: number; results: Json[] } & Json;
};

describe.each([
  ['thingType', 'thingTypeCode'],
  ['zoneType', 'zoneTypeCode'],
])('%s: %s is code', (path, alias) => {
  it('is answered, written (PUT create and PATCH), filtered, ordered and kept by only', async () => {
    const created = await client.call('PUT', `/${path}/`, {
      token,
      body: { name: `Alias ${alias}`, [alias]: `alias-${alias}` },
    });
    expect(created.status).toBe(201);
    const row = (await created.json()) as Json;
    expect(row).toMatchObject({ code: `alias-${alias}`, [alias]: `alias-${alias}` });
    const patched = await client.call('PATCH', `/${path}/${String(row.id)}`, {
      token,
      body: { [alias]: `renamed-${alias}` },
    });
    expect(((await patched.json()) as Json).code).toBe(`renamed-${alias}`);
    // an echo of a GET carries both: the field's own key wins
    const echoed = await client.call('PATCH', `/${path}/${String(row.id)}`, {
      token,
      body: { code: `echo-${alias}`, [alias]: `renamed-${alias}` },
    });
    expect(((await echoed.json()) as Json).code).toBe(`echo-${alias}`);
    const found = await get(`/${path}?where=${alias}=echo-${alias}`);
    expect(found.results.map((item) => item.id)).toEqual([row.id]);
    const ordered = await get(`/${path}?pageSize=-1&order=${alias}:desc`);
    const codes = ordered.results.map((item) => String(item.code));
    expect(codes).toEqual([...codes].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const only = await get(`/${path}?only=${alias}&where=id=${String(row.id)}`);
    expect(only.results[0]).toEqual({ id: row.id, [alias]: `echo-${alias}` });
  });
});

describe('thing', () => {
  it('answers activated as a flag of its own: the demo things that are active start activated; a status change leaves it', async () => {
    const page = await get('/thing?pageSize=-1');
    for (const item of page.results) expect(item.activated).toBe(item.status === 'active');
    const first = page.results.find((item) => item.activated === true)!;
    const echoed = await client.call('PATCH', `/thing/${String(first.id)}`, {
      token,
      body: { ...first, status: 'maintenance' },
    });
    expect(echoed.status).toBe(200);
    expect(await echoed.json()).toMatchObject({ status: 'maintenance', activated: true });
    const written = await client.call('PATCH', `/thing/${String(first.id)}`, {
      token,
      body: { activated: false },
    });
    expect(await written.json()).toMatchObject({ status: 'maintenance', activated: false });
  });
});

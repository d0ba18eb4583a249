// Look-alike names: every resolved reference carries what tells it apart, from the server, so
// selects, lists and filters all say the same: a record's site (its group's name), a group's path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

type Ref = { id: number; name: string; site?: string; path?: string };
let client: TestClient;
let admin: string;

async function list(path: string): Promise<Array<Record<string, unknown>>> {
  const response = await client.call('GET', path, { token: admin });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: Array<Record<string, unknown>> }).results;
}

beforeAll(async () => {
  client = await createTestClient();
  admin = (await client.login('admin')).token;
});
afterAll(() => client.services.close());

describe('references say where they are', () => {
  it('two zones named alike are told apart by their site, in the list and in what refers to them', async () => {
    const docks = await list('/zone?pageSize=100&filter=Dock 1&order=name:asc');
    const sites = docks
      .filter((row) => row.name === 'Dock 1')
      .map((row) => (row.group as Ref).name);
    expect(new Set(sites)).toEqual(new Set(['Acme / North DC', 'Acme / South DC']));
    const readers = await list('/logicalReader?pageSize=100');
    const zone = readers.map((row) => row.zone as Ref | null).find((ref) => ref !== null);
    expect(zone?.site).toMatch(/^Acme \/ (North|South) DC$/);
  });

  it('a group reference carries its path from the tenant down (the root left out)', async () => {
    const zones = await list('/zone?pageSize=5');
    expect((zones[0]?.group as Ref).path).toMatch(/^Acme Logistics › Acme \/ (North|South) DC$/);
    const groups = await list('/group?pageSize=50&order=name:asc');
    const north = groups.find((row) => row.code === 'acme-north');
    expect((north?.parent as Ref).path).toBe('Acme Logistics');
    const tenant = groups.find((row) => row.code === 'acme');
    expect((tenant?.parent as Ref | null)?.path).toBe((tenant?.parent as Ref | null)?.name);
  });

  it('a tenant-level record names its tenant as its site', async () => {
    const zones = await list('/zone?pageSize=5');
    expect((zones[0]?.zoneType as Ref).site).toBe('Acme Logistics');
  });
});

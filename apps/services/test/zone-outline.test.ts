// A zone's outline (its zone points), drawn in the zone builder and saved through the zone: core's
// rule refused with the reason and nothing written, the points kept rounded, the change audited,
// the zone's permission and tenant held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
const tokens: Record<string, string> = {};
let zoneId = 0;
const square = [
  { x: 100, y: 100 },
  { x: 300.123, y: 100 },
  { x: 300, y: 300 },
  { x: 100, y: 300 },
];

beforeAll(async () => {
  client = await createTestClient();
  for (const name of ['admin', 'viewer', 'globex']) tokens[name] = (await client.login(name)).token;
  const created = await client.call('POST', '/zone', {
    token: tokens.admin,
    body: { name: 'Outline Dock', zoneTypeId: 1 },
  });
  expect(created.status).toBe(201);
  const zone = (await created.json()) as { id: number; points: unknown };
  expect(zone.points).toEqual([]);
  zoneId = zone.id;
});
afterAll(() => client.services.close());

const points = async () =>
  (
    (await (await client.call('GET', `/zone/${zoneId}`, { token: tokens.admin })).json()) as {
      points: unknown;
    }
  ).points;

describe('a zone outline', () => {
  it('is saved through the zone, rounded to two decimals, and audited before and after', async () => {
    const saved = await client.call('PATCH', `/zone/${zoneId}`, {
      token: tokens.admin,
      body: { points: square },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await points()).toEqual([
      { x: 100, y: 100 },
      { x: 300.12, y: 100 },
      { x: 300, y: 300 },
      { x: 100, y: 300 },
    ]);
    const entries = (await (
      await client.call('GET', `/auditEntry?resource=zone&record=${zoneId}&order=at:desc`, {
        token: tokens.admin,
      })
    ).json()) as { results: { action: string; changes: { field: string; after?: unknown }[] }[] };
    const update = entries.results.find((entry) => entry.action === 'update');
    expect(update?.changes.map((change) => change.field)).toEqual(['points']);
  });

  it.each([
    [
      'a bow tie',
      [
        { x: 0, y: 0 },
        { x: 100, y: 100 },
        { x: 100, y: 0 },
        { x: 0, y: 100 },
      ],
      /edges 1 and 3 cross/,
    ],
    [
      'two points',
      [
        { x: 0, y: 0 },
        { x: 100, y: 100 },
      ],
      /at least 3 points/,
    ],
    [
      'a point off the map',
      [
        { x: 0, y: 0 },
        { x: 1200, y: 100 },
        { x: 0, y: 100 },
      ],
      /point 2 is outside the map/,
    ],
    [
      'two corners at one place',
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 0, y: 0 },
      ],
      /points 1 and 3 are at the same place/,
    ],
    ['text', 'a square', /list of points/],
  ])('refuses %s with the reason, and writes nothing', async (_, outline, message) => {
    const before = await points();
    const refused = await client.call('PATCH', `/zone/${zoneId}`, {
      token: tokens.admin,
      body: { points: outline },
    });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: string; field?: string };
    expect(body.field ?? body.error).toMatch(/points/);
    expect(body.error).toMatch(message);
    expect(await points()).toEqual(before);
  });

  it('needs the zone update permission and a zone of the caller’s tenant', async () => {
    const before = await points();
    const viewer = await client.call('PATCH', `/zone/${zoneId}`, {
      token: tokens.viewer,
      body: { points: [] },
    });
    expect(viewer.status).toBe(403);
    const globex = await client.call('PATCH', `/zone/${zoneId}`, {
      token: tokens.globex,
      body: { points: [] },
    });
    expect([403, 404]).toContain(globex.status);
    expect(await points()).toEqual(before);
  });

  it('is cleared with an empty list', async () => {
    const cleared = await client.call('PATCH', `/zone/${zoneId}`, {
      token: tokens.admin,
      body: { points: [] },
    });
    expect(cleared.status).toBe(200);
    expect(await points()).toEqual([]);
  });
});

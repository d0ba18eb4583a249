// Generated bad input never reaches the 500 handler: every answer is a deliberate 2xx/4xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestClient, RESOURCE_PATHS } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
let token: string;
let userId: number;
beforeAll(async () => {
  client = await createTestClient();
  const login = await client.login('admin');
  token = login.token;
  userId = login.id;
});
afterAll(() => client.services.close());

const PATHS = RESOURCE_PATHS;
const FIELDS = [
  'name',
  'code',
  'serial',
  'thingTypeId',
  'zoneId',
  'groupId',
  'parentId',
  'status',
  'type',
  'permissions',
  'roleIds',
  'properties',
  'username',
  'password',
  'email',
  'color',
  'zoneTypeId',
  'folderId',
  'archived',
  'sequence',
  'id',
  '__proto__',
  'constructor',
];
const value = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }),
  fc.json(),
  fc.string(),
);

function expectDeliberate(status: number, label: string): void {
  expect(status, label).not.toBe(500);
  expect(status, label).toBeLessThan(500);
}

describe('fuzzed requests', () => {
  it('resource writes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS),
        fc.constantFrom('POST', 'PUT', 'PATCH'),
        fc.oneof(fc.integer({ min: -5, max: 80 }).map(String), fc.string()),
        body,
        async (path, method, id, payload) => {
          const target = method === 'POST' ? `/${path}` : `/${path}/${encodeURIComponent(id)}`;
          const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
          const response = await client.call(method, target, {
            token,
            rawBody: raw,
            headers: { 'content-type': 'application/json' },
          });
          expectDeliberate(response.status, `${method} ${target} ${raw}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('list queries', async () => {
    const key = fc.constantFrom(
      'pageSize',
      'pageNumber',
      'order',
      'filter',
      'thingTypeId',
      'groupId',
      'status',
      'archived',
      'x',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS),
        fc.dictionary(
          key,
          fc.oneof(
            fc.string(),
            fc.integer().map(String),
            fc.constantFrom('name:asc', 'id:desc', 'name:up', ':', ',,', '%', '_'),
          ),
        ),
        async (path, query) => {
          const response = await client.call(
            'GET',
            `/${path}?${new URLSearchParams(query).toString()}`,
            { token },
          );
          expectDeliberate(response.status, `${path} ${JSON.stringify(query)}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('session and user endpoints', async () => {
    const endpoints = [
      ['POST', '/user/login'],
      ['POST', `/user/${userId}/inheritedFields?format=map`],
      ['POST', `/user/${userId}/visibilityGroups`],
      ['PUT', `/user/${userId}/field/timeZoneConfiguration`],
      ['PUT', `/user/${userId}/field/hiddenTabs`],
      ['PUT', `/user/${userId}/field/language`],
      ['PUT', `/user/${userId}/password`],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.oneof(body, fc.record({ value }), fc.record({ username: value, password: value })),
        async ([method, path], payload) => {
          const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
          const response = await client.call(method, path, {
            token: path.includes('login') ? undefined : token,
            rawBody: raw,
            headers: { 'content-type': 'application/json' },
          });
          expectDeliberate(response.status, `${method} ${path} ${raw}`);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('user reads with arbitrary extra/only and path ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), fc.string(), async (id, extra, only) => {
        const response = await client.call(
          'GET',
          `/user/${encodeURIComponent(id)}?${new URLSearchParams({ extra, only }).toString()}`,
          { token },
        );
        expectDeliberate(response.status, `${id} ${extra} ${only}`);
      }),
      { numRuns: 200 },
    );
  });

  // Hostile shapes: nesting thousands deep, huge arrays and prototype keys, on every
  // write endpoint and on analytics capture. Each is answered deliberately and pollutes nothing.
  const nested = fc
    .tuple(
      fc.integer({ min: 1, max: 5000 }),
      fc.constantFrom('{"__proto__":', '{"constructor":', '{"prototype":', '['),
      fc.constantFrom(...FIELDS),
    )
    .map(([depth, opener, field]) => {
      const closer = opener === '[' ? ']' : '}';
      return `{"${field}":${opener.repeat(depth)}1${closer.repeat(depth)}}`;
    });
  const hugeArray = fc
    .tuple(
      fc.integer({ min: 1000, max: 100_000 }),
      fc.constantFrom(...FIELDS),
      fc.constantFrom('1', '"x"', '{}', 'null'),
    )
    .map(
      ([length, field, item]) => `{"${field}":[${Array.from({ length }, () => item).join(',')}]}`,
    );
  const prototypeKeys = fc
    .dictionary(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'valueOf',
        'hasOwnProperty',
        ...FIELDS,
      ),
      fc.oneof(
        value,
        fc.constant({ polluted: true }),
        fc.constant({ __proto__: { polluted: true } }),
      ),
      { maxKeys: 6 },
    )
    .map((record) => JSON.stringify(record).replace('"constructor":', '"__proto__":'));
  const hostile = fc.oneof(nested, hugeArray, prototypeKeys);

  it('hostile bodies on every write endpoint', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS),
        fc.constantFrom('POST', 'PUT', 'PATCH'),
        hostile,
        async (path, method, raw) => {
          const target = method === 'POST' ? `/${path}` : `/${path}/${userId}`;
          const response = await client.call(method, target, {
            token,
            rawBody: raw,
            headers: { 'content-type': 'application/json' },
          });
          expectDeliberate(response.status, `${method} ${target} ${raw.slice(0, 200)}`);
        },
      ),
      { numRuns: 150 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 180_000);

  it('hostile bodies on the session, user field and analytics endpoints', async () => {
    const endpoints = [
      ['POST', `${API}/user/login`],
      ['POST', `${API}/user/${userId}/inheritedFields?format=map`],
      ['POST', `${API}/user/${userId}/visibilityGroups`],
      ['PUT', `${API}/user/${userId}/field/hiddenTabs`],
      ['PUT', `${API}/user/${userId}/password`],
      ['POST', 'http://portico.test/analytics/e/'],
      ['POST', 'http://portico.test/analytics/batch/'],
    ] as const;
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.oneof(
          hostile,
          hostile.map((raw) => `{"event":"Portal Load","properties":${raw}}`),
          hostile.map((raw) => `[{"event":"x","$set":${raw}}]`),
        ),
        async ([method, url], raw) => {
          n += 1;
          const request = new Request(url, {
            method,
            headers: {
              'content-type': 'application/json',
              ...(url.includes('/login') ? {} : { token }),
            },
            body: raw,
          });
          // a distinct address each, so the analytics rate limit does not hide a 500 behind a 429
          const response = await client.services.app.fetch(request, {
            incoming: { socket: { remoteAddress: `10.77.${n % 250}.${Math.floor(n / 250)}` } },
          });
          expectDeliberate(response.status, `${method} ${url} ${raw.slice(0, 200)}`);
        },
      ),
      { numRuns: 150 },
    );
    const read = await client.call('GET', '/analytics/events?pageSize=1000', { token });
    expect(read.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 180_000);

  it('bodies over the limit are 413', async () => {
    const response = await client.call('POST', '/thing', {
      token,
      rawBody: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
  });
});

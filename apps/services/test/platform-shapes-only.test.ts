// The test mode `PORTICO_PLATFORM_SHAPES=only` (the e2e environment `platform-shapes` runs the console
// against it): the answers where Portico adds keys to the real platform's shape come without them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
beforeAll(async () => {
  process.env.PORTICO_PLATFORM_SHAPES = 'only';
  try {
    client = await createTestClient();
  } finally {
    delete process.env.PORTICO_PLATFORM_SHAPES;
  }
});
afterAll(async () => {
  await client.services.close();
});

describe('PORTICO_PLATFORM_SHAPES=only', () => {
  it('answers the login, a user, validateToken and group fields in the platform shape alone', async () => {
    const login = await client.call('POST', '/user/login', {
      body: { username: 'admin', password: 'demo' },
    });
    const body = (await login.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: 2, username: 'admin', token: expect.any(String) });
    for (const key of ['isRoot', 'roleIds', 'groupId', 'calendarFormat', 'language'])
      expect(body, key).not.toHaveProperty(key);
    // the session's reads asked with a sign-in are Portico's: the platform's answer has none, and a
    // console asks them over the network
    const withReads = (await (
      await client.call('POST', '/user/login', {
        body: {
          username: 'admin',
          password: 'demo',
          reads: [{ method: 'GET', path: '/user/whoami' }],
        },
      })
    ).json()) as Record<string, unknown>;
    expect(withReads).toMatchObject({ id: 2, token: expect.any(String) });
    expect(withReads).not.toHaveProperty('reads');
    const token = body.token as string;
    const user = (await (
      await client.call('GET', '/user/2?extra=group,activeGroup', { token })
    ).json()) as Record<string, unknown>;
    expect(user).toMatchObject({ id: 2, group: { id: 2 }, activeGroup: { id: 2 } });
    expect(user).not.toHaveProperty('groupId');
    expect(await (await client.call('GET', '/user/validateToken', { token })).json()).toEqual({
      message: 'Has an active session',
    });
    const fields = (await (
      await client.call('GET', '/group/2/inheritedFields?format=map', { token })
    ).json()) as Record<string, Record<string, unknown>>;
    expect(Object.keys(fields.sessionTimeout ?? {}).sort()).toEqual([
      'field',
      'group',
      'id',
      'value',
    ]);
    // other answers and every status are untouched
    expect((await client.call('GET', '/user/999', { token })).status).toBe(404);
    expect(
      ((await (await client.call('GET', '/user/whoami', { token })).json()) as { isRoot: boolean })
        .isRoot,
    ).toBe(false);
  });
});

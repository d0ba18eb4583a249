// The real platform's user calls and answers over HTTP (UserController, GroupController): the login
// answer's extra fields and `menus` queries, validateToken's body, the user field calls (GET, PUT
// 201 with the field, DELETE 204), the inherited field lists, hasPermissions, and the group's
// inheritedFields in the platform's default list format beside spec §7's map.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';
import { platformExpression } from '../src/routes/platform-user-routes.ts';

// Seeded: operator 3 in Acme / North DC (group 3), admin 2 in Acme (group 2), viewer 4.
const OPERATOR = 3;
const ADMIN = 2;
const DAY = 24 * 60 * 60 * 1000;

let client: TestClient;
beforeAll(async () => {
  client = await createTestClient();
});
afterAll(async () => {
  await client.services.close();
});

type Json = Record<string, unknown>;
const json = async (response: Response) => (await response.json()) as Json;

describe('the login answer', () => {
  it('carries group, groupType, activeGroup, activeGroupType, visibilityGroups, configurations, notifications and menus', async () => {
    const response = await client.call('POST', '/user/login', {
      body: {
        username: 'operator',
        password: 'demo',
        menus: {
          things: 'thing:r',
          both: 'thing:r&zone:r',
          either: 'user:r|zone:r',
          users: 'user:r',
          license: 'license:r&(license:u|license:i)',
          broken: '((',
        },
      },
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({
      id: OPERATOR,
      username: 'operator',
      group: { id: 3, name: 'Acme / North DC', treeLevel: 3 },
      activeGroup: { id: 3 },
      notifications: [],
      menus: {
        things: true,
        both: true,
        either: true,
        users: false,
        license: false,
        broken: false,
      },
    });
    expect(body.groupType).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(body.activeGroupType).toEqual(body.groupType);
    const visibility = body.visibilityGroups as Record<string, Json>;
    expect(visibility.thing).toMatchObject({ id: 3, name: 'Acme / North DC', treeLevel: 3 });
    expect(visibility.user).toEqual(visibility.thing);
    const configurations = body.configurations as Record<string, Json>;
    expect(configurations.sessionTimeout).toMatchObject({
      name: 'sessionTimeout',
      value: '30',
      field: { name: 'sessionTimeout' },
      group: { id: 2 },
    });
  });

  it('answers menus with the permissions of the API key a session signed in with', async () => {
    const admin = await client.login('admin');
    const created = await client.call('PUT', `/user/${ADMIN}/apiKey`, {
      token: admin.token,
      body: { name: 'menus', expiresAt: Date.now() + DAY, permissions: ['zone:r'] },
    });
    const key = ((await created.json()) as { key: string }).key;
    const body = await json(
      await client.call('POST', '/user/login', {
        body: { apiKey: key, menus: { zones: 'zone:r', users: 'user:r' } },
      }),
    );
    expect(body.menus).toEqual({ zones: true, users: false });
  });

  it('refuses menus that are not a map of expressions (400), and signs nobody in', async () => {
    const response = await client.call('POST', '/user/login', {
      body: { username: 'operator', password: 'demo', menus: { things: 42 } },
    });
    expect(response.status).toBe(400);
  });
});

describe('validateToken', () => {
  it("answers the platform's message, and who", async () => {
    const { token } = await client.login('viewer');
    const response = await client.call('GET', '/user/validateToken', { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: 'Has an active session',
      valid: true,
      id: 4,
      username: 'viewer',
    });
    expect((await client.call('GET', '/user/validateToken')).status).toBe(401);
  });
});

describe('user fields', () => {
  it('PUT answers 201 with the field, GET reads it, DELETE answers 204 and the inherited value applies again', async () => {
    const { token } = await client.login('operator');
    const put = await client.call('PUT', `/user/${OPERATOR}/field/dateFormatConfiguration`, {
      token,
      body: { value: 'DD.MM.YYYY' },
    });
    expect(put.status).toBe(201);
    const field = await json(put);
    expect(field).toMatchObject({
      name: 'dateFormatConfiguration',
      value: 'DD.MM.YYYY',
      field: { name: 'dateFormatConfiguration', userEditable: true },
      user: { id: OPERATOR, username: 'operator' },
    });
    const get = await client.call('GET', `/user/${OPERATOR}/field/dateFormatConfiguration`, {
      token,
    });
    expect(await json(get)).toEqual(field);
    const fields = await json(await client.call('GET', `/user/${OPERATOR}/fields`, { token }));
    expect(fields).toMatchObject({ total: 1, results: [field] });
    const inherited = await json(
      await client.call('GET', `/user/${OPERATOR}/inheritedFields`, { token }),
    );
    expect(inherited.dateFormatConfiguration).toMatchObject({
      value: 'DD.MM.YYYY',
      parentValue: expect.any(String),
    });
    expect(inherited.sessionTimeout).toMatchObject({ value: '30' });

    const removed = await client.call('DELETE', `/user/${OPERATOR}/field/dateFormatConfiguration`, {
      token,
    });
    expect(removed.status).toBe(204);
    expect(
      (await client.call('GET', `/user/${OPERATOR}/field/dateFormatConfiguration`, { token }))
        .status,
    ).toBe(404);
    const one = await json(
      await client.call('GET', `/user/${OPERATOR}/inheritedFields/dateFormatConfiguration`, {
        token,
      }),
    );
    expect(one.value).toBe(one.parentValue);
    // removing what is not there is still 204, and audited once only
    expect(
      (await client.call('DELETE', `/user/${OPERATOR}/field/dateFormatConfiguration`, { token }))
        .status,
    ).toBe(204);
    const entries = await client.services.context.db
      .selectFrom('auditEntries')
      .selectAll()
      .where('action', '=', 'field.remove')
      .where('recordId', '=', OPERATOR)
      .execute();
    expect(entries).toHaveLength(1);
  });

  it("another user's fields: 403 without user:u to change, 404 outside the caller's tree", async () => {
    const viewer = (await client.login('viewer')).token;
    expect(
      (await client.call('DELETE', `/user/${OPERATOR}/field/language`, { token: viewer })).status,
    ).toBe(403);
    expect(
      (await client.call('GET', `/user/${OPERATOR}/inheritedFields`, { token: viewer })).status,
    ).toBe(200);
    const globex = (await client.login('globex')).token;
    expect(
      (await client.call('GET', `/user/${OPERATOR}/inheritedFields`, { token: globex })).status,
    ).toBe(404);
    expect(
      (await client.call('GET', `/user/${OPERATOR}/field/language`, { token: globex })).status,
    ).toBe(404);
  });
});

describe('hasPermissions', () => {
  it("evaluates the caller's own queries, in the platform's single & and | too; others: 403", async () => {
    const { token } = await client.login('operator');
    const answer = await client.call('POST', `/user/${OPERATOR}/hasPermissions`, {
      token,
      body: { a: 'thing:r', b: 'thing:r & user:r', c: 'user:r | zone:r' },
    });
    expect(await answer.json()).toEqual({ a: true, b: false, c: true });
    expect(
      (
        await client.call('POST', `/user/${ADMIN}/hasPermissions`, {
          token,
          body: { a: 'thing:r' },
        })
      ).status,
    ).toBe(403);
  });

  it.each([
    ['a&b', 'a&&b'],
    ['a|b', 'a||b'],
    ['a&&b', 'a&&b'],
    ['a||b', 'a||b'],
    ['license:r&(license:u|license:i)', 'license:r&&(license:u||license:i)'],
  ])('%s reads as %s', (platform, core) => {
    expect(platformExpression(platform)).toBe(core);
  });
});

describe('group inheritedFields', () => {
  it("answers the platform's list by default and spec §7's map with format=map", async () => {
    const { token } = await client.login('admin');
    const list = await json(await client.call('GET', '/group/2/inheritedFields', { token }));
    const results = list.results as Json[];
    expect(list.total).toBe(results.length);
    const timeout = results.find((entry) => entry.name === 'sessionTimeout');
    expect(timeout).toMatchObject({
      value: '30',
      parentValue: '60',
      field: { name: 'sessionTimeout' },
      group: { id: 2 },
      parentGroup: { id: 1 },
    });
    const map = await json(
      await client.call('GET', '/group/2/inheritedFields?format=map', { token }),
    );
    expect(map.sessionTimeout).toEqual(timeout);
  });
});

describe('a user in the platform shape', () => {
  it('lists userRoles and userFields, on GET /user/{id} and in the user list; an echo of them is ignored', async () => {
    const { token } = await client.login('admin');
    const one = await json(await client.call('GET', `/user/${OPERATOR}`, { token }));
    expect(one.userRoles).toEqual([
      expect.objectContaining({ id: 3, name: expect.any(String), archived: false }),
    ]);
    expect(Array.isArray(one.userFields)).toBe(true);
    await client.call('PUT', `/user/${OPERATOR}/field/language`, { token, body: { value: 'fr' } });
    const listed = await json(await client.call('GET', `/user?where=id=${OPERATOR}`, { token }));
    const row = (listed.results as Json[])[0]!;
    expect(row.userRoles).toEqual(one.userRoles);
    expect(row.userFields).toEqual([{ id: expect.any(Number), name: 'language', value: 'fr' }]);
    const echoed = await client.call('PATCH', `/user/${OPERATOR}`, {
      token,
      body: { ...row, firstName: 'Olga' },
    });
    expect(echoed.status).toBe(200);
    expect(await json(echoed)).toMatchObject({ firstName: 'Olga', roleIds: [3] });
  });
});

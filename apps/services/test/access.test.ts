// People and access over real HTTP: roles on users (both directions: the user's roleIds and the
// role's members), and new passwords (one's own with the current password, an administrator's
// reset). Tables of caller × action → status, each row on a fresh database.
import { describe, expect, it } from 'vitest';
import { freshClients } from './helpers.ts';
import type { TestClient } from './helpers.ts';

// Seeded ids: users root 1, admin 2, operator 3, viewer 4, nobody 5, globex 6; roles Root
// Administrator 1, Acme Tenant Administrator 2, Operator 3, Viewer 4, Globex Tenant Administrator 5;
// groups Root 1, Acme 2.
const VIEWER = 4;
const VIEWER_ROLE = 4;
const OPERATOR_ROLE = 3;
const STRONG = 'Correct-Horse-42';
const CALLERS = ['admin', 'operator', 'viewer', 'nobody', 'globex', 'root'] as const;
type CallerName = (typeof CALLERS)[number];

const fresh = freshClients();

const json = async (response: Response) =>
  (await response.json()) as {
    error?: string;
    fields?: Record<string, string>;
    total?: number;
    results?: Array<{ id: number; username: string }>;
    roleIds?: number[];
    roles?: Array<{ id: number; name: string }>;
  };

/** A user of Acme with no role (made by root), for membership rows. */
async function plainUser(client: TestClient, username = 'new.colleague'): Promise<number> {
  const root = (await client.login('root')).token;
  const response = await client.call('POST', '/user', {
    token: root,
    body: { username, password: STRONG, groupId: 2 },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

describe('a user created with roles', { timeout: 60_000 }, () => {
  it.each<[CallerName, number]>([
    ['admin', 201],
    ['operator', 403], // no user:i
    ['viewer', 403],
    ['nobody', 403],
    ['globex', 400], // Acme's Viewer role is no role of Globex: named in the answer
    ['root', 201],
  ])('%s creating a user holding the Viewer role → %i', async (caller, status) => {
    const client = await fresh();
    const token = (await client.login(caller)).token;
    const response = await client.call('POST', '/user', {
      token,
      body: {
        username: 'new.colleague',
        password: STRONG,
        roleIds: [VIEWER_ROLE],
        ...(caller === 'root' ? { groupId: 2 } : {}),
      },
    });
    expect(response.status).toBe(status);
    const body = await json(response);
    if (status === 201) {
      expect(body.roleIds).toEqual([VIEWER_ROLE]);
      expect(body.roles).toEqual([{ id: VIEWER_ROLE, name: 'Viewer', site: 'Acme Logistics' }]);
      const signedIn = await client.login('new.colleague', STRONG);
      const permissions = await client.call('GET', `/user/${signedIn.id}/permissions`, {
        token: signedIn.token,
      });
      expect(((await permissions.json()) as { results: string[] }).results).toContain('things:x');
    }
    if (caller === 'globex') expect(body.error).toMatch(/roleIds: no role 4 in this tenant/);
  });

  it('an unknown role is refused with 400 naming it', async () => {
    const client = await fresh();
    const admin = (await client.login('admin')).token;
    const response = await client.call('POST', '/user', {
      token: admin,
      body: { username: 'new.colleague', password: STRONG, roleIds: [VIEWER_ROLE, 9999] },
    });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.error).toMatch(/no role 9999/);
    expect(body.fields?.roleIds).toMatch(/no role 9999/);
  });

  it('a role the caller may not grant is refused with 403 saying why', async () => {
    const client = await fresh();
    const root = (await client.login('root')).token;
    const made = await client.call('POST', '/role', {
      token: root,
      body: { name: 'License makers', permissions: ['license_generator:u'], groupId: 2 },
    });
    expect(made.status).toBe(201);
    const { id: roleId } = (await made.json()) as { id: number };
    const admin = (await client.login('admin')).token;
    const response = await client.call('POST', '/user', {
      token: admin,
      body: { username: 'new.colleague', password: STRONG, roleIds: [roleId] },
    });
    expect(response.status).toBe(403);
    expect((await json(response)).error).toBe(
      'You cannot assign role License makers: you need every permission of role License makers (missing license_generator:u)',
    );
  });
});

describe("a role's members", { timeout: 60_000 }, () => {
  it.each<[CallerName, number]>([
    ['admin', 200],
    ['operator', 403], // no role:r
    ['viewer', 200],
    ['nobody', 403],
    ['globex', 404], // another tenant's role is invisible
    ['root', 200],
  ])('%s listing the Viewer role’s members → %i', async (caller, status) => {
    const client = await fresh();
    const token = (await client.login(caller)).token;
    const response = await client.call('GET', `/role/${VIEWER_ROLE}/members`, { token });
    expect(response.status).toBe(status);
    if (status === 200) {
      const body = await json(response);
      expect(body.total).toBe(1);
      expect(body.results?.map((user) => user.username)).toEqual(['viewer']);
    }
  });

  it.each<[CallerName, number]>([
    ['admin', 200],
    ['operator', 403],
    ['viewer', 403], // no user:u
    ['nobody', 403],
    ['globex', 404],
    ['root', 200],
  ])('%s adding then removing a member of the Viewer role → %i', async (caller, status) => {
    const client = await fresh();
    const userId = await plainUser(client);
    const token = (await client.login(caller)).token;
    const added = await client.call('PUT', `/role/${VIEWER_ROLE}/members/${userId}`, { token });
    expect(added.status).toBe(status);
    const root = (await client.login('root')).token;
    const after = await json(await client.call('GET', `/user/${userId}`, { token: root }));
    expect(after.roleIds).toEqual(status === 200 ? [VIEWER_ROLE] : []);
    if (status !== 200) return;
    expect((await json(added)).results?.map((user) => user.username)).toEqual([
      'new.colleague',
      'viewer',
    ]);
    // twice is the same as once
    expect(
      (await client.call('PUT', `/role/${VIEWER_ROLE}/members/${userId}`, { token })).status,
    ).toBe(200);
    const removed = await client.call('DELETE', `/role/${VIEWER_ROLE}/members/${userId}`, {
      token,
    });
    expect(removed.status).toBe(200);
    expect((await json(removed)).results?.map((user) => user.username)).toEqual(['viewer']);
    expect(
      (await json(await client.call('GET', `/user/${userId}`, { token: root }))).roleIds,
    ).toEqual([]);
  });

  it('another tenant’s user cannot be added (404), nor an unknown one', async () => {
    const client = await fresh();
    const admin = (await client.login('admin')).token;
    expect(
      (await client.call('PUT', `/role/${VIEWER_ROLE}/members/6`, { token: admin })).status,
    ).toBe(404);
    expect(
      (await client.call('PUT', `/role/${VIEWER_ROLE}/members/9999`, { token: admin })).status,
    ).toBe(404);
    expect((await client.call('PUT', `/role/abc/members/2`, { token: admin })).status).toBe(400);
  });

  it('membership follows the authority policy: one’s own roles, a role one may not grant', async () => {
    const client = await fresh();
    const admin = await client.login('admin');
    const own = await client.call('PUT', `/role/${OPERATOR_ROLE}/members/${admin.id}`, {
      token: admin.token,
    });
    expect(own.status).toBe(403);
    expect((await json(own)).error).toMatch(/cannot change your own roles/);
    const root = (await client.login('root')).token;
    const made = await client.call('POST', '/role', {
      token: root,
      body: { name: 'License makers', permissions: ['license_generator:u'], groupId: 2 },
    });
    const { id: roleId } = (await made.json()) as { id: number };
    const userId = await plainUser(client);
    const refused = await client.call('PUT', `/role/${roleId}/members/${userId}`, {
      token: admin.token,
    });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toMatch(/You cannot assign role License makers/);
  });

  it('removing the last administrator from the administrator role is refused (409)', async () => {
    const client = await fresh();
    const root = (await client.login('root')).token;
    const response = await client.call('DELETE', '/role/2/members/2', { token: root });
    expect(response.status).toBe(409);
    expect((await json(response)).error).toMatch(/last active user of Acme Logistics/);
  });
});

describe('a new password', { timeout: 60_000 }, () => {
  it.each(CALLERS)(
    '%s changes its own password with the current one, without user:u',
    async (caller) => {
      const client = await fresh();
      const me = await client.login(caller);
      const other = await client.login(caller);
      const response = await client.call('PUT', `/user/${me.id}/password`, {
        token: me.token,
        body: { currentPassword: 'demo', newPassword: STRONG },
      });
      expect(response.status).toBe(200);
      // this session goes on, the others end, the new password signs in, the old one no more
      expect((await client.call('GET', '/user/whoami', { token: me.token })).status).toBe(200);
      expect((await client.call('GET', '/user/whoami', { token: other.token })).status).toBe(401);
      await client.login(caller, STRONG);
      await expect(client.login(caller, 'demo')).rejects.toThrow(/401/);
    },
  );

  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ['no current password', { newPassword: STRONG }, 'currentPassword', /required/],
    [
      'a wrong current password',
      { currentPassword: 'wrong', newPassword: STRONG },
      'currentPassword',
      /not your current password/,
    ],
    [
      'a short one',
      { currentPassword: 'demo', newPassword: 'short' },
      'newPassword',
      /^at least 8 characters$/,
    ],
    [
      'a common one',
      { currentPassword: 'demo', newPassword: 'baseball1' },
      'newPassword',
      /^one of the most common passwords/,
    ],
    [
      'the username',
      { currentPassword: 'demo', newPassword: 'Operator' },
      'newPassword',
      /^must not be the username$/,
    ],
  ])('own change with %s → 400 naming the field', async (_name, body, field, message) => {
    const client = await fresh();
    const me = await client.login('operator');
    const response = await client.call('PUT', `/user/${me.id}/password`, { token: me.token, body });
    expect(response.status).toBe(400);
    expect((await json(response)).fields?.[field]).toMatch(message);
    await client.login('operator', 'demo');
  });

  it('own change refuses the username as a password', async () => {
    const client = await fresh();
    const created = await client.call('POST', '/user', {
      token: (await client.login('admin')).token,
      body: { username: 'long.username', password: STRONG },
    });
    const { id } = (await created.json()) as { id: number };
    const me = await client.login('long.username', STRONG);
    const response = await client.call('PUT', `/user/${id}/password`, {
      token: me.token,
      body: { currentPassword: STRONG, newPassword: 'Long.Username' },
    });
    expect((await json(response)).fields?.newPassword).toBe('must not be the username');
  });

  it.each<[CallerName, number]>([
    ['admin', 200],
    ['operator', 403], // no user:u
    ['nobody', 403],
    ['globex', 404],
    ['root', 200],
  ])('%s resetting the viewer’s password → %i', async (caller, status) => {
    const client = await fresh();
    const token = (await client.login(caller)).token;
    const viewer = await client.login('viewer');
    const response = await client.call('PUT', `/user/${VIEWER}/password`, {
      token,
      body: { newPassword: STRONG },
    });
    expect(response.status).toBe(status);
    if (status === 200) {
      // the viewer's sessions end; the new password signs in
      expect((await client.call('GET', '/user/whoami', { token: viewer.token })).status).toBe(401);
      await client.login('viewer', STRONG);
    } else {
      await client.login('viewer', 'demo');
    }
  });

  it('an administrator cannot reset the password of someone holding more (403)', async () => {
    const client = await fresh();
    const admin = (await client.login('admin')).token;
    const response = await client.call('PUT', '/user/1/password', {
      token: admin,
      body: { newPassword: STRONG },
    });
    // root is outside Acme's tree: invisible
    expect(response.status).toBe(404);
    const root = (await client.login('root')).token;
    const made = await client.call('POST', '/role', {
      token: root,
      body: { name: 'License makers', permissions: ['license_generator:u'], groupId: 2 },
    });
    const { id: roleId } = (await made.json()) as { id: number };
    const userId = await plainUser(client, 'licensee');
    await client.call('PATCH', `/user/${userId}`, { token: root, body: { roleIds: [roleId] } });
    const refused = await client.call('PUT', `/user/${userId}/password`, {
      token: admin,
      body: { newPassword: STRONG },
    });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toMatch(/hold permissions you do not hold/);
  });

  it('each change is in the audit trail, the secret shown as changed only', async () => {
    const client = await fresh();
    const operator = await client.login('operator');
    await client.call('PUT', `/user/${operator.id}/password`, {
      token: operator.token,
      body: { currentPassword: 'demo', newPassword: STRONG },
      headers: { 'x-request-id': 'own-password-1' },
    });
    const admin = (await client.login('admin')).token;
    const userId = await plainUser(client);
    await client.call('PUT', `/role/${VIEWER_ROLE}/members/${userId}`, { token: admin });
    await client.call('PUT', `/user/${VIEWER}/password`, {
      token: admin,
      body: { newPassword: STRONG },
    });
    const read = async (record: number) => {
      const response = await client.call(
        'GET',
        `/auditEntry?resource=user&record=${record}&order=at:asc`,
        { token: admin },
      );
      expect(response.status).toBe(200);
      return (
        (await response.json()) as {
          results: Array<{
            action: string;
            requestId: string;
            user: { username: string };
            changes: Array<{ field: string; before?: unknown; after?: unknown }>;
          }>;
        }
      ).results;
    };
    const own = (await read(operator.id)).at(-1);
    expect(own).toMatchObject({
      action: 'update',
      requestId: 'own-password-1',
      user: { username: 'operator' },
      changes: [{ field: 'passwordHash', before: '(secret)', after: '(secret)' }],
    });
    expect((await read(userId)).at(-1)).toMatchObject({
      action: 'update',
      user: { username: 'admin' },
      changes: [{ field: 'roleIds', before: '[]', after: `[${VIEWER_ROLE}]` }],
    });
    const reset = (await read(VIEWER)).at(-1);
    expect(reset?.changes.find((change) => change.field === 'passwordHash')).toEqual({
      field: 'passwordHash',
      before: '(secret)',
      after: '(secret)',
    });
    expect(JSON.stringify(reset)).not.toContain(STRONG);
  });

  it('a reset names the rule the new password breaks', async () => {
    const client = await fresh();
    const admin = (await client.login('admin')).token;
    const response = await client.call('PUT', `/user/${VIEWER}/password`, {
      token: admin,
      body: { newPassword: 'password1' },
    });
    expect(response.status).toBe(400);
    expect((await json(response)).fields?.password).toBe(
      'one of the most common passwords: choose another',
    );
  });
});

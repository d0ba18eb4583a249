// Authority only moves to someone who already holds it.
// One table: caller × operation × target → status, each row on a fresh database.
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.ts';
import { VIEWER_PERMISSIONS } from '../src/auth/permission-catalog.ts';
import { createTestClient, freshClients } from './helpers.ts';
import type { TestClient } from './helpers.ts';

/**
 * The seeded rows the table names, found by name in a freshly seeded database (every world() seeds
 * the same demo data), so that no row depends on the order the seed inserts them in.
 */
async function seededIds() {
  const client = await createTestClient();
  try {
    const db = client.services.context.db;
    const group = async (name: string) =>
      (
        await db
          .selectFrom('groups')
          .select('id')
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    const user = async (username: string) =>
      (
        await db
          .selectFrom('users')
          .select('id')
          .where('username', '=', username)
          .executeTakeFirstOrThrow()
      ).id;
    const acme = await group('Acme Logistics');
    const acmeRole = async (name: string) =>
      (
        await db
          .selectFrom('roles')
          .select('id')
          .where('groupId', '=', acme)
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    return {
      acme,
      northDc: await group('Acme / North DC'),
      root: await user('root'),
      admin: await user('admin'),
      viewer: await user('viewer'),
      nobody: await user('nobody'),
      tenantAdminRole: await acmeRole('Tenant Administrator'),
      viewerRole: await acmeRole('Viewer'),
    };
  } finally {
    await client.services.close();
  }
}
const SEEDED = await seededIds();
const ACME = SEEDED.acme;
const NORTH_DC = SEEDED.northDc;
const ADMIN = SEEDED.admin;
const VIEWER = SEEDED.viewer;
const NOBODY = SEEDED.nobody;
const TENANT_ADMIN_ROLE = SEEDED.tenantAdminRole;
const VIEWER_ROLE = SEEDED.viewerRole;
const STRONG = 'Correct-Horse-42';

/** Callers made for the table (all in Acme Logistics), beside the seeded `admin` and `root`. */
const CALLERS = {
  userOnly: ['user:r', 'user:i', 'user:u', 'user:d'],
  userManager: [...VIEWER_PERMISSIONS, 'user:*', 'role:r'],
  roleEditor: ['role:r', 'role:i', 'role:u', 'role:d', 'thing:r'],
} as const;
type CallerName = keyof typeof CALLERS | 'admin' | 'root';

interface World {
  client: TestClient;
  token(name: CallerName): Promise<string>;
  id(name: CallerName): number;
  /** A role holding only thing:r, assigned to nobody. */
  thingReaderRole: number;
}

const fresh = freshClients();

const passwordHash = hashPassword('caller-password-1');

async function world(): Promise<World> {
  const client = await fresh();
  const db = client.services.context.db;
  const ids: Partial<Record<CallerName, number>> = { root: SEEDED.root, admin: ADMIN };
  for (const [name, permissions] of Object.entries(CALLERS)) {
    const role = await db
      .insertInto('roles')
      .values({
        groupId: ACME,
        name: `${name} role`,
        description: '',
        permissions: JSON.stringify(permissions),
        archived: 0,
        creationTime: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        groupId: ACME,
        username: name.toLowerCase(),
        firstName: '',
        lastName: '',
        email: '',
        passwordHash: await passwordHash,
        apiKeyHash: null,
        roleIds: JSON.stringify([role.id]),
        archived: 0,
        passwordExpirationTime: null,
        displayPasswordExpirationTime: 0,
        createdBy: 'test',
        creationTime: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[name as CallerName] = user.id;
  }
  const thingReader = await db
    .insertInto('roles')
    .values({
      groupId: ACME,
      name: 'Thing readers',
      description: '',
      permissions: JSON.stringify(['thing:r']),
      archived: 0,
      creationTime: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tokens = new Map<CallerName, string>();
  return {
    client,
    thingReaderRole: thingReader.id,
    id: (name) => ids[name] ?? 0,
    async token(name) {
      let token = tokens.get(name);
      if (!token) {
        const password = name === 'admin' || name === 'root' ? 'demo' : 'caller-password-1';
        token = (await client.login(name.toLowerCase(), password)).token;
        tokens.set(name, token);
      }
      return token;
    },
  };
}

type Target = number | 'self' | 'thingReaderRole';
interface Row {
  caller: CallerName;
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  resource: 'user' | 'role';
  target?: Target;
  body?: Record<string, unknown> | ((w: World) => Record<string, unknown>);
  status: number;
  /** A fragment of the error message. */
  error?: RegExp;
}

const ROWS: Array<[string, Row]> = [
  // user:u alone: no role may be assigned, no stronger account touched
  [
    'user:u gives itself the Tenant Administrator role',
    {
      caller: 'userOnly',
      method: 'PATCH',
      resource: 'user',
      target: 'self',
      body: { roleIds: [TENANT_ADMIN_ROLE] },
      status: 403,
      error: /your own roles/,
    },
  ],
  [
    'user:u gives another user the Tenant Administrator role',
    {
      caller: 'userOnly',
      method: 'PATCH',
      resource: 'user',
      target: NOBODY,
      body: { roleIds: [TENANT_ADMIN_ROLE] },
      status: 403,
      error: /role:r/,
    },
  ],
  [
    'user:u gives another user a role of one permission it lacks',
    {
      caller: 'userOnly',
      method: 'PATCH',
      resource: 'user',
      target: NOBODY,
      body: (w) => ({ roleIds: [w.thingReaderRole] }),
      status: 403,
    },
  ],
  [
    'user:i creates a user with the Tenant Administrator role',
    {
      caller: 'userOnly',
      method: 'POST',
      resource: 'user',
      body: { username: 'mallory', password: STRONG, roleIds: [TENANT_ADMIN_ROLE] },
      status: 403,
    },
  ],
  [
    'user:i creates a user without roles',
    {
      caller: 'userOnly',
      method: 'POST',
      resource: 'user',
      body: { username: 'mallory', password: STRONG },
      status: 201,
    },
  ],
  [
    'user:u resets the tenant administrator password',
    {
      caller: 'userOnly',
      method: 'PATCH',
      resource: 'user',
      target: ADMIN,
      body: { password: STRONG },
      status: 403,
      error: /permissions you do not hold/,
    },
  ],
  [
    'user:u replaces the tenant administrator (PUT with a password)',
    {
      caller: 'userOnly',
      method: 'PUT',
      resource: 'user',
      target: ADMIN,
      body: { username: 'admin', password: STRONG },
      status: 403,
    },
  ],
  [
    'user:u archives the tenant administrator',
    {
      caller: 'userOnly',
      method: 'PATCH',
      resource: 'user',
      target: ADMIN,
      body: { archived: true },
      status: 403,
    },
  ],
  [
    'user:u expires the tenant administrator password',
    {
      caller: 'userOnly',
      method: 'PATCH',
      resource: 'user',
      target: ADMIN,
      body: { passwordExpirationTime: 1 },
      status: 403,
    },
  ],
  [
    'user:u moves the tenant administrator to another group',
    {
      caller: 'userOnly',
      method: 'PATCH',
      resource: 'user',
      target: ADMIN,
      body: { groupId: NORTH_DC },
      status: 403,
    },
  ],
  [
    'user:d deletes the tenant administrator',
    { caller: 'userOnly', method: 'DELETE', resource: 'user', target: ADMIN, status: 403 },
  ],
  [
    'user:u resets the password of the viewer (who holds more)',
    {
      caller: 'userOnly',
      method: 'PATCH',
      resource: 'user',
      target: VIEWER,
      body: { password: STRONG },
      status: 403,
    },
  ],
  [
    'user:u resets the password of a user with no permission',
    {
      caller: 'userOnly',
      method: 'PATCH',
      resource: 'user',
      target: NOBODY,
      body: { password: STRONG },
      status: 200,
    },
  ],
  [
    'user:u edits the tenant administrator name (no authority moves)',
    {
      caller: 'userOnly',
      method: 'PATCH',
      resource: 'user',
      target: ADMIN,
      body: { firstName: 'Ada L.' },
      status: 200,
    },
  ],
  [
    'user:u changes its own password',
    {
      caller: 'userOnly',
      method: 'PATCH',
      resource: 'user',
      target: 'self',
      body: { password: STRONG },
      status: 200,
    },
  ],
  // a user manager holding the Viewer role's permissions and role:r
  [
    'manager assigns the Viewer role',
    {
      caller: 'userManager',
      method: 'PATCH',
      resource: 'user',
      target: NOBODY,
      body: { roleIds: [VIEWER_ROLE] },
      status: 200,
    },
  ],
  [
    'manager creates a viewer',
    {
      caller: 'userManager',
      method: 'POST',
      resource: 'user',
      body: { username: 'new.viewer', password: STRONG, roleIds: [VIEWER_ROLE] },
      status: 201,
    },
  ],
  [
    'manager assigns the Tenant Administrator role',
    {
      caller: 'userManager',
      method: 'PATCH',
      resource: 'user',
      target: NOBODY,
      body: { roleIds: [TENANT_ADMIN_ROLE] },
      status: 403,
      error: /every permission of role/,
    },
  ],
  [
    'manager creates a tenant administrator',
    {
      caller: 'userManager',
      method: 'POST',
      resource: 'user',
      body: { username: 'new.admin', password: STRONG, roleIds: [TENANT_ADMIN_ROLE] },
      status: 403,
    },
  ],
  [
    'manager adds a role to itself',
    {
      caller: 'userManager',
      method: 'PATCH',
      resource: 'user',
      target: 'self',
      body: (w) => ({ roleIds: [w.thingReaderRole] }),
      status: 403,
      error: /your own roles/,
    },
  ],
  [
    'manager resets the viewer password',
    {
      caller: 'userManager',
      method: 'PATCH',
      resource: 'user',
      target: VIEWER,
      body: { password: STRONG },
      status: 200,
    },
  ],
  [
    'manager moves the viewer to North DC',
    {
      caller: 'userManager',
      method: 'PATCH',
      resource: 'user',
      target: VIEWER,
      body: { groupId: NORTH_DC },
      status: 200,
    },
  ],
  [
    'manager demotes the tenant administrator',
    {
      caller: 'userManager',
      method: 'PATCH',
      resource: 'user',
      target: ADMIN,
      body: { roleIds: [VIEWER_ROLE] },
      status: 403,
    },
  ],
  [
    'manager resets the tenant administrator password',
    {
      caller: 'userManager',
      method: 'PATCH',
      resource: 'user',
      target: ADMIN,
      body: { password: STRONG },
      status: 403,
    },
  ],
  [
    'manager deletes the viewer',
    { caller: 'userManager', method: 'DELETE', resource: 'user', target: VIEWER, status: 204 },
  ],
  [
    'manager deletes the tenant administrator',
    { caller: 'userManager', method: 'DELETE', resource: 'user', target: ADMIN, status: 403 },
  ],
  // tenant administrator and root
  [
    'admin changes its own roles',
    {
      caller: 'admin',
      method: 'PATCH',
      resource: 'user',
      target: 'self',
      body: { roleIds: [VIEWER_ROLE] },
      status: 403,
      error: /your own roles/,
    },
  ],
  [
    'admin makes the viewer a tenant administrator',
    {
      caller: 'admin',
      method: 'PATCH',
      resource: 'user',
      target: VIEWER,
      body: { roleIds: [TENANT_ADMIN_ROLE] },
      status: 200,
    },
  ],
  [
    'admin changes its own password',
    {
      caller: 'admin',
      method: 'PATCH',
      resource: 'user',
      target: 'self',
      body: { password: STRONG },
      status: 200,
    },
  ],
  [
    'admin deletes itself',
    {
      caller: 'admin',
      method: 'DELETE',
      resource: 'user',
      target: 'self',
      status: 409,
      error: /yourself/,
    },
  ],
  [
    'admin archives itself',
    {
      caller: 'admin',
      method: 'PATCH',
      resource: 'user',
      target: 'self',
      body: { archived: true },
      status: 409,
      error: /yourself/,
    },
  ],
  [
    'root resets the tenant administrator password',
    {
      caller: 'root',
      method: 'PATCH',
      resource: 'user',
      target: ADMIN,
      body: { password: STRONG },
      status: 200,
    },
  ],
  [
    'root demotes the last tenant administrator of Acme',
    {
      caller: 'root',
      method: 'PATCH',
      resource: 'user',
      target: ADMIN,
      body: { roleIds: [VIEWER_ROLE] },
      status: 409,
      error: /last active/,
    },
  ],
  [
    'root archives the last tenant administrator of Acme',
    {
      caller: 'root',
      method: 'PATCH',
      resource: 'user',
      target: ADMIN,
      body: { archived: true },
      status: 409,
      error: /last active/,
    },
  ],
  [
    'root deletes the last tenant administrator of Acme',
    {
      caller: 'root',
      method: 'DELETE',
      resource: 'user',
      target: ADMIN,
      status: 409,
      error: /last active/,
    },
  ],
  [
    'root changes its own roles',
    {
      caller: 'root',
      method: 'PATCH',
      resource: 'user',
      target: 'self',
      body: { roleIds: [] },
      status: 403,
    },
  ],
  // role side
  [
    'role editor strips the Tenant Administrator role',
    {
      caller: 'roleEditor',
      method: 'PATCH',
      resource: 'role',
      target: TENANT_ADMIN_ROLE,
      body: { permissions: [] },
      status: 403,
      error: /permissions you do not hold/,
    },
  ],
  [
    'role editor renames the Tenant Administrator role',
    {
      caller: 'roleEditor',
      method: 'PATCH',
      resource: 'role',
      target: TENANT_ADMIN_ROLE,
      body: { name: 'Nobody' },
      status: 403,
    },
  ],
  [
    'role editor archives the Tenant Administrator role',
    {
      caller: 'roleEditor',
      method: 'PATCH',
      resource: 'role',
      target: TENANT_ADMIN_ROLE,
      body: { archived: true },
      status: 403,
    },
  ],
  [
    'role editor replaces the Tenant Administrator role (PUT)',
    {
      caller: 'roleEditor',
      method: 'PUT',
      resource: 'role',
      target: TENANT_ADMIN_ROLE,
      body: { name: 'Tenant Administrator', permissions: ['thing:r'] },
      status: 403,
    },
  ],
  [
    'role editor deletes the Tenant Administrator role',
    {
      caller: 'roleEditor',
      method: 'DELETE',
      resource: 'role',
      target: TENANT_ADMIN_ROLE,
      status: 403,
    },
  ],
  [
    'role editor edits the Viewer role (holds only thing:r of it)',
    {
      caller: 'roleEditor',
      method: 'PATCH',
      resource: 'role',
      target: VIEWER_ROLE,
      body: { description: 'x' },
      status: 403,
    },
  ],
  [
    'role editor edits a role it fully holds',
    {
      caller: 'roleEditor',
      method: 'PATCH',
      resource: 'role',
      target: 'thingReaderRole',
      body: { name: 'Readers of things' },
      status: 200,
    },
  ],
  [
    'role editor empties a role it fully holds',
    {
      caller: 'roleEditor',
      method: 'PATCH',
      resource: 'role',
      target: 'thingReaderRole',
      body: { permissions: [] },
      status: 200,
    },
  ],
  [
    'role editor grants a permission it lacks',
    {
      caller: 'roleEditor',
      method: 'PATCH',
      resource: 'role',
      target: 'thingReaderRole',
      body: { permissions: ['zone:r'] },
      status: 403,
    },
  ],
  [
    'role editor creates a role with user:*',
    {
      caller: 'roleEditor',
      method: 'POST',
      resource: 'role',
      body: { name: 'Escalate', permissions: ['user:*'] },
      status: 403,
    },
  ],
  [
    'role editor deletes a role it fully holds',
    {
      caller: 'roleEditor',
      method: 'DELETE',
      resource: 'role',
      target: 'thingReaderRole',
      status: 204,
    },
  ],
  [
    'admin edits the Viewer role',
    {
      caller: 'admin',
      method: 'PATCH',
      resource: 'role',
      target: VIEWER_ROLE,
      body: { permissions: ['thing:r'] },
      status: 200,
    },
  ],
  [
    'admin empties the role that makes it the tenant administrator',
    {
      caller: 'admin',
      method: 'PATCH',
      resource: 'role',
      target: TENANT_ADMIN_ROLE,
      body: { permissions: ['thing:r'] },
      status: 409,
      error: /tenant-administrator/,
    },
  ],
  [
    'admin archives the role that makes it the tenant administrator',
    {
      caller: 'admin',
      method: 'PATCH',
      resource: 'role',
      target: TENANT_ADMIN_ROLE,
      body: { archived: true },
      status: 409,
    },
  ],
  [
    'admin renames the Tenant Administrator role',
    {
      caller: 'admin',
      method: 'PATCH',
      resource: 'role',
      target: TENANT_ADMIN_ROLE,
      body: { name: 'Administrators' },
      status: 200,
    },
  ],
];

describe('who may move authority', { timeout: 30_000 }, () => {
  it.each(ROWS)('%s', async (_label, row) => {
    const w = await world();
    const token = await w.token(row.caller);
    let target = '';
    if (row.target === 'self') target = `/${w.id(row.caller)}`;
    else if (row.target === 'thingReaderRole') target = `/${w.thingReaderRole}`;
    else if (row.target !== undefined) target = `/${row.target}`;
    const body = typeof row.body === 'function' ? row.body(w) : row.body;
    const response = await w.client.call(row.method, `/${row.resource}${target}`, { token, body });
    const text = await response.text();
    expect(response.status, text).toBe(row.status);
    if (row.error) expect((JSON.parse(text) as { error: string }).error).toMatch(row.error);
  });
});

describe('the last tenant administrator', { timeout: 30_000 }, () => {
  it('can be demoted once another active user holds every tenant-administrator permission', async () => {
    const w = await world();
    const admin = await w.token('admin');
    const root = await w.token('root');
    expect(
      (
        await w.client.call('PATCH', `/user/${ADMIN}`, {
          token: root,
          body: { roleIds: [VIEWER_ROLE] },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await w.client.call('PATCH', `/user/${VIEWER}`, {
          token: admin,
          body: { roleIds: [TENANT_ADMIN_ROLE] },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await w.client.call('PATCH', `/user/${ADMIN}`, {
          token: root,
          body: { roleIds: [VIEWER_ROLE] },
        })
      ).status,
    ).toBe(200);
    // now the viewer is the last one
    const last = await w.client.call('DELETE', `/user/${VIEWER}`, { token: root });
    expect(last.status).toBe(409);
    expect(((await last.json()) as { error: string }).error).toMatch(
      /viewer is the last active user of Acme Logistics/,
    );
  });

  it('a refused write leaves nothing behind', async () => {
    const w = await world();
    const root = await w.token('root');
    expect(
      (
        await w.client.call('PATCH', `/user/${ADMIN}`, {
          token: root,
          body: { roleIds: [VIEWER_ROLE], firstName: 'Changed' },
        })
      ).status,
    ).toBe(409);
    const row = await w.client.services.context.db
      .selectFrom('users')
      .select(['roleIds', 'firstName'])
      .where('id', '=', ADMIN)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ roleIds: JSON.stringify([TENANT_ADMIN_ROLE]), firstName: 'Ada' });
    // and the administrator still signs in with every permission
    const again = await w.client.login('admin');
    const permissions = (await (
      await w.client.call('GET', `/user/${ADMIN}/permissions`, { token: again.token })
    ).json()) as { results: string[] };
    expect(permissions.results).toContain('user:*');
  });
});

describe('stored permission strings that grant nothing', () => {
  it('are not required to edit the role that carries them', async () => {
    const w = await world();
    const role = await w.client.services.context.db
      .insertInto('roles')
      .values({
        groupId: ACME,
        name: 'Old import',
        description: '',
        permissions: JSON.stringify(['thing:r', 'not a permission', 'zone']),
        archived: 0,
        creationTime: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await w.token('roleEditor');
    expect(
      (
        await w.client.call('PATCH', `/role/${role.id}`, {
          token,
          body: { permissions: ['thing:r'] },
        })
      ).status,
    ).toBe(200);
  });
});

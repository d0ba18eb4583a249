// Personal API keys over HTTP: created by their owner with a name, an expiry and a subset of the
// owner's permissions; shown once, stored hashed; accepted in the `api_key` header and by
// `POST /user/login {apiKey}`; narrowed again at every use to what the owner holds now; listed with
// their last use; revoked at once; every use and change in the audit trail.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../src/auth/token.ts';
import { LAST_USE_EVERY_MS } from '../src/auth/api-keys.ts';
import { freshClients, statusOf } from './helpers.ts';
import type { TestClient } from './helpers.ts';

// Seeded ids: users root 1, admin 2, operator 3, viewer 4, nobody 5, globex 6; role Operator 3.
const ADMIN = 2;
const OPERATOR = 3;
const GLOBEX = 6;
const DAY = 24 * 60 * 60 * 1000;

const fresh = freshClients();
// registered after freshClients' afterEach, so it runs first: the real clock is back before the instances close
afterEach(() => {
  vi.useRealTimers();
});

interface KeyJson {
  id: number;
  key?: string;
  name: string;
  prefix: string;
  permissions: string[];
  lastUsedAt: number | null;
  revokedAt: number | null;
  active: boolean;
  error?: string;
  fields?: Record<string, string>;
}

async function createKey(
  client: TestClient,
  token: string,
  userId: number,
  body: Record<string, unknown>,
): Promise<{ status: number; json: KeyJson }> {
  const response = await client.call('PUT', `/user/${userId}/apiKey`, { token, body });
  return { status: response.status, json: (await response.json()) as KeyJson };
}

const withKey = (client: TestClient, method: string, path: string, key: string, body?: unknown) =>
  client.call(method, path, { headers: { api_key: key }, body });

describe('creating a key', () => {
  it('answers the key once, stores only its hash, and lists it without the key', async () => {
    const client = await fresh();
    const { token } = await client.login('operator');
    const created = await createKey(client, token, OPERATOR, {
      name: 'Nightly export',
      expiresAt: Date.now() + 30 * DAY,
      permissions: ['thing:r', 'zone:r'],
    });
    expect(created.status).toBe(201);
    expect(created.json.key).toMatch(/^ptk_[A-Za-z0-9_-]{43}$/);
    expect(created.json.prefix).toBe(created.json.key!.slice(0, 12));
    expect(created.json.permissions).toEqual(['thing:r', 'zone:r']);
    const rows = await client.services.context.db.selectFrom('apiKeys').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.keyHash).toBe(hashToken(created.json.key!));
    expect(JSON.stringify(rows)).not.toContain(created.json.key!);

    const list = await client.call('GET', `/user/${OPERATOR}/apiKey`, { token });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { total: number; results: KeyJson[] };
    expect(body.total).toBe(1);
    expect(body.results[0]).toMatchObject({
      name: 'Nightly export',
      active: true,
      lastUsedAt: null,
    });
    expect(JSON.stringify(body)).not.toContain(created.json.key!);
  });

  it.each([
    ['no name', { expiresAt: Date.now() + DAY, permissions: ['thing:r'] }, 'name'],
    ['no expiry', { name: 'k', permissions: ['thing:r'] }, 'expiresAt'],
    [
      'an expiry past',
      { name: 'k', expiresAt: Date.now() - 1000, permissions: ['thing:r'] },
      'expiresAt',
    ],
    [
      'an expiry over a year',
      { name: 'k', expiresAt: Date.now() + 400 * DAY, permissions: ['thing:r'] },
      'expiresAt',
    ],
    ['no permission', { name: 'k', expiresAt: Date.now() + DAY, permissions: [] }, 'permissions'],
    [
      'a malformed permission',
      { name: 'k', expiresAt: Date.now() + DAY, permissions: ['zone read'] },
      'permissions.0',
    ],
    [
      'a derived permission',
      { name: 'k', expiresAt: Date.now() + DAY, permissions: ['_anything:r'] },
      'permissions.0',
    ],
    [
      'an unknown key',
      { name: 'k', expiresAt: Date.now() + DAY, permissions: ['thing:r'], admin: true },
      'body',
    ],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_, body, field) => {
    const client = await fresh();
    const { token } = await client.login('operator');
    const created = await createKey(client, token, OPERATOR, body);
    expect(created.status).toBe(400);
    expect(created.json.fields?.[field]).toBeTruthy();
    expect(
      await client.services.context.db.selectFrom('apiKeys').selectAll().execute(),
    ).toHaveLength(0);
  });

  it('refuses a permission the owner does not hold (403): a key is never more than its owner', async () => {
    const client = await fresh();
    const { token } = await client.login('operator');
    const created = await createKey(client, token, OPERATOR, {
      name: 'Escalation',
      expiresAt: Date.now() + DAY,
      permissions: ['thing:r', 'user:u'],
    });
    expect(created.status).toBe(403);
    expect(created.json.error).toContain('user:u');
  });

  it('refuses a key for someone else, even to an administrator, and a key minted with a key', async () => {
    const client = await fresh();
    const admin = await client.login('admin');
    const forOperator = await createKey(client, admin.token, OPERATOR, {
      name: 'k',
      expiresAt: Date.now() + DAY,
      permissions: ['thing:r'],
    });
    expect(forOperator.status).toBe(403);
    const own = await createKey(client, admin.token, ADMIN, {
      name: 'k',
      expiresAt: Date.now() + DAY,
      permissions: ['user:*', 'thing:r'],
    });
    expect(own.status).toBe(201);
    const minted = await withKey(client, 'PUT', `/user/${ADMIN}/apiKey`, own.json.key!, {
      name: 'k2',
      expiresAt: Date.now() + DAY,
      permissions: ['thing:r'],
    });
    expect(minted.status).toBe(403);
  });
});

describe('using a key', () => {
  it('the api_key header authenticates with the key scope only', async () => {
    const client = await fresh();
    const { token } = await client.login('admin');
    const { json } = await createKey(client, token, ADMIN, {
      name: 'Reader',
      expiresAt: Date.now() + DAY,
      permissions: ['zone:r'],
    });
    const key = json.key!;
    expect((await withKey(client, 'GET', '/zone?pageSize=1', key)).status).toBe(200);
    // the admin holds thing:r, the key does not
    expect((await withKey(client, 'GET', '/thing?pageSize=1', key)).status).toBe(403);
    const permissions = (await (
      await withKey(client, 'GET', `/user/${ADMIN}/permissions`, key)
    ).json()) as { results: string[] };
    expect(permissions.results).toEqual(['zone:r', '_anything:r']);
    // a wrong key, a malformed one, a key of another shape: 401 with the platform's body
    // (the wrong key differs from the real one in its last character, whatever that is)
    const wrong = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [wrong, 'root', 'ptk_short']) {
      const answer = await withKey(client, 'GET', '/zone?pageSize=1', bad);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ error: 'Not Authenticated, Access Denied' });
    }
  });

  it('writes made with a key need no CSRF token and their audit entries name the key', async () => {
    const client = await fresh();
    const { token } = await client.login('admin');
    const { json } = await createKey(client, token, ADMIN, {
      name: 'Zone writer',
      expiresAt: Date.now() + DAY,
      permissions: ['zone:*', 'zonetype:r', 'auditlog:r'],
    });
    const zone = await withKey(client, 'PATCH', '/zone/1', json.key!, { description: 'by key' });
    expect(zone.status).toBe(200);
    const entries = (await (
      await client.call('GET', '/auditEntry?resource=zone&record=1', { token })
    ).json()) as { results: Array<{ apiKeyId: number | null; action: string }> };
    expect(entries.results[0]).toMatchObject({ action: 'update', apiKeyId: json.id });
    // the key's own creation was audited, without its hash
    const created = (await (
      await client.call('GET', `/auditEntry?resource=apiKey&record=${json.id}`, { token })
    ).json()) as { results: Array<{ action: string; changes: Array<{ field: string }> }> };
    expect(created.results[0]!.action).toBe('create');
    expect(created.results[0]!.changes.map((change) => change.field)).not.toContain('keyHash');
    expect(JSON.stringify(created)).not.toContain(json.key!);
  });

  it('narrows the key again at each use: a role taken from the owner is taken from the key', async () => {
    const client = await fresh();
    const root = (await client.login('root')).token;
    const operator = await client.login('operator');
    const { json } = await createKey(client, operator.token, OPERATOR, {
      name: 'Things',
      expiresAt: Date.now() + DAY,
      permissions: ['thing:r'],
    });
    expect((await withKey(client, 'GET', '/thing?pageSize=1', json.key!)).status).toBe(200);
    expect(await statusOf(client, 'PATCH', `/user/${OPERATOR}`, root, { roleIds: [] })).toBe(200);
    expect((await withKey(client, 'GET', '/thing?pageSize=1', json.key!)).status).toBe(403);
  });

  it('POST /user/login {apiKey} opens a session with the key scope, audited as a sign-in with the key', async () => {
    const client = await fresh();
    const admin = await client.login('admin');
    const { json } = await createKey(client, admin.token, ADMIN, {
      name: 'Script',
      expiresAt: Date.now() + DAY,
      permissions: ['zone:r'],
    });
    const login = await client.call('POST', '/user/login', { body: { apiKey: json.key } });
    expect(login.status).toBe(200);
    const session = (await login.json()) as { token: string; id: number };
    expect(session.id).toBe(ADMIN);
    expect(await statusOf(client, 'GET', '/zone?pageSize=1', session.token)).toBe(200);
    expect(await statusOf(client, 'GET', '/thing?pageSize=1', session.token)).toBe(403);
    const entries = await client.services.context.db
      .selectFrom('auditEntries')
      .selectAll()
      .where('action', '=', 'login')
      .where('apiKeyId', '=', json.id)
      .execute();
    expect(entries).toHaveLength(1);
    // an unknown key signs in nobody
    const refused = await client.call('POST', '/user/login', {
      body: { apiKey: `ptk_${'A'.repeat(43)}` },
    });
    expect(refused.status).toBe(401);
  });

  it('records the last use at most once a minute per key', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = await fresh();
    const { token } = await client.login('operator');
    const { json } = await createKey(client, token, OPERATOR, {
      name: 'Poller',
      expiresAt: Date.now() + DAY,
      permissions: ['thing:r'],
    });
    const lastUsed = async () =>
      (
        await client.services.context.db
          .selectFrom('apiKeys')
          .select('lastUsedAt')
          .where('id', '=', json.id)
          .executeTakeFirstOrThrow()
      ).lastUsedAt;
    await withKey(client, 'GET', '/thing?pageSize=1', json.key!);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    vi.advanceTimersByTime(10_000);
    await withKey(client, 'GET', '/thing?pageSize=1', json.key!);
    expect(await lastUsed()).toBe(first);
    vi.advanceTimersByTime(LAST_USE_EVERY_MS);
    await withKey(client, 'GET', '/thing?pageSize=1', json.key!);
    expect(Number(await lastUsed())).toBeGreaterThan(Number(first));
  });
});

describe('revoking a key', () => {
  it('ends the header and the sessions signed in with it at once, and is audited', async () => {
    const client = await fresh();
    const { token } = await client.login('operator');
    const { json } = await createKey(client, token, OPERATOR, {
      name: 'Old',
      expiresAt: Date.now() + DAY,
      permissions: ['thing:r'],
    });
    const session = (await (
      await client.call('POST', '/user/login', { body: { apiKey: json.key } })
    ).json()) as { token: string };
    expect((await withKey(client, 'GET', '/thing?pageSize=1', json.key!)).status).toBe(200);
    expect(await statusOf(client, 'GET', '/thing?pageSize=1', session.token)).toBe(200);
    const revoked = await client.call('DELETE', `/user/${OPERATOR}/apiKey/${json.id}`, { token });
    expect(revoked.status).toBe(204);
    expect((await withKey(client, 'GET', '/thing?pageSize=1', json.key!)).status).toBe(401);
    expect(await statusOf(client, 'GET', '/thing?pageSize=1', session.token)).toBe(401);
    // idempotent, and listed as revoked
    expect(await statusOf(client, 'DELETE', `/user/${OPERATOR}/apiKey/${json.id}`, token)).toBe(
      204,
    );
    const list = (await (
      await client.call('GET', `/user/${OPERATOR}/apiKey`, { token })
    ).json()) as { results: KeyJson[] };
    expect(list.results[0]).toMatchObject({ active: false });
    expect(list.results[0]!.revokedAt).not.toBeNull();
    const entries = await client.services.context.db
      .selectFrom('auditEntries')
      .selectAll()
      .where('resource', '=', 'apiKey')
      .where('action', '=', 'update')
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('an administrator lists and revokes the keys of a user of its tenant; another tenant sees none', async () => {
    const client = await fresh();
    const operator = await client.login('operator');
    const { json } = await createKey(client, operator.token, OPERATOR, {
      name: 'Shared',
      expiresAt: Date.now() + DAY,
      permissions: ['thing:r'],
    });
    const globex = (await client.login('globex')).token;
    expect(await statusOf(client, 'GET', `/user/${OPERATOR}/apiKey`, globex)).toBe(404);
    expect(await statusOf(client, 'DELETE', `/user/${OPERATOR}/apiKey/${json.id}`, globex)).toBe(
      404,
    );
    // the viewer reads users but may not change them
    const viewer = (await client.login('viewer')).token;
    expect(await statusOf(client, 'GET', `/user/${OPERATOR}/apiKey`, viewer)).toBe(200);
    expect(await statusOf(client, 'DELETE', `/user/${OPERATOR}/apiKey/${json.id}`, viewer)).toBe(
      403,
    );
    // nobody holds no user:r
    const nobody = (await client.login('nobody')).token;
    expect(await statusOf(client, 'GET', `/user/${OPERATOR}/apiKey`, nobody)).toBe(403);
    const admin = (await client.login('admin')).token;
    expect(await statusOf(client, 'DELETE', `/user/${OPERATOR}/apiKey/${json.id}`, admin)).toBe(
      204,
    );
    expect((await withKey(client, 'GET', '/thing?pageSize=1', json.key!)).status).toBe(401);
    // a key id of another user under this user's path is not found
    expect(await statusOf(client, 'DELETE', `/user/${GLOBEX}/apiKey/${json.id}`, globex)).toBe(404);
  });

  it('a user editor may not revoke the keys of a colleague holding more than it does', async () => {
    const client = await fresh();
    const root = (await client.login('root')).token;
    // a tenant administrator in North DC (group 3), inside the operator's tree
    const colleague = await client.call('POST', '/user', {
      token: root,
      body: { username: 'north.admin', password: 'Correct-Horse-42', groupId: 3, roleIds: [2] },
    });
    expect(colleague.status).toBe(201);
    const colleagueId = ((await colleague.json()) as { id: number }).id;
    const session = await client.login('north.admin', 'Correct-Horse-42');
    const { json } = await createKey(client, session.token, colleagueId, {
      name: 'Admin key',
      expiresAt: Date.now() + DAY,
      permissions: ['thing:r'],
    });
    expect(json.id).toBeGreaterThan(0);
    // the operator gets user:* but nothing else of the administrator's
    const role = (await (
      await client.call('POST', '/role', {
        token: root,
        body: { name: 'User editors', permissions: ['user:*'], groupId: 2 },
      })
    ).json()) as { id: number };
    expect(
      await statusOf(client, 'PATCH', `/user/${OPERATOR}`, root, { roleIds: [3, role.id] }),
    ).toBe(200);
    const operator = (await client.login('operator')).token;
    expect(await statusOf(client, 'GET', `/user/${colleagueId}/apiKey`, operator)).toBe(200);
    const refused = await client.call('DELETE', `/user/${colleagueId}/apiKey/${json.id}`, {
      token: operator,
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toContain('north.admin');
  });

  it('an expired key is refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = await fresh();
    const { token } = await client.login('operator');
    const { json } = await createKey(client, token, OPERATOR, {
      name: 'Short',
      expiresAt: Date.now() + 60_000,
      permissions: ['thing:r'],
    });
    expect((await withKey(client, 'GET', '/thing?pageSize=1', json.key!)).status).toBe(200);
    vi.advanceTimersByTime(61_000);
    expect((await withKey(client, 'GET', '/thing?pageSize=1', json.key!)).status).toBe(401);
  });
});

// Password length and common-password checks, expired passwords,
// usernames unique without regard to case (and a 409 that names no tenant).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dedupeUsernamesIgnoringCase } from '../src/db/migrations.ts';
import { checkNewPassword } from '../src/auth/password-rules.ts';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
let admin: string;
let globex: string;
beforeAll(async () => {
  client = await createTestClient();
  admin = (await client.login('admin')).token;
  globex = (await client.login('globex')).token;
});
afterAll(() => client.services.close());

const create = (token: string, body: Record<string, unknown>) =>
  client.call('POST', '/user', { token, body });
const error = async (response: Response) =>
  (await response.json()) as { error: string; fields?: Record<string, string> };

describe('new passwords', { timeout: 30_000 }, () => {
  it.each([
    ['1111', /at least 8 characters/],
    ['seven77', /at least 8 characters/],
    ['password1', /common/],
    ['PASSWORD1', /common/],
    ['baseball', /common/],
    ['football2024!', /common/],
    ['qwertyuiop', /common/],
    ['mallory.x', /username/],
  ])('%s is refused', async (password, message) => {
    const response = await create(admin, { username: 'mallory.x', password });
    expect(response.status).toBe(400);
    const body = await error(response);
    expect(body.fields?.password).toMatch(message);
  });

  it.each(['Correct-Horse-42', 'tangerine volcano', 'x7#Lq9!vTz'])('%s is accepted', (password) => {
    expect(checkNewPassword(password, 'someone')).toBeNull();
  });

  it('applies to a new password on PATCH and PUT too', async () => {
    const created = await create(admin, { username: 'pat.rules', password: 'Correct-Horse-42' });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(
      (await client.call('PATCH', `/user/${id}`, { token: admin, body: { password: 'letmein' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await client.call('PUT', `/user/${id}`, {
          token: admin,
          body: { username: 'pat.rules', password: 'sunshine1' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await client.call('PATCH', `/user/${id}`, {
          token: admin,
          body: { password: 'Another-Horse-43' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('expired passwords', { timeout: 30_000 }, () => {
  it('are refused at sign-in with a clear answer; a new password signs in again', async () => {
    const created = await create(admin, {
      username: 'expiring',
      password: 'Correct-Horse-42',
      passwordExpirationTime: Date.now() + 60_000,
    });
    const { id } = (await created.json()) as { id: number };
    expect(
      (
        await client.call('POST', '/user/login', {
          body: { username: 'expiring', password: 'Correct-Horse-42' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await client.call('PATCH', `/user/${id}`, {
          token: admin,
          body: { passwordExpirationTime: Date.now() - 1000 },
        })
      ).status,
    ).toBe(200);
    const refused = await client.call('POST', '/user/login', {
      body: { username: 'expiring', password: 'Correct-Horse-42' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: 'Your password has expired: ask an administrator to set a new one',
      code: 'PASSWORD_EXPIRED',
    });
    // a wrong password still reads as a wrong password (the expiry is no oracle)
    expect(
      (
        await client.call('POST', '/user/login', {
          body: { username: 'expiring', password: 'Wrong-Horse-42' },
        })
      ).status,
    ).toBe(401);
    // an administrator's new password lifts an expiry already past
    expect(
      (
        await client.call('PATCH', `/user/${id}`, {
          token: admin,
          body: { password: 'Renewed-Horse-44' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await client.call('POST', '/user/login', {
          body: { username: 'expiring', password: 'Renewed-Horse-44' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('usernames', { timeout: 30_000 }, () => {
  it.each([
    ['Admin', () => admin],
    ['ROOT', () => admin],
    ['admin', () => globex],
    ['GLOBEX', () => admin],
  ])(
    '%s cannot be created beside an existing one; the answer names no tenant',
    async (username, token) => {
      const response = await create(token(), { username, password: 'Correct-Horse-42' });
      expect(response.status).toBe(409);
      const body = await error(response);
      expect(body.error).toBe(
        'This username is taken: usernames are unique across all tenants, without regard to case',
      );
      expect(JSON.stringify(body)).not.toMatch(/Acme|Globex|Root/);
    },
  );

  it('renaming onto another user’s name in other case is refused too; keeping one’s own name is fine', async () => {
    const created = await create(admin, { username: 'rename.me', password: 'Correct-Horse-42' });
    const { id } = (await created.json()) as { id: number };
    expect(
      (await client.call('PATCH', `/user/${id}`, { token: admin, body: { username: 'Viewer' } }))
        .status,
    ).toBe(409);
    expect(
      (await client.call('PATCH', `/user/${id}`, { token: admin, body: { username: 'Rename.Me' } }))
        .status,
    ).toBe(200);
  });

  it('sign-in takes the username in any case', async () => {
    expect(
      (
        await client.call('POST', '/user/login', {
          body: { username: 'OPERATOR', password: 'demo' },
        })
      ).status,
    ).toBe(200);
  });

  it('a database holding names equal but for case is made unique by the migration', async () => {
    const fresh = await createTestClient();
    try {
      const db = fresh.services.context.db;
      await sql`drop index "users_username_lower"`.execute(db);
      const copy = {
        groupId: 2,
        firstName: '',
        lastName: '',
        email: '',
        passwordHash: '',
        apiKeyHash: null,
        roleIds: '[]',
        archived: 0,
        passwordExpirationTime: null,
        displayPasswordExpirationTime: 0,
        createdBy: 'test',
        creationTime: 1,
      };
      const { id } = await db
        .insertInto('users')
        .values({ ...copy, username: 'ADMIN' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await dedupeUsernamesIgnoringCase(db as unknown as Kysely<unknown>);
      const names = (await db.selectFrom('users').select('username').orderBy('id').execute()).map(
        (row) => row.username,
      );
      expect(names).toContain('admin');
      expect(names).toContain(`ADMIN-${id}`);
      await expect(
        db
          .insertInto('users')
          .values({ ...copy, username: 'Admin' })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await fresh.services.close();
    }
  });
});

// One round trip for the session (core's sign-in-reads.ts): a sign-in may name the session's reads,
// and each is answered with it exactly as its own request with the new token would be.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUserRequestQuery } from '@portico/core';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
beforeAll(async () => {
  client = await createTestClient();
});
afterAll(() => client.services.close());

const { extra: USER_EXTRA, only: USER_ONLY } = buildUserRequestQuery(false);
const FIELDS_BODY = {
  filters: [
    { property: 'field.name', operator: 'EQ', values: ['language', 'timeZoneConfiguration'] },
  ],
  orderBy: [{ property: 'resource', direction: 'DESC' }],
};
const VISIBILITY_BODY = {
  filters: [{ property: 'resource', operator: 'EQ', values: ['zone', 'thing'] }],
  orderBy: [{ property: 'resource', direction: 'DESC' }],
};
const SESSION_READS = [
  { method: 'GET', path: '/user/whoami' },
  {
    method: 'GET',
    path: '/user/{userId}',
    query: { extra: USER_EXTRA.join(','), only: USER_ONLY.join(',') },
  },
  { method: 'GET', path: '/user/{userId}/permissions' },
  { method: 'GET', path: '/group/{groupId}/inheritedFields', query: { format: 'map' } },
  {
    method: 'POST',
    path: '/user/{userId}/inheritedFields',
    query: { format: 'map' },
    body: FIELDS_BODY,
  },
  { method: 'POST', path: '/user/{userId}/visibilityGroups', body: VISIBILITY_BODY },
];
/** The same reads, as their own requests with `token`. */
const OWN_REQUESTS = (userId: number, groupId: number) =>
  [
    ['GET', '/user/whoami', undefined],
    ['GET', `/user/${userId}?extra=${USER_EXTRA.join(',')}&only=${USER_ONLY.join(',')}`, undefined],
    ['GET', `/user/${userId}/permissions`, undefined],
    ['GET', `/group/${groupId}/inheritedFields?format=map`, undefined],
    ['POST', `/user/${userId}/inheritedFields?format=map`, FIELDS_BODY],
    ['POST', `/user/${userId}/visibilityGroups`, VISIBILITY_BODY],
  ] as const;

interface Answered {
  token: string;
  id: number;
  reads?: {
    keys: { userId: number; groupId: number };
    answers: Array<{ status: number; body: unknown }>;
  };
}

async function signIn(username: string, reads: unknown): Promise<Response> {
  return client.call('POST', '/user/login', { body: { username, password: 'demo', reads } });
}

describe('a sign-in that names the session reads', () => {
  it.each(['admin', 'operator', 'root'])(
    '%s: each read is answered as its own request with the new token is',
    async (username) => {
      const response = await signIn(username, SESSION_READS);
      expect(response.status).toBe(200);
      const answer = (await response.json()) as Answered;
      expect(answer.reads?.keys.userId).toBe(answer.id);
      const { userId, groupId } = answer.reads!.keys;
      expect(answer.reads!.answers).toHaveLength(SESSION_READS.length);
      const own = OWN_REQUESTS(userId, groupId);
      for (const [index, [method, path, body]] of own.entries()) {
        const alone = await client.call(method, path, { token: answer.token, body });
        expect(answer.reads!.answers[index], `${method} ${path}`).toEqual({
          status: alone.status,
          body: await alone.json(),
        });
      }
      // and the group is the user's active group, as the login answer names it
      expect((answer as unknown as { activeGroup: { id: number } }).activeGroup.id).toBe(groupId);
    },
  );

  it('a sign-in without reads answers none', async () => {
    const answer = (await (await signIn('admin', undefined)).json()) as Answered;
    expect(answer).not.toHaveProperty('reads');
    const empty = (await (await signIn('admin', [])).json()) as Answered;
    expect(empty).not.toHaveProperty('reads');
  });

  it('a read the caller may not make is answered with its refusal, and the sign-in still succeeds', async () => {
    // `nobody` holds no permission: its own user is readable, the group's fields are not
    const response = await signIn('nobody', SESSION_READS);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answered;
    const { userId, groupId } = answer.reads!.keys;
    for (const [index, [method, path, body]] of OWN_REQUESTS(userId, groupId).entries()) {
      const alone = await client.call(method, path, { token: answer.token, body });
      expect(answer.reads!.answers[index]!.status, `${method} ${path}`).toBe(alone.status);
    }
  });

  it.each([
    ['a write', [{ method: 'PUT', path: '/user/{userId}' }], /reads\.0/],
    [
      'a path not in the list',
      [{ method: 'GET', path: '/thing' }],
      /not a read that can come with a sign-in/,
    ],
    [
      'a stream',
      [{ method: 'GET', path: '/configEvents' }],
      /not a read that can come with a sign-in/,
    ],
    [
      'another user by id',
      [{ method: 'GET', path: '/user/1' }],
      /not a read that can come with a sign-in/,
    ],
    [
      'a GET with a body',
      [{ method: 'GET', path: '/user/whoami', body: {} }],
      /a GET read has no body/,
    ],
    ['an unknown key', [{ method: 'GET', path: '/user/whoami', headers: {} }], /reads\.0/],
    [
      'too many',
      Array.from({ length: 9 }, () => ({ method: 'GET', path: '/user/whoami' })),
      /reads/,
    ],
    ['not a list', { method: 'GET', path: '/user/whoami' }, /reads/],
  ])('refuses %s with a 400 naming it, and starts no session', async (_name, reads, message) => {
    const before = (await client.call('GET', '/user/whoami')).status;
    expect(before).toBe(401);
    const response = await signIn('admin', reads);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; token?: string };
    expect(body.error).toMatch(message);
    expect(body).not.toHaveProperty('token');
  });

  it('wrong credentials answer 401 and no read', async () => {
    const response = await client.call('POST', '/user/login', {
      body: { username: 'admin', password: 'nope', reads: SESSION_READS },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).not.toHaveProperty('reads');
  });

  it('an API key sign-in answers the reads as that key may (its permissions only)', async () => {
    const admin = await client.login('admin');
    const created = await client.call('PUT', `/user/${admin.id}/apiKey`, {
      token: admin.token,
      body: { name: 'reads key', expiresAt: Date.now() + 86_400_000, permissions: ['zone:r'] },
    });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const response = await client.call('POST', '/user/login', {
      body: { apiKey: key, reads: [{ method: 'GET', path: '/user/{userId}/permissions' }] },
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answered;
    const alone = await client.call('GET', `/user/${admin.id}/permissions`, {
      token: answer.token,
    });
    expect(answer.reads!.answers[0]).toEqual({ status: 200, body: await alone.json() });
    expect((answer.reads!.answers[0]!.body as { results: string[] }).results).toContain('zone:r');
    expect((answer.reads!.answers[0]!.body as { results: string[] }).results).not.toContain(
      'user:u',
    );
  });
});

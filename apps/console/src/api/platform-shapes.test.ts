// The console against a deliberately older platform: a tiny fetch handler standing for a
// platform whose answers carry unknown extra fields (tolerated) or lack a required one (a clear error
// naming the call and the field).
import { describe, expect, it } from 'vitest';
import { createHttpClient } from './http-client.ts';
import { createPlatformApi } from './platform-api.ts';
import { IncompatiblePlatformError, REQUIRED_FIELDS } from './platform-shapes.ts';

const API = '/riot-core-services/api';
const CURRENT = {
  login: { token: 't-1', id: 7, username: 'ada', firstName: 'Ada' },
  whoami: { id: 7, username: 'ada' },
  user: { id: 7, username: 'ada', group: { id: 2, name: 'Acme' } },
  permissions: { results: ['zone:r', 'things:x'] },
};

/** A platform stub: `answers` overrides what each call returns. */
function platform(
  answers: Partial<Record<keyof typeof CURRENT | 'groupFields' | 'visibility', unknown>> = {},
) {
  const pick = (name: keyof typeof CURRENT | 'groupFields' | 'visibility', fallback: unknown) =>
    name in answers ? answers[name] : fallback;
  const routes: [string, RegExp, () => unknown][] = [
    ['POST', /^\/user\/login$/, () => pick('login', CURRENT.login)],
    ['GET', /^\/user\/whoami$/, () => pick('whoami', CURRENT.whoami)],
    ['GET', /^\/user\/\d+\/permissions$/, () => pick('permissions', CURRENT.permissions)],
    ['GET', /^\/user\/\d+$/, () => pick('user', CURRENT.user)],
    [
      'GET',
      /^\/group\/\d+\/inheritedFields$/,
      () => pick('groupFields', { language: { value: 'en' } }),
    ],
    ['POST', /^\/user\/\d+\/visibilityGroups$/, () => pick('visibility', [])],
  ];
  const stub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://platform.test');
    const path = url.pathname.slice(API.length);
    const match = routes.find(
      ([method, pattern]) => method === (init?.method ?? 'GET') && pattern.test(path),
    );
    return match
      ? Response.json(match[2]())
      : Response.json({ error: 'No such endpoint' }, { status: 404 });
  };
  return createPlatformApi(clientOf(stub));
}

/** The console's HTTP client over `fetchImpl`, signed in with token `t-1`. */
function clientOf(fetchImpl: typeof fetch) {
  return createHttpClient({
    baseHost: '',
    getToken: () => 't-1',
    getClientId: async () => undefined,
    getXsrfToken: () => undefined,
    onUnauthorized: () => undefined,
    onRequest: () => undefined,
    fetchImpl,
  });
}

describe('compatibility with other platform versions', () => {
  it('a newer platform: unknown extra fields are tolerated and kept', async () => {
    const api = platform({
      login: { ...CURRENT.login, mfa: { required: false }, tenantCode: 'ACME' },
      whoami: { ...CURRENT.whoami, lastLogin: 1700000000000, roles: [{ id: 1 }] },
      permissions: { results: ['zone:r'], total: 1, generatedAt: 'now' },
    });
    await expect(api.login('ada', 'pw')).resolves.toMatchObject({
      token: 't-1',
      id: 7,
      tenantCode: 'ACME',
    });
    await expect(api.whoami()).resolves.toMatchObject({ id: 7, lastLogin: 1700000000000 });
    await expect(api.getPermissions(7)).resolves.toEqual(['zone:r']);
    await expect(api.getVisibilityGroups(7)).resolves.toEqual([]);
  });

  it.each([
    [
      'an older whoami without id',
      { whoami: { username: 'ada' } },
      (api: ReturnType<typeof platform>) => api.whoami(),
      'GET /user/whoami',
      'id',
      /^unable to fetch session information: The platform's answer to GET \/user\/whoami lacks "id" \(a number\)/,
    ],
    [
      'a login answer without the token',
      { login: { id: 7, username: 'ada' } },
      (api: ReturnType<typeof platform>) => api.login('ada', 'pw'),
      'POST /user/login',
      'token',
      /answer to POST \/user\/login lacks "token" \(a string\): this platform version is not compatible/,
    ],
    [
      'a user with a text id',
      { user: { id: '7', username: 'ada' } },
      (api: ReturnType<typeof platform>) => api.getUser(7, { extra: [], only: [] }),
      'GET /user/{userId}',
      'id',
      /lacks "id" \(a number\)/,
    ],
    [
      'permissions as a bare list (no results object)',
      { permissions: ['zone:r'] },
      (api: ReturnType<typeof platform>) => api.getPermissions(7),
      'GET /user/{userId}/permissions',
      '',
      /answer to GET \/user\/\{userId\}\/permissions is not a JSON object/,
    ],
    [
      'permissions with a non-text entry',
      { permissions: { results: ['zone:r', 42] } },
      (api: ReturnType<typeof platform>) => api.getPermissions(7),
      'GET /user/{userId}/permissions',
      'results',
      /lacks "results" \(a list of strings\)/,
    ],
    [
      'group fields as a list instead of a map',
      { groupFields: [] },
      (api: ReturnType<typeof platform>) => api.getGroupFields(2),
      'GET /group/{groupId}/inheritedFields?format=map',
      '',
      /inheritedFields\?format=map is not an object/,
    ],
    [
      'visibility groups as an object',
      { visibility: { results: [] } },
      (api: ReturnType<typeof platform>) => api.getVisibilityGroups(7),
      'POST /user/{userId}/visibilityGroups',
      '',
      /visibilityGroups is not a list/,
    ],
  ])(
    '%s is a clear IncompatiblePlatformError',
    async (_name, answers, call, callName, field, message) => {
      const error = await call(platform(answers)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(IncompatiblePlatformError);
      expect(error).toMatchObject({ code: 'INCOMPATIBLE_PLATFORM', call: callName, field });
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain('API.md');
    },
  );

  it('the table of required fields is the one API.md documents', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const whole = readFileSync(join(import.meta.dirname, '../../../services/API.md'), 'utf8');
    const doc = whole.slice(whole.indexOf('## Compatibility'));
    for (const [call, fields] of Object.entries(REQUIRED_FIELDS)) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${call}`));
      expect(row, call).toBeDefined();
      for (const field of Object.keys(fields))
        expect(row, `${call} ${field}`).toContain(`\`${field}\``);
    }
  });
});

describe('the session reads asked with the sign-in', () => {
  /** A services stub that answers the sign-in's reads with `answered`, and counts network calls. */
  function services(answered: (reads: Array<{ method: string; path: string }>) => unknown) {
    const calls: string[] = [];
    const http = clientOf(async (input, init) => {
      const path = new URL(String(input), 'http://services.test').pathname.slice(API.length);
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/user/login') {
        const { reads } = JSON.parse(String(init?.body)) as {
          reads: Array<{ method: string; path: string }>;
        };
        return Response.json({ ...CURRENT.login, reads: answered(reads) });
      }
      return Response.json({ id: 7, username: 'from the network' });
    });
    return { api: createPlatformApi(http), calls };
  }
  const ok = (reads: Array<{ method: string; path: string }>) => ({
    keys: { userId: 7, groupId: 2 },
    answers: reads.map((read) => ({ status: 200, body: { id: 7, username: `kept ${read.path}` } })),
  });

  it('answers of status 200 serve the session calls that follow; the login answer does not carry them', async () => {
    const { api, calls } = services(ok);
    const answer = await api.login('ada', 'pw');
    expect(answer).not.toHaveProperty('reads');
    await expect(api.whoami()).resolves.toMatchObject({ username: 'kept /user/whoami' });
    await expect(api.getPermissions(7)).rejects.toThrow(/results/);
    await expect(
      api.getUser(7, { extra: ['group'], only: ['id'] }), // not the query asked ahead
    ).resolves.toMatchObject({ username: 'from the network' });
    await expect(api.getGroupFields(2)).resolves.toMatchObject({
      username: 'kept /group/{groupId}/inheritedFields',
    });
    expect(calls).toEqual(['POST /user/login', 'GET /user/7']);
  });

  it.each([
    [
      'a refusal',
      (reads: unknown[]) => ({
        keys: { userId: 7, groupId: 2 },
        answers: reads.map(() => ({ status: 403, body: { error: 'no' } })),
      }),
    ],
    [
      'answers for another list of reads',
      () => ({ keys: { userId: 7, groupId: 2 }, answers: [{ status: 200, body: {} }] }),
    ],
    ['no ids', (reads: Array<{ method: string; path: string }>) => ({ ...ok(reads), keys: {} })],
    ['not an object', () => 'yes'],
    ['nothing (the real platform)', () => undefined],
  ])('%s keeps nothing: the calls go out', async (_name, answered) => {
    const { api, calls } = services(
      answered as (reads: Array<{ method: string; path: string }>) => unknown,
    );
    await api.login('ada', 'pw');
    await expect(api.whoami()).resolves.toMatchObject({ username: 'from the network' });
    expect(calls).toEqual(['POST /user/login', 'GET /user/whoami']);
  });
});

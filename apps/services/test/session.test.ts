import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
beforeAll(async () => {
  client = await createTestClient();
});
afterAll(() => client.services.close());

describe('login', () => {
  it('answers a token plus the user fields', async () => {
    const response = await client.call('POST', '/user/login', {
      body: { username: 'admin', password: 'demo' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      username: 'admin',
      firstName: 'Ada',
      archived: false,
      hiddenTabs: [],
      isRoot: false,
    });
    expect(typeof body.id).toBe('number');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('gives the same 401 for an unknown user and a wrong password', async () => {
    const unknown = await client.call('POST', '/user/login', {
      body: { username: 'no-such-user', password: 'demo' },
    });
    const wrong = await client.call('POST', '/user/login', {
      body: { username: 'viewer', password: 'nope' },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    // The same answer but for its request id (every error answer carries its own).
    const [first, second] = [
      (await unknown.json()) as Record<string, unknown>,
      (await wrong.json()) as Record<string, unknown>,
    ];
    expect(first.requestId).not.toBe(second.requestId);
    expect({ ...first, requestId: 'x' }).toEqual({ ...second, requestId: 'x' });
  });

  it('rejects malformed bodies with 400 naming the problem', async () => {
    const response = await client.call('POST', '/user/login', { body: { username: 'admin' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/Invalid body/);
    const notJson = await client.call('POST', '/user/login', {
      rawBody: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
  });

  it('accepts a token login, which keeps the same token', async () => {
    const { token } = await client.login('viewer');
    const response = await client.call('POST', '/user/login', { body: { token } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { token: string }).token).toBe(token);
  });

  it('stores tokens only hashed', async () => {
    const { token } = await client.login('operator');
    const rows = await client.services.context.db
      .selectFrom('sessions')
      .select('tokenHash')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });
});

describe('throttling', () => {
  it('answers 429 with Retry-After after 5 failures for a username', async () => {
    const fresh = await createTestClient();
    try {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect(
          (await fresh.call('POST', '/user/login', { body: { username: 'admin', password: 'x' } }))
            .status,
        ).toBe(401);
      }
      const blocked = await fresh.call('POST', '/user/login', {
        body: { username: 'admin', password: 'demo' },
      });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another username from the same address still gets through (the address limit is higher).
      expect(
        (
          await fresh.call('POST', '/user/login', {
            body: { username: 'viewer', password: 'demo' },
          })
        ).status,
      ).toBe(200);
      // More in login-throttle.test.ts.
    } finally {
      await fresh.services.close();
    }
  });
});

describe('session', () => {
  it('whoami, validateToken and logout', async () => {
    const { token } = await client.login('operator');
    const whoami = await client.call('GET', '/user/whoami', { token });
    expect(whoami.status).toBe(200);
    expect(await whoami.json()).toMatchObject({
      username: 'operator',
      group: { name: 'Acme / North DC', treeLevel: 3 },
      isRoot: false,
    });
    expect((await client.call('GET', '/user/validateToken', { token })).status).toBe(200);
    expect((await client.call('POST', '/user/logout', { token })).status).toBe(200);
    const after = await client.call('GET', '/user/whoami', { token });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({
      error: 'Not Authenticated, Access Denied',
      requestId: expect.any(String),
    });
  });

  it('401 without a token or with an unknown one', async () => {
    const none = await client.call('GET', '/user/whoami');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      error: 'Not Authenticated, Access Denied',
      requestId: expect.any(String),
    });
    expect((await client.call('GET', '/user/whoami', { token: 'made-up' })).status).toBe(401);
  });

  it('expires after the tenant sessionTimeout of inactivity, refreshed by each request', async () => {
    const fresh = await createTestClient();
    try {
      let now = Date.now();
      const sessions = fresh.services.context.sessions as unknown as { now: () => number };
      sessions.now = () => now;
      const { token } = await fresh.login('admin');
      now += 29 * 60_000;
      expect((await fresh.call('GET', '/user/whoami', { token })).status).toBe(200);
      now += 29 * 60_000;
      expect((await fresh.call('GET', '/user/whoami', { token })).status).toBe(200);
      now += 31 * 60_000;
      const expired = await fresh.call('GET', '/user/whoami', { token });
      expect(expired.status).toBe(401);
      expect(await expired.json()).toEqual({
        error: 'Your Session has expired',
        requestId: expect.any(String),
      });
      // Root's tenant timeout is 60 minutes.
      const root = await fresh.login('root');
      now += 45 * 60_000;
      expect((await fresh.call('GET', '/user/whoami', { token: root.token })).status).toBe(200);
    } finally {
      await fresh.services.close();
    }
  });

  it('accepts the RIOT_TK cookie and requires X-XSRF-TOKEN for cookie-authenticated writes', async () => {
    const { token, id } = await client.login('viewer');
    const cookie = `RIOT_TK=${encodeURIComponent(JSON.stringify({ token, timestamp: Date.now() }))}; XSRF-TOKEN=abc123`;
    expect((await client.call('GET', '/user/whoami', { headers: { cookie } })).status).toBe(200);
    const body = { value: 'Europe/Rome' };
    const without = await client.call('PUT', `/user/${id}/field/timeZoneConfiguration`, {
      headers: { cookie },
      body,
    });
    expect(without.status).toBe(403);
    const wrong = await client.call('PUT', `/user/${id}/field/timeZoneConfiguration`, {
      headers: { cookie, 'x-xsrf-token': 'other' },
      body,
    });
    expect(wrong.status).toBe(403);
    const ok = await client.call('PUT', `/user/${id}/field/timeZoneConfiguration`, {
      headers: { cookie, 'x-xsrf-token': 'abc123' },
      body,
    });
    expect(ok.status).toBe(201);
    // The token header is not ambient authority: no XSRF header needed.
    expect(
      (await client.call('PUT', `/user/${id}/field/timeZoneConfiguration`, { token, body })).status,
    ).toBe(201);
  });

  it('issues the XSRF-TOKEN cookie when absent, readable by scripts', async () => {
    const response = await client.call('GET', '/user/whoami');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{32}; Path=\/; SameSite=Strict$/);
    const withCookie = await client.call('GET', '/user/whoami', {
      headers: { cookie: 'XSRF-TOKEN=abc' },
    });
    expect(withCookie.headers.get('set-cookie')).toBeNull();
  });
});

// SessionService.authenticateCached, the synchronous path of whoami and every other API request
//: it answers only from caches that are current, and leaves everything else to
// `authenticate`, which reads the database. Each case checks both: the synchronous path declines,
// and the full path gives the answer the platform requires.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthError } from '../src/auth/auth-error.ts';
import type { SessionService } from '../src/auth/session-service.ts';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
let sessions: SessionService;
let now: number;
let lookups: string[];

beforeEach(async () => {
  client = await createTestClient();
  sessions = client.services.context.sessions;
  now = Date.now();
  (sessions as unknown as { now: () => number }).now = () => now;
  lookups = [];
  const counted = sessions.onLookup;
  sessions.onLookup = (cache, hit) => {
    lookups.push(`${cache}:${hit ? 'hit' : 'miss'}`);
    counted?.(cache, hit);
  };
});
afterEach(() => client.services.close());

async function failure(token: string): Promise<string> {
  try {
    await sessions.authenticate(token);
    return 'no error';
  } catch (error) {
    return error instanceof AuthError ? error.code : String(error);
  }
}

const storedLastUse = async (token: string) =>
  (
    await client.services.context.db
      .selectFrom('sessions')
      .select('lastUsedAt')
      .where('tokenHash', '=', (await import('../src/auth/token.ts')).hashToken(token))
      .executeTakeFirstOrThrow()
  ).lastUsedAt;

describe('the synchronous session path', () => {
  it('declines a token it has not seen, then serves the caller authenticate resolved', async () => {
    const { token } = await client.login('operator');
    // the sign-in's own answer (its menus and groups) resolved the caller: start from a cold cache
    sessions.forgetAll();
    expect(sessions.authenticateCached(token)).toBeUndefined();
    expect(sessions.authenticateCached(undefined)).toBeUndefined();
    expect(sessions.authenticateCached('x'.repeat(513))).toBeUndefined();
    expect(sessions.authenticateCached('not-a-token')).toBeUndefined();
    const caller = await sessions.authenticate(token);
    lookups = [];
    now += 1_000;
    expect(sessions.authenticateCached(token)).toBe(caller);
    // counted as the full path counts a request served from memory
    expect(lookups).toEqual(['sessions:hit']);
  });

  it('slides the expiry: requests inside the timeout keep the session alive past it', async () => {
    const { token } = await client.login('operator');
    await sessions.authenticate(token);
    // a session of 3 s (the tenant's timeout is minutes; the rule is the same)
    await client.services.context.db
      .updateTable('sessions')
      .set({ timeoutMs: 3_000 })
      .where('tokenHash', '=', (await import('../src/auth/token.ts')).hashToken(token))
      .execute();
    sessions.forgetAll();
    await sessions.authenticate(token);
    for (let i = 0; i < 2; i += 1) {
      now += 2_000;
      if (sessions.authenticateCached(token) === undefined) await sessions.authenticate(token);
    }
    // 4 s after the first use, 2 s after the last: alive on either path
    expect(
      sessions.authenticateCached(token) ?? (await sessions.authenticate(token)),
    ).toBeDefined();
    now += 3_001;
    expect(sessions.authenticateCached(token)).toBeUndefined();
    expect(await failure(token)).toBe('SESSION_EXPIRED');
  });

  it('declines a session past its timeout even while the cached entry is fresh', async () => {
    const { token } = await client.login('operator');
    // the sign-in's own answer (its menus and groups) resolved the caller: start from a cold cache
    sessions.forgetAll();
    await client.services.context.db
      .updateTable('sessions')
      .set({ timeoutMs: 1_000 })
      .where('tokenHash', '=', (await import('../src/auth/token.ts')).hashToken(token))
      .execute();
    await sessions.authenticate(token);
    now += 1_500; // inside the 5 s cache TTL, past the 1 s timeout
    expect(sessions.authenticateCached(token)).toBeUndefined();
    expect(await failure(token)).toBe('SESSION_EXPIRED');
  });

  it('declines a logged-out token at once (the logout reached the cache through the bus)', async () => {
    const { token } = await client.login('operator');
    await sessions.authenticate(token);
    expect(sessions.authenticateCached(token)).toBeDefined();
    const response = await client.call('POST', '/user/logout', { token });
    expect(response.status).toBe(200);
    expect(sessions.authenticateCached(token)).toBeUndefined();
    expect(await failure(token)).toBe('NOT_AUTHENTICATED');
    expect((await client.call('GET', '/user/whoami', { token })).status).toBe(401);
  });

  it('declines once a role is revoked, and the full path gives the new permissions', async () => {
    const { token, id } = await client.login('operator');
    const before = await sessions.authenticate(token);
    expect(before.permissionList.length).toBeGreaterThan(0);
    expect(sessions.authenticateCached(token)).toBe(before);
    await client.services.context.db
      .updateTable('users')
      .set({ roleIds: '[]' })
      .where('id', '=', id)
      .execute();
    // what every write through the API publishes after its commit
    await client.services.context.bus.publish({ type: 'directory' });
    expect(sessions.authenticateCached(token)).toBeUndefined();
    const after = await sessions.authenticate(token);
    expect(after.permissionList).toEqual([]);
    expect(sessions.authenticateCached(token)).toBe(after);
  });

  it('re-reads the session from the database after the cache TTL (a change it was not told of)', async () => {
    const { token } = await client.login('operator');
    // the sign-in's own answer (its menus and groups) resolved the caller: start from a cold cache
    sessions.forgetAll();
    const loggedIn = await storedLastUse(token);
    now = loggedIn + 4_000;
    await sessions.authenticate(token); // read from the database at +4 s
    now = loggedIn + 5_000;
    await sessions.authenticate(token); // its last use written at +5 s
    // Gone from the database without an event (e.g. deleted by hand, or an event missed).
    await client.services.context.db.deleteFrom('sessions').execute();
    now = loggedIn + 9_000;
    expect(sessions.authenticateCached(token)).toBeDefined();
    // 5 s after the read, 4 s after the write: only the cache's TTL is over
    now = loggedIn + 9_001;
    expect(sessions.authenticateCached(token)).toBeUndefined();
    expect(await failure(token)).toBe('NOT_AUTHENTICATED');
  });

  it('leaves the write of the last use to the full path, which makes it every 5 s', async () => {
    const { token } = await client.login('operator');
    const loggedIn = await storedLastUse(token);
    await sessions.authenticate(token);
    now = loggedIn + 4_000;
    expect(sessions.authenticateCached(token)).toBeDefined();
    now = loggedIn + 5_000;
    expect(sessions.authenticateCached(token)).toBeUndefined();
    await sessions.authenticate(token);
    expect(await storedLastUse(token)).toBe(now);
  });
});

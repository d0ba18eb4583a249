// A write's transaction holds the only SQLite connection: anything it asks of the directory must be
// read through the transaction, never through the pool, or the request waits for itself forever.
// The directory's group cache expires after 5 s, independently of the callers' cache, so a caller
// cached 4 s after the groups makes a write at second 6 read groups from inside its transaction.
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
beforeAll(async () => {
  client = await createTestClient();
});
afterAll(() => client.services.close());
afterEach(() => {
  vi.useRealTimers();
});

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`no answer within ${ms} ms: the write waits for itself`)),
        ms,
      ),
    ),
  ]);
}

it.each([
  [
    'creating a zone (reference checks read the group tree)',
    'POST',
    '/zone',
    { name: 'Stale-cache dock', zoneTypeId: 1, groupId: 3 },
    201,
  ],
  [
    'creating a group (its parent and hierarchy code)',
    'POST',
    '/group',
    { name: 'Acme / Stale', code: 'stale', parentId: 2 },
    201,
  ],
  [
    'renaming a thing (its group name in the answer)',
    'PATCH',
    '/thing/1',
    { name: 'Forklift (renamed while stale)' },
    200,
  ],
])(
  '%s answers when the group cache expired between two requests',
  async (_name, method, path, body, status) => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const viewer = await client.login('viewer');
    const admin = await client.login('admin');
    // Second 0: the group cache is filled. Second 4: the admin's caller is built from it.
    expect((await client.call('GET', '/user/whoami', { token: viewer.token })).status).toBe(200);
    vi.setSystemTime(start + 60_000);
    expect((await client.call('GET', '/user/whoami', { token: viewer.token })).status).toBe(200);
    vi.setSystemTime(start + 64_000);
    expect((await client.call('GET', '/user/whoami', { token: admin.token })).status).toBe(200);
    // Second 6: the admin's caller is fresh, the groups are not.
    vi.setSystemTime(start + 66_000);
    const response = await within(3_000, client.call(method, path, { token: admin.token, body }));
    expect(response.status).toBe(status);
  },
);

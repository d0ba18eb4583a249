// The login throttle across two instances on one PostgreSQL: N failed sign-ins spread over A and B
// hit the limit (5 per username) at N, not at N per instance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgUnavailableReason } from './pg-cluster.ts';
import { call, startTwoInstances } from './two-instances.ts';
import type { TwoInstances } from './two-instances.ts';

const pgSkip = pgUnavailableReason();
const LIMIT = 5;

describe.skipIf(pgSkip !== undefined)('login throttle over two instances on one PostgreSQL', () => {
  let env: TwoInstances;
  beforeAll(async () => {
    env = await startTwoInstances();
  }, 120_000);
  afterAll(async () => {
    await env?.close();
  });

  const attempt = (api: string, username: string, password: string) =>
    call(api, 'POST', '/user/login', { body: { username, password } });

  it('failures made one after the other, alternating A and B, hit the limit at N', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i += 1)
      statuses.push(
        (await attempt(i % 2 === 0 ? env.a.api : env.b.api, 'operator', `wrong-${i}`)).status,
      );
    expect(statuses).toEqual(Array.from({ length: LIMIT }, () => 401));
    // The next attempt is refused on both instances, even with the right password.
    const refusedA = await attempt(env.a.api, 'operator', 'demo');
    const refusedB = await attempt(env.b.api, 'operator', 'demo');
    expect([refusedA.status, refusedB.status]).toEqual([429, 429]);
    expect(Number(refusedB.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);

  // Exact under concurrency because each attempt is reserved in PostgreSQL by one atomic upsert
  // before its password is checked (auth/login-throttle.ts): no instance counts on its own.
  it('failures made at the same time over A and B hit the limit at N exactly', async () => {
    const attempts = Array.from({ length: 4 * LIMIT }, (_, i) =>
      attempt(i % 2 === 0 ? env.a.api : env.b.api, 'viewer', `wrong-${i}`),
    );
    const statuses = (await Promise.all(attempts)).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3 * LIMIT);
  }, 60_000);
});

// The sign-in throttle counts before it checks, per (username,
// address), with a per-address and a global per-username ceiling, progressive waits, and successes
// that clear only their username's counters.
import { describe, expect, it } from 'vitest';
import { API, freshClients } from './helpers.ts';
import type { TestClient } from './helpers.ts';

const fresh = freshClients();

/** A sign-in as seen from `address` (the peer address the server reads from the socket). */
function signIn(
  client: TestClient,
  address: string,
  username: string,
  password: string,
): Promise<Response> {
  const request = new Request(`${API}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return Promise.resolve(
    client.services.app.fetch(request, { incoming: { socket: { remoteAddress: address } } }),
  );
}

async function statuses(responses: Array<Promise<Response>>): Promise<number[]> {
  return (await Promise.all(responses)).map((response) => response.status);
}

const count = (list: number[], status: number) => list.filter((value) => value === status).length;

describe('sign-in throttle', { timeout: 30_000 }, () => {
  it('40 parallel guesses for one username get exactly 5 password checks', async () => {
    const client = await fresh();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => signIn(client, '10.0.0.1', 'admin', 'wrong-guess')),
    );
    const list = answers.map((response) => response.status);
    expect(count(list, 401)).toBe(5);
    expect(count(list, 429)).toBe(35);
    const refused = answers.find((response) => response.status === 429);
    const body = (await refused?.json()) as { error: string; retryAfter: number };
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(refused?.headers.get('retry-after')).toBe(String(body.retryAfter));
    expect(body.error).toMatch(/try again in \d+ seconds/);
  });

  it('throttles per (username, address): the owner elsewhere still signs in', async () => {
    const client = await fresh();
    expect(
      await statuses(Array.from({ length: 5 }, () => signIn(client, '10.0.0.1', 'admin', 'wrong'))),
    ).toEqual([401, 401, 401, 401, 401]);
    expect((await signIn(client, '10.0.0.1', 'admin', 'demo')).status).toBe(429);
    expect((await signIn(client, '10.0.0.2', 'admin', 'demo')).status).toBe(200);
    // another username from the throttled address is not affected
    expect((await signIn(client, '10.0.0.1', 'viewer', 'demo')).status).toBe(200);
  });

  it('a success does not reset the per-address counter', async () => {
    const client = await fresh();
    // 48 failures over 12 usernames (4 each: under the per-pair limit), then the attacker's own login
    for (let user = 0; user < 12; user += 1) {
      expect(
        await statuses(
          Array.from({ length: 4 }, () => signIn(client, '10.0.0.3', `someone${user}`, 'wrong')),
        ),
      ).toEqual([401, 401, 401, 401]);
    }
    expect((await signIn(client, '10.0.0.3', 'viewer', 'demo')).status).toBe(200);
    expect((await signIn(client, '10.0.0.3', 'nobody-else', 'wrong')).status).toBe(401);
    expect((await signIn(client, '10.0.0.3', 'nobody-else', 'wrong')).status).toBe(401);
    // the address has used its 50 attempts: the 51st is refused whoever it is for
    expect((await signIn(client, '10.0.0.3', 'operator', 'demo')).status).toBe(429);
    expect((await signIn(client, '10.0.0.4', 'operator', 'demo')).status).toBe(200);
  }, 30_000);

  it('a success clears that username’s counter', async () => {
    const client = await fresh();
    expect(
      await statuses(
        Array.from({ length: 4 }, () => signIn(client, '10.0.0.5', 'operator', 'wrong')),
      ),
    ).toEqual([401, 401, 401, 401]);
    expect((await signIn(client, '10.0.0.5', 'operator', 'demo')).status).toBe(200);
    expect(
      await statuses(
        Array.from({ length: 5 }, () => signIn(client, '10.0.0.5', 'operator', 'wrong')),
      ),
    ).toEqual([401, 401, 401, 401, 401]);
    expect((await signIn(client, '10.0.0.5', 'operator', 'demo')).status).toBe(429);
  });

  it('backs off progressively', async () => {
    const client = await fresh();
    let now = Date.now();
    (client.services.context.sessions as unknown as { now: () => number }).now = () => now;
    for (let i = 0; i < 5; i += 1)
      expect((await signIn(client, '10.0.0.6', 'admin', 'wrong')).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const refused = await signIn(client, '10.0.0.6', 'admin', 'wrong');
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      waits.push(wait);
      now += (wait - 1) * 1000;
      expect((await signIn(client, '10.0.0.6', 'admin', 'wrong')).status).toBe(429);
      now += 1000;
      expect((await signIn(client, '10.0.0.6', 'admin', 'wrong')).status).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240]);
    // an hour without attempts starts over
    now += 60 * 60_000 + 1;
    expect((await signIn(client, '10.0.0.6', 'admin', 'demo')).status).toBe(200);
  });

  it('the global per-username ceiling spares an address that signed in before', async () => {
    const client = await fresh();
    expect((await signIn(client, '10.1.0.1', 'admin', 'demo')).status).toBe(200);
    // 100 failures from 20 addresses, 5 each
    for (let address = 0; address < 20; address += 1) {
      expect(
        await statuses(
          Array.from({ length: 5 }, () => signIn(client, `10.2.0.${address}`, 'admin', 'wrong')),
        ),
      ).toEqual([401, 401, 401, 401, 401]);
    }
    const stranger = await signIn(client, '10.3.0.1', 'admin', 'demo');
    expect(stranger.status).toBe(429);
    expect((await signIn(client, '10.1.0.1', 'admin', 'demo')).status).toBe(200);
  }, 30_000);

  it('usernames are counted without regard to case', async () => {
    const client = await fresh();
    const guesses = ['admin', 'ADMIN', 'Admin', 'aDmin', 'adMin', 'admIn'].map((name) =>
      signIn(client, '10.0.0.7', name, 'wrong'),
    );
    expect(count(await statuses(guesses), 429)).toBe(1);
  });
});

// Operations (DESIGN §4): request ids, JSON request logs that never hold a secret, /healthz and
// /readyz, /metrics behind its token or on METRICS_PORT, and the client address behind a trusted proxy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_THROTTLE_RULES } from '../src/auth/login-throttle.ts';
import { LocalCacheBus } from '../src/cluster/cache-bus.ts';
import { createInMemoryServices, startServer } from '../src/index.ts';
import type { InMemoryServices, RunningServer } from '../src/index.ts';
import { parseTrustedProxies, resolveClientAddress } from '../src/ops/client-address.ts';
import { SAFE_REQUEST_ID } from '../src/routes/operations-routes.ts';
import { call } from './two-instances.ts';

const API = 'http://portico.test/riot-core-services/api';

/** Collects pino's JSON lines. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return {
    lines,
    stream,
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('request ids, logs, health (in-process)', () => {
  let services: InMemoryServices;
  const log = capture();
  const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
  beforeAll(async () => {
    services = await createInMemoryServices({
      logLevel: 'info',
      logDestination: log.stream,
      metricsToken: METRICS_TOKEN,
      log: () => undefined,
    });
  });
  afterAll(() => services.close());

  const fetchApi = (path: string, init: RequestInit = {}) =>
    services.fetch(new Request(path.startsWith('http') ? path : `${API}${path}`, init));
  const login = async (username: string, password = 'demo') => {
    const response = await fetchApi('/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { token: string; id: number; groupId: number };
  };

  it('every answer carries an X-Request-Id, a fresh one per request', async () => {
    const answers = await Promise.all([
      fetchApi('/user/whoami'),
      fetchApi('http://portico.test/git.json'),
      fetchApi('http://portico.test/'),
      fetchApi('http://portico.test/healthz'),
    ]);
    const ids = answers.map((answer) => answer.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(SAFE_REQUEST_ID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each<[string, boolean]>([
    ['abc-123', true],
    ['trace:4bf92f3577b34da6.a3ce929d0e0e4736', true],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    ['has space', false],
    ['<script>', false],
    ['a\tb', false],
    ['', false],
  ])('a client-sent X-Request-Id %j is kept: %s', async (sent, kept) => {
    const response = await fetchApi('http://portico.test/healthz', {
      headers: sent === '' || sent.includes('\t') ? {} : { 'X-Request-Id': sent },
    });
    const id = response.headers.get('x-request-id');
    if (kept) expect(id).toBe(sent);
    else {
      expect(id).not.toBe(sent);
      expect(id).toMatch(SAFE_REQUEST_ID);
    }
  });

  it('error answers carry the request id in their body', async () => {
    const { token } = await login('admin');
    const answers = [
      await fetchApi('/user/whoami'),
      await fetchApi('/no-such-thing', { headers: { token } }),
      await fetchApi('/zone', {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: '{nope',
      }),
      await fetchApi('/zone', {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: 'x'.repeat(1024 * 1024 + 10),
      }),
      await fetchApi('/thing/999999', { headers: { token } }),
      await fetchApi('http://portico.test/nowhere', { method: 'DELETE' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([401, 404, 400, 413, 404, 404]);
    for (const answer of answers) {
      const body = (await answer.json()) as { error: string; requestId: string };
      expect(typeof body.error).toBe('string');
      expect(body.requestId).toBe(answer.headers.get('x-request-id'));
    }
    // A client-sent id is the one quoted back.
    const quoted = await fetchApi('/user/whoami', {
      headers: { 'X-Request-Id': 'support-ticket-42' },
    });
    expect(await quoted.json()).toEqual({
      error: 'Not Authenticated, Access Denied',
      requestId: 'support-ticket-42',
    });
  });

  it('logs one JSON line per request with the route template, user and tenant, and never a token, password or cookie', async () => {
    log.lines.length = 0;
    const password = 'demo';
    const { token, id } = await login('operator', password);
    const riotCookie = encodeURIComponent(JSON.stringify({ token, timestamp: Date.now() }));
    const xsrf = 'xsrf-value-for-the-log-test';
    await fetchApi('/user/whoami', { headers: { token, cookie: `XSRF-TOKEN=${xsrf}` } });
    await fetchApi(`/user/${id}`, {
      headers: { cookie: `RIOT_TK=${riotCookie}; XSRF-TOKEN=${xsrf}` },
    });
    await fetchApi('/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'operator', password: 'a-wrong-secret-pw' }),
    });
    await fetchApi(`/user/${id}/field/timeZoneConfiguration`, {
      method: 'PUT',
      headers: {
        token,
        'content-type': 'application/json',
        authorization: 'Bearer some-bearer-secret',
      },
      body: JSON.stringify({ value: 'Asia/Tokyo' }),
    });
    await fetchApi('http://portico.test/healthz');
    await fetchApi('http://portico.test/readyz');
    await services.context.ops.logger.flush();
    const entries = log.entries();
    const requests = entries.filter((entry) => entry.msg === 'request');
    expect(requests.map((entry) => [entry.method, entry.route, entry.status])).toEqual([
      ['POST', '/riot-core-services/api/user/login', 200],
      ['GET', '/riot-core-services/api/user/whoami', 200],
      ['GET', '/riot-core-services/api/user/:id{[0-9]+}', 200],
      ['POST', '/riot-core-services/api/user/login', 401],
      ['PUT', '/riot-core-services/api/user/:id/field/:field', 201],
    ]);
    const whoami = requests[1]!;
    expect(whoami).toMatchObject({ level: 30, userId: id, tenantId: 2 });
    expect(typeof whoami.requestId).toBe('string');
    expect(typeof whoami.ms).toBe('number');
    expect(typeof whoami.time).toBe('string');
    const text = log.lines.join('\n');
    for (const secret of [
      token,
      riotCookie,
      encodeURIComponent(token),
      xsrf,
      'a-wrong-secret-pw',
      '"demo"',
      'some-bearer-secret',
    ])
      expect(text).not.toContain(secret);
  });

  it('/healthz and /readyz answer 200 unauthenticated, with no data', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const response = await fetchApi(`http://portico.test${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('ok\n');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('set-cookie') ?? '').not.toMatch(/RIOT_TK/);
      // unlike a page's or the API's answer, no XSRF-TOKEN cookie (a health checker has no use
      // for one): the every-answer headers of app.ts are not theirs
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('/readyz answers 503 when a migration is missing from the database, and 200 once it is back', async () => {
    const db = services.context.db;
    const rows = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from portico_migrations order by name desc limit 1`.execute(db);
    const last = rows.rows[0]!;
    await sql`delete from portico_migrations where name = ${last.name}`.execute(db);
    expect((await fetchApi('http://portico.test/readyz')).status).toBe(503);
    expect((await fetchApi('http://portico.test/healthz')).status).toBe(200);
    await sql`insert into portico_migrations (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(
      db,
    );
    expect((await fetchApi('http://portico.test/readyz')).status).toBe(200);
  });

  it('/metrics on the public port needs the bearer token', async () => {
    expect((await fetchApi('http://portico.test/metrics')).status).toBe(401);
    expect(
      (
        await fetchApi('http://portico.test/metrics', {
          headers: { authorization: 'Bearer wrong-token' },
        })
      ).status,
    ).toBe(401);
    expect(
      (await fetchApi('http://portico.test/metrics', { headers: { authorization: METRICS_TOKEN } }))
        .status,
    ).toBe(401);
    const ok = await fetchApi('http://portico.test/metrics', {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(ok.headers.get('set-cookie')).toBeNull();
    const text = await ok.text();
    expect(text).toMatch(
      /portico_http_requests_total\{method="GET",route="\/riot-core-services\/api\/user\/whoami",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /portico_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/riot-core-services\/api\/user\/whoami",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /portico_db_query_duration_seconds_count\{statement="select",outcome="ok"\} [1-9]/,
    );
    expect(text).toContain('portico_cache_bus_listening 1');
    // Several requests with one token: the session and the caller came from the caches.
    expect(text).toMatch(/portico_cache_lookups_total\{cache="sessions",result="hit"\} [1-9]/);
    expect(text).toMatch(/portico_cache_lookups_total\{cache="callers",result="hit"\} [1-9]/);
    expect(text).toMatch(/portico_cache_lookups_total\{cache="sessions",result="miss"\} [1-9]/);
  });
});

describe('/readyz and the bus', () => {
  it('answers 503 while the cache bus does not listen', async () => {
    let listening = false;
    class DeafBus extends LocalCacheBus {
      override isListening(): boolean {
        return listening;
      }
    }
    const services = await createInMemoryServices();
    const { createContext, createApp } = await import('../src/index.ts');
    // The same database, a context whose bus is deaf.
    const app = createApp(
      createContext(
        {
          db: services.context.db,
          dialect: 'sqlite',
          created: false,
          migrations: services.context.migrations,
          close: () => Promise.resolve(),
          observeQueries: () => undefined,
          poolStats: () => undefined,
        },
        { bus: new DeafBus() },
      ),
    );
    try {
      expect((await app.fetch(new Request('http://portico.test/readyz'))).status).toBe(503);
      listening = true;
      expect((await app.fetch(new Request('http://portico.test/readyz'))).status).toBe(200);
    } finally {
      await services.close();
    }
  });
});

describe('without METRICS_TOKEN', () => {
  it('/metrics is not served on the public port at all', async () => {
    const services = await createInMemoryServices({ seed: false });
    try {
      const response = await services.fetch(
        new Request('http://portico.test/metrics', {
          headers: { authorization: 'Bearer anything' },
        }),
      );
      // It falls through to the console's files (none built here: 503; a built console: 404).
      expect(response.status).not.toBe(200);
      expect(await response.text()).not.toMatch(/portico_/);
    } finally {
      await services.close();
    }
  });
});

describe('over real sockets: METRICS_PORT, TRUST_PROXY', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portico-ops-'));
  const direct = capture();
  const proxied = capture();
  let plain: RunningServer;
  let behindProxy: RunningServer;
  beforeAll(async () => {
    const common = {
      host: '127.0.0.1',
      port: 0,
      consoleDir: dir,
      legacyUiDir: dir,
      log: () => undefined,
      logLevel: 'info',
    };
    plain = await startServer({
      ...common,
      dataDir: join(dir, 'plain'),
      metricsPort: 0,
      logDestination: direct.stream,
    });
    behindProxy = await startServer({
      ...common,
      dataDir: join(dir, 'proxied'),
      trustProxy: ['127.0.0.1'],
      logDestination: proxied.stream,
    });
  }, 60_000);
  afterAll(async () => {
    await plain?.close();
    await behindProxy?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('METRICS_PORT serves the metrics on their own port; the public port does not', async () => {
    expect(plain.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    await call(plain.url, 'GET', '/riot-core-services/api/user/whoami');
    const scraped = await call(plain.metricsUrl!, 'GET', '');
    expect(scraped.status).toBe(200);
    expect(scraped.text).toMatch(
      /portico_http_requests_total\{method="GET",route="\/riot-core-services\/api\/\*",status="401"\} [1-9]/,
    );
    expect((await call(plain.url, 'GET', '/metrics')).status).toBe(404);
  });

  it('X-Forwarded-For is ignored from a peer that is not a trusted proxy', async () => {
    await call(plain.url, 'GET', '/git.json', {
      headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Request-Id': 'xff-direct' },
    });
    // the access line is written after the answer: wait for it rather than for a fixed time
    const entry = await vi.waitFor(() => {
      const line = direct.entries().find((candidate) => candidate.requestId === 'xff-direct');
      if (!line) throw new Error('no access line for xff-direct yet');
      return line;
    });
    expect(entry?.address).toBe('127.0.0.1');
  });

  it('behind a trusted proxy, the right-most address the proxy did not write is the client', async () => {
    await call(behindProxy.url, 'GET', '/git.json', {
      headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Request-Id': 'xff-one' },
    });
    // A client that writes its own X-Forwarded-For only adds entries to the left of the proxy's.
    await call(behindProxy.url, 'GET', '/git.json', {
      headers: { 'X-Forwarded-For': '198.51.100.1, 203.0.113.10', 'X-Request-Id': 'xff-spoofed' },
    });
    await call(behindProxy.url, 'GET', '/git.json', { headers: { 'X-Request-Id': 'xff-none' } });
    const address = (id: string) =>
      proxied.entries().find((line) => line.requestId === id)?.address;
    await vi.waitFor(() => {
      for (const id of ['xff-one', 'xff-spoofed', 'xff-none'])
        if (address(id) === undefined) throw new Error(`no access line for ${id} yet`);
    });
    expect(address('xff-one')).toBe('203.0.113.9');
    expect(address('xff-spoofed')).toBe('203.0.113.10');
    expect(address('xff-none')).toBe('127.0.0.1');
  });

  it('the login throttle counts the forwarded address behind the proxy, and the peer otherwise', async () => {
    // The address ceiling (DEFAULT_THROTTLE_RULES.address.free failures from one address): spread
    // over as many forwarded addresses, they block none of them behind the proxy...
    const attempt = (server: RunningServer, forwardedFor: string, username: string) =>
      call(server.url, 'POST', '/riot-core-services/api/user/login', {
        body: { username, password: 'wrong' },
        headers: { 'X-Forwarded-For': forwardedFor },
      });
    const ceiling = DEFAULT_THROTTLE_RULES.address.free;
    for (let i = 0; i < ceiling; i += 1)
      expect((await attempt(behindProxy, `192.0.2.${i + 1}`, `nobody-${i}`)).status).toBe(401);
    expect((await attempt(behindProxy, '192.0.2.200', 'nobody-x')).status).toBe(401);
    // ...while a direct client cannot escape its address's limit by writing the header.
    for (let i = 0; i < ceiling; i += 1)
      expect((await attempt(plain, `192.0.2.${i + 1}`, `nobody-${i}`)).status).toBe(401);
    expect((await attempt(plain, '192.0.2.200', 'nobody-x')).status).toBe(429);
  }, 60_000);
});

describe('resolveClientAddress', () => {
  const trusted = new Set(['127.0.0.1', '10.0.0.2']);
  it.each<[string, string | undefined, string]>([
    ['127.0.0.1', undefined, '127.0.0.1'],
    ['127.0.0.1', '203.0.113.9', '203.0.113.9'],
    ['::ffff:127.0.0.1', '203.0.113.9', '203.0.113.9'],
    ['127.0.0.1', '198.51.100.1, 203.0.113.9', '203.0.113.9'],
    ['127.0.0.1', '203.0.113.9, 10.0.0.2', '203.0.113.9'],
    ['127.0.0.1', '10.0.0.2, 127.0.0.1', '127.0.0.1'],
    ['127.0.0.1', 'not-an-address', '127.0.0.1'],
    ['127.0.0.1', '2001:db8::1', '2001:db8::1'],
    ['192.0.2.50', '203.0.113.9', '192.0.2.50'],
  ])('peer %s, X-Forwarded-For %j → %s', (peer, header, expected) => {
    expect(resolveClientAddress(peer, header, trusted)).toBe(expected);
  });

  it('TRUST_PROXY takes addresses only', () => {
    expect(parseTrustedProxies('127.0.0.1, ::1 10.0.0.2')).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.2',
    ]);
    expect(parseTrustedProxies('')).toEqual([]);
    expect(() => parseTrustedProxies('127.0.0.1,proxy.example')).toThrow(/TRUST_PROXY/);
  });
});

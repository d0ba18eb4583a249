// A 413 closes its connection cleanly (the client's next request on a
// keep-alive agent works), and cacheable answers never carry the XSRF-TOKEN cookie.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../src/listen.ts';
import type { Listening } from '../src/listen.ts';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';
import { nodeRequest } from './server-call.ts';

let dir: string;
let client: TestClient;
let server: Listening;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-hardening-'));
  for (const site of ['console', 'legacy']) {
    mkdirSync(join(dir, site, 'assets'), { recursive: true });
    writeFileSync(join(dir, site, 'index.html'), `<!doctype html><title>${site}</title>`);
    writeFileSync(join(dir, site, 'assets', 'app-abc123.js'), 'console.log(1)');
  }
  client = await createTestClient({
    seed: false,
    consoleDir: join(dir, 'console'),
    legacyUiDir: join(dir, 'legacy'),
  });
  server = await listen(client.services.app, '127.0.0.1', 0);
});
afterAll(async () => {
  await server.close();
  await client.services.close();
  rmSync(dir, { recursive: true, force: true });
});

function send(agent: Agent, method: string, path: string, body?: string | Buffer) {
  return nodeRequest(`${server.url}${path}`, {
    method,
    agent,
    headers:
      body === undefined
        ? {}
        : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    body,
  });
}

describe('413 on a keep-alive connection', { timeout: 30_000 }, () => {
  it('answers Connection: close, and the next request on the same agent works', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let round = 0; round < 5; round += 1) {
        const big = await send(
          agent,
          'POST',
          '/riot-core-services/api/user/login',
          Buffer.alloc(2 * 1024 * 1024, 'x'),
        );
        expect(big.status).toBe(413);
        expect(big.headers.connection).toBe('close');
        expect(JSON.parse(big.text)).toMatchObject({ error: 'Request body too large' });
        const next = await send(agent, 'GET', '/git.json');
        expect(next.status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });

  it('the same on the analytics capture endpoint', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(
        (await send(agent, 'POST', '/analytics/e/', Buffer.alloc(1024 * 1024 + 10, 'x'))).headers
          .connection,
      ).toBe('close');
      expect((await send(agent, 'GET', '/git.json')).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

describe('the XSRF-TOKEN cookie', () => {
  it.each(['/assets/app-abc123.js', '/legacy-ui/assets/app-abc123.js'])(
    'is not set on cacheable %s',
    async (path) => {
      const response = await client.services.fetch(new Request(`http://portico.test${path}`));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toMatch(/public/);
      expect(response.headers.get('set-cookie')).toBeNull();
    },
  );

  it.each(['/', '/legacy-ui/', '/riot-core-services/api/user/whoami', '/git.json'])(
    'is still set on %s (not cacheable by others)',
    async (path) => {
      const response = await client.services.fetch(new Request(`http://portico.test${path}`));
      expect(response.headers.get('cache-control') ?? '').not.toMatch(/public/);
      expect(response.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
    },
  );
});

// Served over real HTTP, the headers every answer carries go onto Node's response before the
// handler runs (http/answer-headers.ts); the handler's own value of a name wins, as in-process.
describe('the headers every answer carries, over HTTP', () => {
  it.each([
    ['/riot-core-services/api/user/whoami', 401, 'no-store', true],
    ['/git.json', 200, 'no-cache', true],
    ['/', 200, 'no-cache', true],
    ['/assets/app-abc123.js', 200, 'public', false],
  ] as const)('%s: %i, cache-control %s, XSRF cookie %s', async (path, status, cache, cookie) => {
    const agent = new Agent({ keepAlive: false });
    const answer = await send(agent, 'GET', path);
    agent.destroy();
    expect(answer.status).toBe(status);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers['cache-control']).toContain(cache);
    const cookies = answer.headers['set-cookie'] ?? [];
    expect(cookies).toHaveLength(cookie ? 1 : 0);
    if (cookie)
      expect(cookies[0]).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{32}; Path=\/; SameSite=Strict$/);
  });

  it('sends no cookie to a client that has one, and keeps the request id it sent', async () => {
    const answer = await nodeRequest(`${server.url}/riot-core-services/api/user/whoami`, {
      headers: { cookie: 'a=1; XSRF-TOKEN=abc', 'x-request-id': 'trace-42' },
    });
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['x-request-id']).toBe('trace-42');
  });
});

// Behind the documented nginx TLS setup the instances speak plain HTTP to nginx, which says
// `X-Forwarded-Proto: https`: the cookie must still be Secure, and only when that proxy says so.
describe('the XSRF-TOKEN cookie behind a TLS-terminating proxy', () => {
  async function cookieFrom(url: string, headers: Record<string, string>): Promise<string> {
    const answer = await nodeRequest(`${url}/riot-core-services/api/user/whoami`, { headers });
    return (answer.headers['set-cookie'] as string[] | undefined)?.[0] ?? '';
  }

  it('is Secure when a trusted proxy says https, and not when an untrusted client claims it', async () => {
    const behind = await createTestClient({ seed: false, trustProxy: ['127.0.0.1'] });
    const behindServer = await listen(behind.services.app, '127.0.0.1', 0);
    try {
      const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' };
      expect(await cookieFrom(behindServer.url, https)).toMatch(
        /^XSRF-TOKEN=[A-Za-z0-9_-]{32}; Path=\/; Secure; SameSite=Strict$/,
      );
      expect(await cookieFrom(behindServer.url, { 'x-forwarded-proto': 'http' })).not.toMatch(
        /Secure/,
      );
      expect(await cookieFrom(behindServer.url, {})).not.toMatch(/Secure/);
      // the same header from a client that is no trusted proxy changes nothing
      expect(await cookieFrom(server.url, https)).toMatch(
        /^XSRF-TOKEN=[^;]+; Path=\/; SameSite=Strict$/,
      );
    } finally {
      await behindServer.close();
      await behind.services.close();
    }
  });
});

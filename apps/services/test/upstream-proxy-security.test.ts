// The reverse proxy of upstream mode, tried as an attacker would, at the socket level: raw bytes in
// from the client, and a recording fake platform that says exactly which bytes arrived behind it.
// Each finding of the review has its case here; the fuzz case at the end sends random paths and
// header sets and checks the platform only ever saw one well-framed request per client request,
// under the configured base path.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamServer } from '../src/index.ts';
import type { UpstreamServer } from '../src/index.ts';
import { exchange, header, json, startRecordingPlatform } from './fixtures/recording-platform.ts';
import type { RecordingPlatform } from './fixtures/recording-platform.ts';

const API = '/riot-core-services/api';
let dir: string;
let platform: RecordingPlatform;
let legacy: RecordingPlatform;
let proxy: UpstreamServer;
let trusting: UpstreamServer;
const logs: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-proxy-'));
  const consoleDir = join(dir, 'console');
  mkdirSync(consoleDir);
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
  platform = await startRecordingPlatform();
  legacy = await startRecordingPlatform();
  const options = {
    host: '127.0.0.1',
    port: 0,
    platformUrl: `${platform.origin}/base/`,
    legacyUiUrl: `${legacy.origin}/old-ui/`,
    consoleDir,
    timeoutMs: 2000,
    log: (line: string) => logs.push(line),
  };
  proxy = await startUpstreamServer(options);
  trusting = await startUpstreamServer({ ...options, trustProxy: ['127.0.0.1'] });
});

afterAll(async () => {
  await Promise.all([proxy.close(), trusting.close()]);
  await Promise.all([platform.close(), legacy.close()]);
  rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  // whatever a case did, nothing half-framed may sit at either target, nor anything outside the
  // configured base paths (read, then reset, so one case's failure is not the next one's)
  const leftovers = [...platform.leftovers(), ...legacy.leftovers()].map((rest) => rest.toString());
  const unframeable = [...platform.unframeable];
  const outside = [
    ...platform.requests.filter((request) => !request.target.startsWith('/base/')),
    ...legacy.requests.filter((request) => !request.target.startsWith('/old-ui/')),
  ].map((request) => request.target);
  platform.reset();
  legacy.reset();
  expect(leftovers).toEqual([]);
  expect(unframeable).toEqual([]);
  expect(outside).toEqual([]);
});

function get(path: string, extra = ''): string {
  return `GET ${path} HTTP/1.1\r\nHost: console.example\r\n${extra}Connection: close\r\n\r\n`;
}

describe('finding 1: a GET or HEAD with a body is not forwarded (no request smuggling)', () => {
  const smuggled = 'GET /admin/secret HTTP/1.1\r\nHost: evil\r\n\r\n';
  it.each(['GET', 'HEAD'])(
    'a %s carrying Content-Length and a hidden request: 400 to the client, nothing reaches the platform',
    async (method) => {
      const bytes = `${method} ${API}/thing HTTP/1.1\r\nHost: console.example\r\nContent-Length: ${smuggled.length}\r\n\r\n${smuggled}`;
      const { responses } = await exchange(proxy.url, bytes, { head: method === 'HEAD' });
      expect(responses[0]?.start[1]).toBe('400');
      if (method === 'GET')
        expect(json(responses[0])).toEqual({ error: 'A GET request must not carry a body' });
      expect(platform.requests).toEqual([]);
    },
  );

  it('a chunked GET is refused the same way', async () => {
    const bytes = `GET ${API}/thing HTTP/1.1\r\nHost: console.example\r\nTransfer-Encoding: chunked\r\n\r\n${smuggled.length.toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`;
    const { responses } = await exchange(proxy.url, bytes);
    expect(responses[0]?.start[1]).toBe('400');
    expect(platform.requests).toEqual([]);
  });

  it('the requests after it, from this client and another, arrive whole and alone on the kept-alive connection', async () => {
    const bytes = `GET ${API}/thing HTTP/1.1\r\nHost: console.example\r\nContent-Length: ${smuggled.length}\r\n\r\n${smuggled}`;
    await exchange(proxy.url, bytes);
    const [first, second] = await Promise.all([
      exchange(proxy.url, get(`${API}/user/whoami`, 'token: other-user\r\n')),
      exchange(proxy.url, get(`${API}/thing?pageSize=1`)),
    ]);
    expect(first.responses[0]?.start[1]).toBe('200');
    expect(second.responses[0]?.start[1]).toBe('200');
    expect(platform.requests.map((request) => request.target).sort()).toEqual([
      `/base${API}/thing?pageSize=1`,
      `/base${API}/user/whoami`,
    ]);
    for (const request of platform.requests) {
      expect(request.method).toBe('GET');
      expect(request.body.length).toBe(0);
      expect(header(request, 'content-length') ?? '0').toBe('0');
      expect(header(request, 'transfer-encoding')).toBeUndefined();
    }
    expect(
      header(
        platform.requests.find((r) => r.target.endsWith('whoami'))!,
        'token',
      ),
    ).toBe('other-user');
  });

  it('a GET with Content-Length: 0 goes through with no body', async () => {
    const { responses } = await exchange(proxy.url, get(`${API}/thing`, 'Content-Length: 0\r\n'));
    expect(responses[0]?.start[1]).toBe('200');
    expect(platform.requests).toHaveLength(1);
    expect(platform.requests[0]!.body.length).toBe(0);
  });

  it('a POST body arrives byte for byte, framed by what was really sent, and the next request on that connection is whole', async () => {
    const body = '{"name":"Dock 9","x":"\\r\\nGET /admin HTTP/1.1\\r\\n"}';
    for (const framing of ['length', 'chunked'] as const) {
      const head = `POST ${API}/zone HTTP/1.1\r\nHost: console.example\r\nContent-Type: application/json\r\n`;
      const bytes =
        framing === 'length'
          ? `${head}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
          : `${head}Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
      const { responses } = await exchange(proxy.url, bytes);
      expect(responses[0]?.start[1]).toBe('200');
      await exchange(proxy.url, get(`${API}/after`));
    }
    expect(platform.requests.map((request) => request.target)).toEqual([
      `/base${API}/zone`,
      `/base${API}/after`,
      `/base${API}/zone`,
      `/base${API}/after`,
    ]);
    expect(platform.requests[0]!.body.toString()).toBe(body);
    expect(header(platform.requests[0]!, 'content-length')).toBe(String(Buffer.byteLength(body)));
    expect(platform.requests[2]!.body.toString()).toBe(body);
    expect(platform.requests[1]!.body.length).toBe(0);
  });

  it('TRACE is not forwarded (it would echo the cookies back)', async () => {
    const { responses } = await exchange(
      proxy.url,
      `TRACE ${API}/x HTTP/1.1\r\nHost: console.example\r\nCookie: RIOT_TK=secret\r\nConnection: close\r\n\r\n`,
    );
    expect(responses[0]?.start[1]).toBe('405');
    expect(platform.requests).toEqual([]);
  });
});

describe('finding 2: the target is read once, from what the client sent (no SSRF by an encoded prefix)', () => {
  it.each([
    ['/legacy-u%69/x', '/old-ui/x'],
    ['/%6cegacy-ui/x', '/old-ui/x'],
    ['/legacy-ui/%61ssets/app.js?v=%2F', '/old-ui/assets/app.js?v=%2F'],
    ['/legacy-ui/', '/old-ui/'],
  ])('%s goes to the configured legacy UI as %s', async (path, seen) => {
    const { responses } = await exchange(proxy.url, get(path, 'Cookie: RIOT_TK=tk\r\n'));
    expect(responses[0]?.start[1]).toBe('200');
    expect(legacy.requests.map((request) => request.target)).toEqual([seen]);
    expect(platform.requests).toEqual([]);
  });

  it('an encoded platform prefix reaches the platform under its base path', async () => {
    const { responses } = await exchange(proxy.url, get('/%72iot-core-services/api/thing'));
    expect(responses[0]?.start[1]).toBe('200');
    expect(platform.requests.map((request) => request.target)).toEqual([`/base${API}/thing`]);
  });

  it('a path next to a prefix is not forwarded', async () => {
    const { responses } = await exchange(proxy.url, get('/legacy-uix/secret'));
    expect(responses[0]?.start[1]).toBe('404'); // the console's own static files
    expect(legacy.requests).toEqual([]);
  });
});

describe('finding 5: dot segments, encoded slashes and path parameters are refused with 400', () => {
  it.each([
    `${API}/..;/x`,
    `/riot-core-services/..;/x`,
    `/riot-core-services/..%2fx`,
    `/riot-core-services/..%2Fx`,
    `/riot-core-services/%2e%2e/x`,
    `/riot-core-services/%2E./x`,
    `/riot-core-services/./api/x`,
    `/riot-core-services/api/..`,
    `${API}/thing%5c..%5cadmin`,
    `${API}/thing;jsessionid=abc`,
    `${API}/thing%00`,
    `${API}/thing\\..\\admin`,
    `${API}/thing%zz`,
    '/legacy-ui/..;/x',
    '/legacy-ui/%2e%2e/riot-core-services/api/x',
  ])('%s', async (path) => {
    const { responses } = await exchange(proxy.url, get(path));
    expect(responses[0]?.start[1]).toBe('400');
    // node's own parser refuses a raw backslash before the proxy sees it, with no body
    if (responses[0]!.body.length > 0)
      expect((json(responses[0]) as { error: string }).error).toMatch(
        /^The path must not|^Malformed/,
      );
    expect(platform.requests).toEqual([]);
    expect(legacy.requests).toEqual([]);
  });
});

describe('finding 3: X-Forwarded-* come from the connection unless a trusted proxy sent them', () => {
  const claimed =
    'X-Forwarded-For: 203.0.113.9\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Host: evil.example\r\nForwarded: for=203.0.113.9;host=evil.example\r\n';

  it('from an untrusted client, its own values are replaced', async () => {
    await exchange(proxy.url, get(`${API}/thing`, claimed));
    const seen = platform.requests[0]!;
    expect(header(seen, 'x-forwarded-for')).toBe('127.0.0.1');
    expect(header(seen, 'x-forwarded-proto')).toBe('http');
    expect(header(seen, 'x-forwarded-host')).toBe('console.example');
    expect(header(seen, 'forwarded')).toBeUndefined();
    expect(header(seen, 'host')).toBe(new URL(platform.origin).host);
  });

  it('from a trusted proxy (TRUST_PROXY), its values are kept and the list extended', async () => {
    await exchange(trusting.url, get(`${API}/thing`, claimed));
    const seen = platform.requests[0]!;
    expect(header(seen, 'x-forwarded-for')).toBe('203.0.113.9, 127.0.0.1');
    expect(header(seen, 'x-forwarded-proto')).toBe('https');
    expect(header(seen, 'x-forwarded-host')).toBe('evil.example');
    expect(header(seen, 'forwarded')).toBeUndefined();
  });
});

describe('finding 4: only a redirect that stays on the target becomes a path on this origin', () => {
  it.each([
    [
      'the platform, below its base',
      () => `${platform.origin}/base${API}/landing?a=1`,
      `${API}/landing?a=1`,
    ],
    [
      'the platform, a path that would read as another host',
      () => `${platform.origin}//evil.example/x`,
      null,
    ],
    ['the platform, base + //host', () => `${platform.origin}/base//evil.example/x`, null],
    ['another site', () => 'https://evil.example/x', null],
    ['a path-absolute reference into the base', () => `/base${API}/next`, `${API}/next`],
    ['a relative reference', () => 'next?b=2', null],
  ])('%s', async (_name, location, expected) => {
    const value = location();
    platform.respond = () =>
      `HTTP/1.1 302 Found\r\nlocation: ${value}\r\ncontent-length: 0\r\n\r\n`;
    const { responses } = await exchange(proxy.url, get(`${API}/go`));
    expect(responses[0]?.start[1]).toBe('302');
    expect(header(responses[0]!, 'location')).toBe(expected ?? value);
  });

  it('a legacy UI redirect into its base comes back under /legacy-ui/', async () => {
    legacy.respond = () =>
      `HTTP/1.1 301 Moved\r\nlocation: ${legacy.origin}/old-ui/page/\r\ncontent-length: 0\r\n\r\n`;
    const { responses } = await exchange(proxy.url, get('/legacy-ui/page'));
    expect(header(responses[0]!, 'location')).toBe('/legacy-ui/page/');
  });
});

describe('finding 6: headers a Connection header names are dropped both ways', () => {
  it('request and answer', async () => {
    platform.respond = () =>
      'HTTP/1.1 200 OK\r\nconnection: x-internal, keep-alive\r\nkeep-alive: timeout=5\r\nx-internal: platform-secret\r\nx-public: yes\r\ncontent-length: 2\r\n\r\nok';
    const { responses } = await exchange(
      proxy.url,
      `GET ${API}/thing HTTP/1.1\r\nHost: console.example\r\nConnection: X-Private, close\r\nX-Private: client-secret\r\nKeep-Alive: 300\r\nTE: trailers\r\nUpgrade: h2c\r\nProxy-Authorization: Basic eDp5\r\nX-Kept: 1\r\n\r\n`,
    );
    const seen = platform.requests[0]!;
    for (const name of ['x-private', 'keep-alive', 'te', 'upgrade', 'proxy-authorization'])
      expect(header(seen, name), name).toBeUndefined();
    expect(header(seen, 'x-kept')).toBe('1');
    const answer = responses[0]!;
    expect(header(answer, 'x-internal')).toBeUndefined();
    expect(header(answer, 'keep-alive')).toBeUndefined();
    expect(header(answer, 'x-public')).toBe('yes');
    expect(answer.body.toString()).toBe('ok');
  });
});

describe('finding 7: a 502 or 504 names no internal address (the log does)', () => {
  it('the platform silent: 504 with a generic message', async () => {
    platform.respond = () => ''; // reads the request, never answers
    const { responses } = await exchange(proxy.url, get(`${API}/thing`), { timeoutMs: 8000 });
    expect(responses[0]?.start[1]).toBe('504');
    const body = responses[0]!.body.toString();
    expect(JSON.parse(body)).toEqual({ error: 'The platform did not answer within 2 s' });
    expect(body).not.toContain('127.0.0.1');
    expect(logs.some((line) => line.includes(`(${platform.origin}) did not answer`))).toBe(true);
  });

  it('the legacy UI down: 502 with a generic message', async () => {
    const down = await startUpstreamServer({
      host: '127.0.0.1',
      port: 0,
      platformUrl: `${platform.origin}/base/`,
      legacyUiUrl: 'http://127.0.0.1:9/old-ui/',
      consoleDir: join(dir, 'console'),
      timeoutMs: 2000,
      log: (line: string) => logs.push(line),
    });
    try {
      const { responses } = await exchange(down.url, get('/legacy-ui/app.js'));
      expect(responses[0]?.start[1]).toBe('502');
      const body = responses[0]!.body.toString();
      expect(JSON.parse(body)).toEqual({ error: 'The legacy UI could not be reached' });
      expect(body).not.toMatch(/127\.0\.0\.1|:9\b|ECONNREFUSED/);
      expect(logs.some((line) => line.includes('(http://127.0.0.1:9) unreachable'))).toBe(true);
    } finally {
      await down.close();
    }
  });
});

describe('fuzz: any path and header set, one well-framed request at most, under the base path', () => {
  const pieces = [
    'riot-core-services',
    'api',
    'thing',
    'legacy-ui',
    'legacy-u%69',
    '%6cegacy-ui',
    'analytics',
    'git.json',
    '..',
    '.',
    '%2e%2e',
    '%2E',
    '..;',
    ';a=b',
    '%2f',
    '%5C',
    '%00',
    '%41b',
    '%zz',
    '%',
    '~x-_',
    '%C3%BC',
    '',
  ];
  const prefixes = [
    '/riot-core-services/api/',
    '/legacy-ui/',
    '/analytics/',
    '/git.json',
    '/',
    '/%72iot-core-services/',
  ];
  const queries = ['', '?a=1', '?where=name%3D%27x%27', '?x=..%2f&y=;', '?'];
  const headerPool: [string, string][] = [
    ['Connection', 'X-Secret'],
    ['X-Secret', 'client'],
    ['Keep-Alive', 'timeout=1'],
    ['TE', 'trailers'],
    ['Upgrade', 'websocket'],
    ['Expect', '100-continue'],
    ['X-Forwarded-For', '198.51.100.7'],
    ['X-Forwarded-Host', 'evil.example'],
    ['X-Forwarded-Proto', 'https'],
    ['Forwarded', 'for=198.51.100.7'],
    ['Cookie', 'RIOT_TK=t1'],
    ['Cookie', 'XSRF-TOKEN=x1'],
    ['token', 'tok'],
    ['Proxy-Connection', 'keep-alive'],
    ['Host', 'second.example'],
  ];
  const requestArbitrary = fc.record({
    method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
    prefix: fc.constantFrom(...prefixes),
    segments: fc.array(fc.constantFrom(...pieces), { maxLength: 4 }),
    query: fc.constantFrom(...queries),
    headers: fc.subarray(headerPool),
    body: fc.constantFrom('', 'hello', 'GET /admin HTTP/1.1\r\nHost: evil\r\n\r\n'),
    // how the client frames its body: every way a smuggler would, and the honest ones; the bytes
    // on the wire always say where this request ends (a parser that disagrees is what is tested)
    framing: fc.constantFrom('none', 'length', 'chunked', 'length and chunked', 'two lengths'),
  });

  function framed(framing: string, body: string): { headers: string; bytes: string } {
    const length = Buffer.byteLength(body);
    const chunked = `${length > 0 ? `${length.toString(16)}\r\n${body}\r\n` : ''}0\r\n\r\n`;
    switch (framing) {
      case 'length':
        return { headers: `Content-Length: ${length}\r\n`, bytes: body };
      case 'chunked':
        return { headers: 'Transfer-Encoding: chunked\r\n', bytes: chunked };
      case 'length and chunked':
        return {
          headers: `Content-Length: ${length}\r\nTransfer-Encoding: chunked\r\n`,
          bytes: chunked,
        };
      case 'two lengths':
        return {
          headers: `Content-Length: ${length}\r\nContent-Length: ${length + 3}\r\n`,
          bytes: body,
        };
      default:
        return { headers: '', bytes: '' };
    }
  }

  it('holds for 150 random requests, sent one after another through kept-alive connections', async () => {
    let answered = 0;
    const sent = new Map<number, { method: string; bodyLength: number }>();
    await fc.assert(
      fc.asyncProperty(requestArbitrary, async (request) => {
        const path = `${request.prefix}${request.segments.join('/')}${request.query}`;
        const lines = request.headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
        const body = framed(request.framing, request.body);
        const head = `${request.method} ${path} HTTP/1.1\r\n${request.headers.some(([name]) => name === 'Host') ? '' : 'Host: console.example\r\n'}${lines}${body.headers}Connection: close\r\n\r\n`;
        const before = [platform.requests.length, legacy.requests.length] as const;
        const result = await exchange(proxy.url, `${head}${body.bytes}`, {
          head: request.method === 'HEAD',
          timeoutMs: 4000,
        });
        const late = [...platform.requests.slice(before[0]), ...legacy.requests.slice(before[1])];
        const arrived = late.length;
        // one client request, at most one request behind the proxy
        expect(arrived).toBeLessThanOrEqual(1);
        const answer = result.responses[0];
        const seq = answer ? header(answer, 'x-recorder-seq') : undefined;
        if (seq !== undefined) {
          answered += 1;
          const recorded = late.find((entry) => entry.seq === Number(seq));
          expect(recorded).toBeDefined();
          // the body the platform read is the one the client sent, no more, no less
          if (request.framing === 'length' || request.framing === 'chunked')
            expect(recorded!.body.toString()).toBe(request.body);
          sent.set(answered, { method: request.method, bodyLength: recorded!.body.length });
          // framing: what the platform read as the body is exactly its declared length
          const length = header(recorded!, 'content-length');
          if (length !== undefined) expect(recorded!.body.length).toBe(Number(length));
          const dropped = [
            'keep-alive',
            'te',
            'upgrade',
            'expect',
            'forwarded',
            'proxy-connection',
          ];
          if (
            request.headers.some(([name, value]) => name === 'Connection' && value === 'X-Secret')
          )
            dropped.push('x-secret');
          for (const name of dropped) expect(header(recorded!, name), name).toBeUndefined();
          expect(header(recorded!, 'x-forwarded-for')).toBe('127.0.0.1');
          const forwardedPath = recorded!.target.split('?')[0]!;
          expect(forwardedPath).not.toMatch(/(^|\/)\.\.?(\/|$)|%2F|%5C|%00|;|\\/i);
          if (request.method === 'GET' || request.method === 'HEAD')
            expect(recorded!.body.length).toBe(0);
        } else {
          expect(
            arrived,
            `${answer?.start.join(' ')} ${answer?.body.toString()} / ${late.map((entry) => `${entry.method} ${entry.target} ${entry.body.toString()}`).join(' | ')}`,
          ).toBe(0);
        }
      }),
      { numRuns: 150 },
    );
    // every request that arrived was answered to its own client, and none is left half-framed
    expect(platform.requests.length + legacy.requests.length).toBe(answered);
    expect(answered).toBeGreaterThan(10);
  }, 120_000);
});

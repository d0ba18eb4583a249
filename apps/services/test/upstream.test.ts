// Upstream mode: real HTTP through the reverse proxy, to a real Portico playing the
// platform and to an echo server that shows what the platform receives.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInMemoryServices, parseUpstreamUrl, startUpstreamServer } from '../src/index.ts';
import type { InMemoryServices, UpstreamServer } from '../src/index.ts';
import { listen } from '../src/listen.ts';
import type { Listening } from '../src/listen.ts';

const API = '/riot-core-services/api';
let dir: string;
let platform: InMemoryServices;
let platformServer: Listening;
let echo: Server;
let echoUrl: string;
let viaPlatform: UpstreamServer;
let viaEcho: UpstreamServer;
let toNowhere: UpstreamServer;
let deadPort: number;
const logs: string[] = [];

function echoHandler(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://echo');
  if (url.pathname.endsWith('/slow-headers')) return; // never answers
  if (url.pathname.endsWith('/stream')) {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.write('first;');
    // the rest only once the client has seen the first chunk (it asks for it with ?go)
    const finish = setInterval(() => {
      if ((globalThis as { releaseStream?: boolean }).releaseStream) {
        clearInterval(finish);
        response.end('last');
      }
    }, 5);
    return;
  }
  if (url.pathname.endsWith('/cookies')) {
    response.writeHead(302, {
      location: `${echoUrl}/base/riot-core-services/api/landing`,
      'set-cookie': [
        'a=1; Domain=platform.example; Path=/; HttpOnly',
        'b=2; Path=/; domain=.platform.example',
      ],
    });
    response.end();
    return;
  }
  let size = 0;
  request.on('data', (chunk: Buffer) => (size += chunk.length));
  request.on('end', () => {
    response.writeHead(201, {
      'content-type': 'application/json',
      'x-echo': 'yes',
      connection: 'keep-alive',
    });
    response.end(
      JSON.stringify({ method: request.method, url: request.url, headers: request.headers, size }),
    );
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-upstream-'));
  const consoleDir = join(dir, 'console');
  mkdirSync(consoleDir);
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
  platform = await createInMemoryServices({ log: () => undefined });
  platformServer = await listen(platform.app, '127.0.0.1', 0);
  echo = createServer(echoHandler);
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  // a port that was free a moment ago: nothing listens there
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  deadPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const log = (line: string) => logs.push(line);
  viaPlatform = await startUpstreamServer({
    host: '127.0.0.1',
    port: 0,
    platformUrl: platformServer.url,
    consoleDir,
    log,
  });
  viaEcho = await startUpstreamServer({
    host: '127.0.0.1',
    port: 0,
    platformUrl: `${echoUrl}/base/`,
    legacyUiUrl: `${echoUrl}/old-ui/`,
    consoleDir,
    timeoutMs: 400,
    log,
  });
  toNowhere = await startUpstreamServer({
    host: '127.0.0.1',
    port: 0,
    platformUrl: `http://127.0.0.1:${deadPort}`,
    consoleDir,
    log,
  });
});

afterAll(async () => {
  await Promise.all([
    viaPlatform.close(),
    viaEcho.close(),
    toNowhere.close(),
    platformServer.close(),
  ]);
  await new Promise<void>((resolve) => echo.close(() => resolve()));
  await platform.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('upstream mode: the console in front of a platform it does not own', () => {
  it('a session works end to end through the proxy: login, whoami, a cookie-authenticated write with its XSRF header', async () => {
    const login = await fetch(`${viaPlatform.url}${API}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'demo' }),
    });
    expect(login.status).toBe(200);
    const { token, username } = (await login.json()) as { token: string; username: string };
    expect(username).toBe('admin');
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    expect(xsrf).toBeTruthy();
    const whoami = await fetch(`${viaPlatform.url}${API}/user/whoami`, { headers: { token } });
    expect(whoami.status).toBe(200);
    expect(((await whoami.json()) as { username: string }).username).toBe('admin');
    // the token in a cookie: a write needs the XSRF header, which the proxy passes through
    const cookie = `RIOT_TK=${token}; XSRF-TOKEN=${xsrf}`;
    const types = (await (
      await fetch(`${viaPlatform.url}${API}/zoneType?pageSize=1`, { headers: { token } })
    ).json()) as { results: { id: number }[] };
    const body = JSON.stringify({ name: 'Through the proxy', zoneTypeId: types.results[0]!.id });
    const refused = await fetch(`${viaPlatform.url}${API}/zone`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'Missing or invalid X-XSRF-TOKEN header' });
    const accepted = await fetch(`${viaPlatform.url}${API}/zone`, {
      method: 'POST',
      headers: { cookie, 'x-xsrf-token': xsrf!, 'content-type': 'application/json' },
      body,
    });
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toMatchObject({ name: 'Through the proxy' });
    expect((await fetch(`${viaPlatform.url}${API}/user/whoami`)).status).toBe(401);
  });

  it('forwards method, path, query, body and headers; adds X-Forwarded-*; drops hop-by-hop headers both ways', async () => {
    const payload = 'x'.repeat(3 * 1024 * 1024); // larger than the services' own 1 MiB limit: the platform decides
    const response = await fetch(`${viaEcho.url}${API}/thing/7?a=1&b=two`, {
      method: 'PATCH',
      headers: {
        token: 'tok',
        'x-xsrf-token': 'xs',
        cookie: 'XSRF-TOKEN=xs; other=1',
        'x-forwarded-for': '203.0.113.9',
        'content-type': 'text/plain',
      },
      body: payload,
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-echo')).toBe('yes');
    const seen = (await response.json()) as {
      method: string;
      url: string;
      size: number;
      headers: Record<string, string>;
    };
    expect(seen).toMatchObject({
      method: 'PATCH',
      url: `/base${API}/thing/7?a=1&b=two`,
      size: payload.length,
    });
    expect(seen.headers).toMatchObject({
      token: 'tok',
      'x-xsrf-token': 'xs',
      cookie: 'XSRF-TOKEN=xs; other=1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': new URL(viaEcho.url).host,
    });
    // the client is no trusted proxy: its own X-Forwarded-For is not passed on
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers.host).toBe(new URL(echoUrl).host);
  });

  it("a 20 MB body gets the platform's own 413, not a 502, and the next request works", async () => {
    const { token } = (await (
      await fetch(`${viaPlatform.url}${API}/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'demo' }),
      })
    ).json()) as { token: string };
    const large = await fetch(`${viaPlatform.url}${API}/zone`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: `{"name":"${'x'.repeat(20 * 1024 * 1024)}"}`,
    });
    expect(large.status, logs.join('\n')).toBe(413);
    expect(await large.json()).toMatchObject({ error: 'Request body too large' });
    const after = await fetch(`${viaPlatform.url}${API}/user/whoami`, { headers: { token } });
    expect(after.status).toBe(200);
  });

  it('streams the answer: the first chunk arrives before the platform has finished', async () => {
    const response = await fetch(`${viaEcho.url}${API}/stream`);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first;');
    (globalThis as { releaseStream?: boolean }).releaseStream = true;
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('last');
  });

  it("keeps every Set-Cookie (without the platform's Domain) and rewrites redirects to the platform into this origin", async () => {
    const response = await fetch(`${viaEcho.url}${API}/cookies`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/']);
    expect(response.headers.get('location')).toBe(`${API}/landing`);
  });

  it('forwards /legacy-ui/ to LEGACY_UI_URL and /git.json and /analytics/ to the platform', async () => {
    const legacy = (await (await fetch(`${viaEcho.url}/legacy-ui/assets/app.js?v=2`)).json()) as {
      url: string;
    };
    expect(legacy.url).toBe('/old-ui/assets/app.js?v=2');
    expect(((await (await fetch(`${viaEcho.url}/git.json`)).json()) as { url: string }).url).toBe(
      '/base/git.json',
    );
    expect(
      (
        (await (
          await fetch(`${viaEcho.url}/analytics/e/`, { method: 'POST', body: '{}' })
        ).json()) as { url: string }
      ).url,
    ).toBe('/base/analytics/e/');
    const version = await fetch(`${viaPlatform.url}/git.json`);
    // the platform answers its version (with the real platform's fields beside ours)
    expect(await version.json()).toMatchObject(platform.context.version);
  });

  it('serves the console itself, with its CSP, and answers unknown non-GET paths with a JSON 404', async () => {
    const page = await fetch(`${viaPlatform.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('console');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const other = await fetch(`${viaPlatform.url}/nothing-here`, { method: 'POST' });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: 'Not found' });
  });

  it('a platform that is down answers 502 with a clear JSON error; one that is silent, 504', async () => {
    const down = await fetch(`${toNowhere.url}${API}/user/whoami`);
    expect(down.status).toBe(502);
    // the answer names no internal address; the log does
    expect(await down.json()).toEqual({ error: 'The platform could not be reached' });
    const silent = await fetch(`${viaEcho.url}${API}/slow-headers`);
    expect(silent.status).toBe(504);
    expect(await silent.json()).toEqual({ error: 'The platform did not answer within 0.4 s' });
    expect(
      logs.some((line) =>
        line.includes(`The platform (http://127.0.0.1:${deadPort}) unreachable (ECONNREFUSED)`),
      ),
    ).toBe(true);
    expect(logs.some((line) => line.includes(`(${echoUrl}) did not answer within 0.4 s`))).toBe(
      true,
    );
  });

  it.each([
    ['', /absolute http\(s\) URL/],
    ['platform.example', /absolute http\(s\) URL/],
    ['ftp://platform.example', /http or https/],
    ['https://user:pw@platform.example', /credentials/],
    ['https://platform.example/?x=1', /query or fragment/],
  ])('PLATFORM_URL %j is refused with a clear message', (value, message) => {
    expect(() => parseUpstreamUrl('PLATFORM_URL', value)).toThrow(message);
  });
});

import { versionSerial } from '../src/presenters/version-json.ts';
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from './helpers.ts';
import { SERVICES_VERSION } from '../src/index.ts';
import { negotiateEncoding } from '../src/static/static-files.ts';
import type { TestClient } from './helpers.ts';

let dir: string;
let client: TestClient;
let missing: TestClient;
const ORIGIN = 'http://portico.test';
/** What the process that starts the services (scripts/start.ts) hands them. */
const SERVICES_BUILD = { displayVersion: 'v3', commit: 'c3', date: '2024-01-03T00:00:00Z' };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-static-'));
  const consoleDir = join(dir, 'console');
  const legacyDir = join(dir, 'legacy');
  mkdirSync(join(consoleDir, 'assets'), { recursive: true });
  mkdirSync(join(consoleDir, 'extra'), { recursive: true });
  mkdirSync(join(legacyDir, 'extra'), { recursive: true });
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
  // the pre-rendered sign-in pages of two languages (English is left out: index.html stands in)
  mkdirSync(join(consoleDir, 'sign-in'));
  writeFileSync(
    join(consoleDir, 'sign-in', 'es.html'),
    '<!doctype html><title>Iniciar sesión</title>',
  );
  writeFileSync(join(consoleDir, 'sign-in', 'it.html'), '<!doctype html><title>Accedi</title>');
  writeFileSync(join(consoleDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(
    join(consoleDir, 'assets', 'big-def456.js'),
    `export const data = ${JSON.stringify('portico '.repeat(2000))};`,
  );
  writeFileSync(
    join(consoleDir, 'extra', 'git.json'),
    JSON.stringify({ displayVersion: 'v1', commit: 'c1', date: '2024-01-01' }),
  );
  writeFileSync(join(legacyDir, 'index.html'), '<!doctype html><title>legacy</title>');
  writeFileSync(
    join(legacyDir, 'extra', 'git.json'),
    JSON.stringify({ displayVersion: 'v2', commit: 'c2', date: '2024-01-02' }),
  );
  writeFileSync(join(dir, 'secret.txt'), 'secret');
  client = await createTestClient({
    seed: false,
    consoleDir,
    legacyUiDir: legacyDir,
    version: SERVICES_BUILD,
  });
  missing = await createTestClient({ seed: false, consoleDir: join(dir, 'nope') });
});
afterAll(async () => {
  await client.services.close();
  await missing.services.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (c: TestClient, path: string, headers: Record<string, string> = {}) =>
  c.services.fetch(new Request(`${ORIGIN}${path}`, { headers }));

describe("the console's start page", () => {
  it.each<[string, Record<string, string>, string]>([
    ['Spanish asked for', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' }, 'Iniciar sesión'],
    ['Italian preferred by weight', { 'accept-language': 'en;q=0.3, it-CH' }, 'Accedi'],
    ['no language asked for: English', {}, 'console'],
    ['a language the build has no page for', { 'accept-language': 'fr-CA' }, 'console'],
    [
      'a session cookie: the page that loads the console at once',
      { 'accept-language': 'es', cookie: 'RIOT_TK=%7B%22token%22%3A%22t%22%7D' },
      'console',
    ],
  ])('%s', async (_case, headers, title) => {
    const response = await get(client, '/', headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain(`<title>${title}</title>`);
    expect(response.headers.get('vary')).toContain('Accept-Language, Cookie');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('revalidates each page by its own ETag', async () => {
    const spanish = await get(client, '/', { 'accept-language': 'es' });
    const italian = await get(client, '/', { 'accept-language': 'it' });
    const etag = spanish.headers.get('etag') ?? '';
    expect(etag).not.toBe(italian.headers.get('etag'));
    expect(
      (await get(client, '/', { 'accept-language': 'es', 'if-none-match': etag })).status,
    ).toBe(304);
    expect(
      (await get(client, '/', { 'accept-language': 'it', 'if-none-match': etag })).status,
    ).toBe(200);
  });

  it('serves the pages only at the root, and the files themselves by their path', async () => {
    const explicit = await get(client, '/index.html', { 'accept-language': 'es' });
    expect(await explicit.text()).toContain('<title>console</title>');
    expect(explicit.headers.get('vary') ?? '').not.toContain('Accept-Language');
    const page = await get(client, '/sign-in/it.html');
    expect(await page.text()).toContain('<title>Accedi</title>');
  });
});

describe('static hosting', () => {
  it('serves index.html with no-cache, ETag, Last-Modified, CSP and 304s', async () => {
    const response = await get(client, '/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('console');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect((await get(client, '/index.html', { 'if-none-match': etag })).status).toBe(304);
    const lastModified = response.headers.get('last-modified') ?? '';
    expect((await get(client, '/', { 'if-modified-since': lastModified })).status).toBe(304);
  });

  it('serves a rebuilt index.html without restart (new ETag)', async () => {
    const first = (await get(client, '/')).headers.get('etag');
    const file = join(dir, 'console', 'index.html');
    writeFileSync(file, '<!doctype html><title>console v2</title>');
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    const second = await get(client, '/', { 'if-none-match': first ?? '' });
    expect(second.status).toBe(200);
    expect(await second.text()).toContain('v2');
  });

  it('caches hashed assets immutably', async () => {
    const response = await get(client, '/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
  });

  it('serves the legacy UI and the three git.json files', async () => {
    expect(await (await get(client, '/legacy-ui/')).text()).toContain('legacy');
    expect((await get(client, '/legacy-ui')).status).toBe(301);
    expect(await (await get(client, '/extra/git.json')).json()).toMatchObject({ commit: 'c1' });
    expect(await (await get(client, '/legacy-ui/extra/git.json')).json()).toMatchObject({
      commit: 'c2',
    });
    // spec §3's fields, and the platform's git-info.sh fields beside them, at both paths
    const platformFields = {
      ...SERVICES_BUILD,
      branch: '',
      tag: SERVICES_BUILD.displayVersion,
      serial: versionSerial(SERVICES_BUILD.date),
      marketingVersion: SERVICES_VERSION,
    };
    expect(await (await get(client, '/git.json')).json()).toEqual(platformFields);
    expect(await (await get(client, '/riot-core-services/git.json')).json()).toEqual(
      platformFields,
    );
  });

  it.each([
    ['2026-11-26T18:18:31Z', '2026.Nov.26.18:18:31'],
    ['2024-02-03T04:05:06Z', '2024.Feb.03.04:05:06'],
    ['not a date', ''],
  ])('the serial of %s is %s (git-info.sh: year, month, day, time)', (date, serial) => {
    expect(versionSerial(date)).toBe(serial);
  });

  it('without a version handed in, /git.json names the version number and an unknown commit', async () => {
    const services = (await (await get(missing, '/git.json')).json()) as Record<string, string>;
    expect(Object.keys(services).sort()).toEqual([
      'branch',
      'commit',
      'date',
      'displayVersion',
      'marketingVersion',
      'serial',
      'tag',
    ]);
    expect(services).toMatchObject({ displayVersion: `v${SERVICES_VERSION}`, commit: 'unknown' });
    expect(Number.isNaN(Date.parse(services.date ?? ''))).toBe(false);
  });

  it('never serves outside the directory', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/legacy-ui/..%2f..%2fsecret.txt',
      '/%00',
    ]) {
      const response = await get(client, path);
      expect(response.status, path).toBe(404);
    }
  });

  it('answers 503 with a clear message when the console is not built', async () => {
    const response = await get(missing, '/');
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('The console has not been built: run npm start');
    expect((await get(missing, '/legacy-ui/')).status).toBe(503);
  });

  it('API responses are no-store and nosniff', async () => {
    const response = await get(client, '/riot-core-services/api/user/whoami');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('compression of static files', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['*', 'br'],
    [undefined, undefined],
  ])('Accept-Encoding %s -> %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('serves a large script brotli- or gzip-encoded, with its own ETag and Vary, and 304s on it', async () => {
    const original = `export const data = ${JSON.stringify('portico '.repeat(2000))};`;
    const br = await get(client, '/assets/big-def456.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(original);
    const gz = await get(client, '/assets/big-def456.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(original);
    expect(gz.headers.get('etag')).not.toBe(br.headers.get('etag'));
    expect(
      (
        await get(client, '/assets/big-def456.js', {
          'accept-encoding': 'gzip',
          'if-none-match': gz.headers.get('etag')!,
        })
      ).status,
    ).toBe(304);
    const plain = await get(client, '/assets/big-def456.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(original);
  });

  it('leaves small files alone', async () => {
    const small = await get(client, '/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});

describe('common headers on error answers', () => {
  let seeded: TestClient;
  beforeAll(async () => {
    seeded = await createTestClient();
  });
  afterAll(() => seeded.services.close());

  // The common headers are set before the handler runs (see src/app.ts); error answers, whether
  // thrown by a handler, by a middleware or by the router, must carry them as well.
  it.each([
    [
      '401 from the authentication middleware',
      'GET',
      '/riot-core-services/api/user/whoami',
      undefined,
      401,
    ],
    ['404 from the API fallback', 'GET', '/riot-core-services/api/no-such-thing', 'token', 404],
    ['400 thrown by a handler', 'GET', '/riot-core-services/api/thing?pageSize=0', 'token', 400],
    ['413 from the body limit', 'POST', '/riot-core-services/api/zone', 'token', 413],
  ])(
    '%s carries nosniff, no-store and the XSRF cookie',
    async (_name, method, path, auth, status) => {
      const { token } = await seeded.login('admin');
      const response = await seeded.call(method, `http://portico.test${path}`, {
        ...(auth ? { token } : {}),
        ...(method === 'POST'
          ? {
              rawBody: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
              headers: { 'content-type': 'application/json' },
            }
          : {}),
      });
      expect(response.status).toBe(status);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
    },
  );
});

// The frame kit at /portico-kit/ and the plain legacy example at /legacy-plain/.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let dir: string;
let client: TestClient;
let unbuilt: TestClient;
const ORIGIN = 'http://portico.test';
const VERSIONED = 'portico-frame.0123456789ab.js';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-kit-'));
  const kitDir = join(dir, 'kit');
  const plainDir = join(dir, 'plain');
  mkdirSync(join(kitDir, 'esm'), { recursive: true });
  mkdirSync(plainDir, { recursive: true });
  const script = `var PorticoFrame=(()=>({connect(){}}))();${' '.repeat(2000)}`;
  writeFileSync(join(kitDir, 'portico-frame.js'), script);
  writeFileSync(join(kitDir, VERSIONED), script);
  writeFileSync(join(kitDir, `${VERSIONED}.map`), '{"version":3}');
  writeFileSync(join(kitDir, 'kit.json'), JSON.stringify({ file: VERSIONED }));
  writeFileSync(join(kitDir, 'esm', 'index.js'), 'export {}');
  writeFileSync(
    join(plainDir, 'index.html'),
    '<!doctype html><title>plain</title><script src="/portico-kit/portico-frame.js"></script>',
  );
  client = await createTestClient({ seed: false, kitDir, legacyPlainDir: plainDir });
  unbuilt = await createTestClient({
    seed: false,
    kitDir: join(dir, 'nope'),
    legacyPlainDir: join(dir, 'nope'),
  });
});
afterAll(async () => {
  await client.services.close();
  await unbuilt.services.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (c: TestClient, path: string, init: RequestInit = {}) =>
  c.services.fetch(new Request(`${ORIGIN}${path}`, init));

describe('the frame kit at /portico-kit/', () => {
  it('serves portico-frame.js as JavaScript with a short cache, loadable from any origin', async () => {
    const response = await get(client, '/portico-kit/portico-frame.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('PorticoFrame');
    const etag = response.headers.get('etag') ?? '';
    expect(
      (await get(client, '/portico-kit/portico-frame.js', { headers: { 'if-none-match': etag } }))
        .status,
    ).toBe(304);
    expect((await get(client, '/portico-kit/portico-frame.js', { method: 'HEAD' })).status).toBe(
      200,
    );
  });

  it('serves the versioned copy, its map and kit.json; the versioned files are immutable for a year', async () => {
    const versioned = await get(client, `/portico-kit/${VERSIONED}`);
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await versioned.text()).toBe(
      await (await get(client, '/portico-kit/portico-frame.js')).text(),
    );
    expect(
      (await get(client, `/portico-kit/${VERSIONED}.map`)).headers.get('cache-control'),
    ).toContain('immutable');
    const manifest = await get(client, '/portico-kit/kit.json');
    expect(manifest.headers.get('content-type')).toContain('application/json');
    expect(manifest.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    expect(await manifest.json()).toEqual({ file: VERSIONED });
  });

  it.each(['esm/index.js', 'portico-frame.xyz.js', '..%2Fplain%2Findex.html', 'kit', ''])(
    'answers /portico-kit/%s with a JSON 404',
    async (name) => {
      const response = await get(client, `/portico-kit/${name}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({
        error: expect.stringContaining('/portico-kit/portico-frame.js'),
      });
    },
  );

  it('a kit that was never built is a 404, not a 500', async () => {
    expect((await get(unbuilt, '/portico-kit/portico-frame.js')).status).toBe(404);
  });
});

describe('the plain legacy example at /legacy-plain/', () => {
  it('serves its pages with the HTML security headers (CSP without unsafe-inline scripts, frame-ancestors self)', async () => {
    const response = await get(client, '/legacy-plain/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('/portico-kit/portico-frame.js');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('redirects /legacy-plain to /legacy-plain/ and says 503 when its directory is missing', async () => {
    const redirect = await get(client, '/legacy-plain');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/legacy-plain/');
    expect((await get(unbuilt, '/legacy-plain/')).status).toBe(503);
  });
});

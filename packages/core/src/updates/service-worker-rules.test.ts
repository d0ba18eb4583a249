import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as ServiceWorkerRules from './service-worker-rules.ts';

describe('spec §7/§9 constants', () => {
  it('names the script, the delays and the §8 message', () => {
    expect(ServiceWorkerRules.SERVICE_WORKER_SCRIPT).toBe('ngsw-worker.js');
    expect(ServiceWorkerRules.SERVICE_WORKER_REGISTRATION_DELAY_MS).toBe(30_000);
    expect(ServiceWorkerRules.UPDATE_CHECK_INTERVAL_MS).toBe(21_600_000);
    expect(ServiceWorkerRules.SERVICE_WORKER_UNSUPPORTED_MESSAGE).toBe(
      'Service workers are disabled or not supported by this browser',
    );
  });
});

describe('spec §7 "Its scope is the current page path, or / if empty"', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/index.html', '/'],
    ['/console/', '/console/'],
    ['/console/index.html', '/console/'],
    ['/a/b/c', '/a/b/'],
    ['relative', '/'],
  ])('%j → %j', (pathname, scope) => {
    expect(ServiceWorkerRules.serviceWorkerScope(pathname)).toBe(scope);
  });
});

describe('precache versions and cache names', () => {
  const entries = [
    { url: 'index.html', revision: 'r1' },
    { url: 'assets/index-abc.js', revision: null },
    { url: 'favicon.svg' },
  ];

  it('is 8 hex digits, independent of order, changed by any revision', () => {
    const version = ServiceWorkerRules.precacheVersion(entries);
    expect(version).toMatch(/^[0-9a-f]{8}$/);
    expect(ServiceWorkerRules.precacheVersion([...entries].reverse())).toBe(version);
    expect(
      ServiceWorkerRules.precacheVersion([
        { url: 'index.html', revision: 'r2' },
        ...entries.slice(1),
      ]),
    ).not.toBe(version);
    expect(ServiceWorkerRules.precacheName(version)).toBe(
      `${ServiceWorkerRules.PRECACHE_PREFIX}${version}`,
    );
  });

  it('spec §4 "Startup: every browser cache is deleted", except the worker\'s precaches', () => {
    expect(
      ServiceWorkerRules.cachesToDeleteAtStartup([
        'portico-precache-1',
        'other',
        'workbox-runtime',
        'portico-precache-2',
      ]),
    ).toEqual(['other', 'workbox-runtime']);
    expect(ServiceWorkerRules.cachesToDeleteAtStartup([])).toEqual([]);
  });

  it("an activated worker deletes the other versions' precaches only", () => {
    expect(
      ServiceWorkerRules.cachesToDeleteOnActivate(
        ['portico-precache-1', 'portico-precache-2', 'other'],
        'portico-precache-2',
      ),
    ).toEqual(['portico-precache-1']);
  });
});

describe('what the worker serves (never /riot-core-services/, /analytics/, /legacy-ui/, /git.json)', () => {
  const origin = 'https://console.example.com';
  const precached = (path: string) =>
    ['/index.html', '/assets/index-abc.js', '/favicon.svg'].includes(path);
  const route = (url: string, mode = 'cors', method = 'GET') =>
    ServiceWorkerRules.routeServiceWorkerRequest({
      url: parse(url),
      origin,
      mode,
      method,
      precached,
    });
  // core has no DOM typings: split the URL the way `new URL()` would for these absolute URLs
  function parse(url: string) {
    const [, urlOrigin = '', pathname = '/', search = ''] =
      /^(https?:\/\/[^/]+)([^?#]*)(\?[^#]*)?/.exec(url) ?? [];
    return { origin: urlOrigin, pathname: pathname || '/', search };
  }

  it.each([
    ['a hashed asset', `${origin}/assets/index-abc.js`, 'cors', 'GET', 'precache'],
    ['the favicon', `${origin}/favicon.svg`, 'no-cors', 'GET', 'precache'],
    ['a page load', `${origin}/`, 'navigate', 'GET', 'navigation'],
    ['a page load with a hash route', `${origin}/index.html?x=1`, 'navigate', 'GET', 'navigation'],
    ['the run-time configuration', `${origin}/portico.config.json`, 'cors', 'GET', 'config'],
    [
      'the version check of index.html (precached, yet never from the cache)',
      `${origin}/index.html`,
      'cors',
      'GET',
      'network',
    ],
    ['a precached file with a query', `${origin}/index.html?check=1`, 'cors', 'GET', 'network'],
    ['an unknown asset (newer build)', `${origin}/assets/index-new.js`, 'cors', 'GET', 'network'],
    ['the API', `${origin}/riot-core-services/api/user/whoami`, 'cors', 'GET', 'network'],
    ['analytics', `${origin}/analytics/e/`, 'cors', 'GET', 'network'],
    ['the legacy UI frame', `${origin}/legacy-ui/`, 'navigate', 'GET', 'network'],
    ['the services version', `${origin}/git.json?t=1`, 'cors', 'GET', 'network'],
    ['the UI version', `${origin}/extra/git.json?t=1`, 'cors', 'GET', 'network'],
    [
      'the demo identity provider (a page load, never the shell)',
      `${origin}/demo-idp/authorize?state=abc`,
      'navigate',
      'GET',
      'network',
    ],
    ['a write', `${origin}/assets/index-abc.js`, 'cors', 'POST', 'network'],
    ['another origin', 'https://cdn.example.com/assets/index-abc.js', 'cors', 'GET', 'network'],
  ])('%s → %s', (_case, url, mode, method, expected) => {
    expect(route(url, mode, method)).toBe(expected);
  });
});

describe('spec §4 service-worker events', () => {
  it('logs downloading, ready with both hashes, and an installation failure', () => {
    expect(ServiceWorkerRules.SERVICE_WORKER_EVENTS.downloading('abcd1234')).toContain('abcd1234');
    expect(ServiceWorkerRules.SERVICE_WORKER_EVENTS.downloading(null)).toBe(
      'A new version of the console is being downloaded.',
    );
    expect(ServiceWorkerRules.SERVICE_WORKER_EVENTS.ready('aaaa0000', 'bbbb1111')).toBe(
      'A new version of the console is ready: current version aaaa0000, new version bbbb1111.',
    );
    expect(ServiceWorkerRules.SERVICE_WORKER_EVENTS.ready(null, null)).toContain(
      'current version unknown, new version unknown',
    );
    expect(ServiceWorkerRules.SERVICE_WORKER_EVENTS.installationFailed('quota')).toContain('quota');
  });
});

describe('stale lazy chunk after a deploy: reload once, never in a loop', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'), true],
    [new TypeError('error loading dynamically imported module: https://x/assets/a.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    ['Unable to preload CSS for /assets/a.css', true],
    [new Error('Loading chunk 42 failed'), true],
    [new Error('Network request failed'), false],
    [{ message: 'Failed to fetch dynamically imported module' }, false],
    [undefined, false],
  ])('%s → %s', (error, expected) => {
    expect(ServiceWorkerRules.isStaleChunkError(error)).toBe(expected);
  });

  const now = 1_700_000_000_000;
  it('reloads when never reloaded or long ago, not again soon after', () => {
    expect(ServiceWorkerRules.shouldReloadForStaleChunk(null, now)).toBe(true);
    expect(ServiceWorkerRules.shouldReloadForStaleChunk(now - 1000, now)).toBe(false);
    expect(
      ServiceWorkerRules.shouldReloadForStaleChunk(
        now - ServiceWorkerRules.STALE_CHUNK_RELOAD_WINDOW_MS,
        now,
      ),
    ).toBe(true);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: ServiceWorkerRules.STALE_CHUNK_RELOAD_WINDOW_MS - 1 }),
        (elapsed) => {
          expect(ServiceWorkerRules.shouldReloadForStaleChunk(now, now + elapsed)).toBe(false);
        },
      ),
    );
  });
});

describe('serviceWorkerNetworkPathnames (static routes)', () => {
  it.each([
    ['/riot-core-services/api/user/whoami', true],
    ['/riot-core-services/api/thing', true],
    ['/legacy-ui/', true],
    ['/legacy-ui/assets/index-1.js', true],
    ['/analytics/capture', true],
    ['/git.json', true],
    ['/extra/git.json', true],
    ['/demo-idp/authorize', true],
    ['/', false],
    ['/index.html', false],
    ['/assets/index-1.js', false],
    ['/portico.config.json', false],
    ['/legacy-uix/', false],
    ['/git.json.bak', false],
    ['/demo-idpx/authorize', false],
  ])('%s goes straight to the network: %s', (pathname, expected) => {
    // the URL-pattern pathname syntax used here: a trailing * is any rest, the rest is literal
    const matches = ServiceWorkerRules.serviceWorkerNetworkPathnames().some((pattern) =>
      pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern,
    );
    expect(matches).toBe(expected);
    // and the fetch handler agrees: every path routed straight to the network is one it passes
    if (expected)
      expect(
        ServiceWorkerRules.routeServiceWorkerRequest({
          method: 'GET',
          url: { origin: 'https://console.example.com', pathname, search: '' },
          origin: 'https://console.example.com',
          mode: 'navigate',
          precached: () => true,
        }),
      ).toBe('network');
  });
});

// The console's service worker (spec §7: ngsw-worker.js at the site root), built by vite-plugin-pwa
// (injectManifest: the build's file list replaces self.__WB_MANIFEST). Decisions:
// - the shell (hashed assets, favicon, index.html, portico.config.json) is precached per build
//   version, so after the first visit the console starts with the network off;
// - page loads always go to the network (a reload lands on the newest index.html, and the version
//   check sees the server's answer); the precached index.html only serves when the network fails;
// - portico.config.json is network-first (the precached copy only offline);
// - /riot-core-services/, /analytics/, /legacy-ui/, /git.json and /extra/ are never touched;
// - a new version waits until the page asks it to take over (SKIP_WAITING), right before reloading.
// Routing decisions are core's (routeServiceWorkerRequest).
import {
  RUNTIME_CONFIG_PATH,
  SHELL_PATH,
  cachesToDeleteOnActivate,
  precacheName,
  precacheVersion,
  routeServiceWorkerRequest,
  serviceWorkerNetworkPathnames,
  type PrecacheEntry,
} from '@portico/core';

// The console's TypeScript program has the DOM library, not WebWorker: the few worker types used.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
/** The ServiceWorker Static Routing API's part of the install event (Chromium 123 and later). */
interface InstallEvent extends ExtendableEvent {
  addRoutes?(
    rules: Array<{ condition: { urlPattern: unknown }; source: 'network' }>,
  ): Promise<void>;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}
interface WorkerClient {
  postMessage(message: unknown): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options?: { type?: string; includeUncontrolled?: boolean }): Promise<WorkerClient[]>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
  __WB_MANIFEST: PrecacheEntry[];
}

declare const self: WorkerScope;

const manifest: PrecacheEntry[] = self.__WB_MANIFEST;
const VERSION = precacheVersion(manifest);
const CACHE = precacheName(VERSION);
const origin = self.location.origin;
const entries = new Map(
  manifest.map((entry) => [new URL(entry.url, self.location.href).pathname, entry]),
);
const keyOf = (path: string) => new URL(path, origin).href;

async function precacheOne(cache: Cache, path: string, entry: PrecacheEntry): Promise<void> {
  // a hashed file (no revision) is the same in every build: reuse an older version's copy
  if (!entry.revision) {
    const existing = await caches.match(keyOf(path));
    if (existing) return cache.put(keyOf(path), existing);
  }
  const response = await fetch(
    new Request(keyOf(path), { cache: 'no-cache', credentials: 'same-origin' }),
  );
  if (!response.ok) throw new Error(`precaching ${path} failed: HTTP ${response.status}`);
  await cache.put(keyOf(path), response);
}

/**
 * The paths the worker never serves (the API, the legacy UI, analytics, version files) go to the
 * network without waking the worker, where the browser can; elsewhere the fetch
 * handler below passes them as before.
 */
function addNetworkRoutes(event: InstallEvent): void {
  const Pattern = (globalThis as { URLPattern?: new (init: object) => unknown }).URLPattern;
  if (typeof event.addRoutes !== 'function' || !Pattern) return;
  const { protocol, hostname, port } = self.location;
  const rules = serviceWorkerNetworkPathnames().map((pathname) => ({
    condition: {
      urlPattern: new Pattern({ protocol: protocol.replace(/:$/, ''), hostname, port, pathname }),
    },
    source: 'network' as const,
  }));
  // a browser that refuses the rules still has the fetch handler: never fail the install for it
  event.waitUntil(event.addRoutes(rules).catch(() => undefined));
}

self.addEventListener('install', (event) => {
  addNetworkRoutes(event);
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all([...entries].map(([path, entry]) => precacheOne(cache, path, entry))),
      ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(cachesToDeleteOnActivate(names, CACHE).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
  if (data?.type === 'GET_VERSION') event.ports[0]?.postMessage({ version: VERSION });
});

/** Spec §8 "unrecoverable state": a file this version promised is neither cached nor reachable. */
async function unrecoverable(reason: string): Promise<Response> {
  const clients = await self.clients.matchAll({ type: 'window' });
  for (const client of clients) client.postMessage({ type: 'UNRECOVERABLE', reason });
  return Response.error();
}

async function fromCache(path: string): Promise<Response | undefined> {
  const cache = await caches.open(CACHE);
  return cache.match(keyOf(path));
}

async function navigation(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    return (
      (await fromCache(SHELL_PATH)) ??
      unrecoverable(`the console shell is not cached and the network failed (${String(error)})`)
    );
  }
}

async function networkFirst(request: Request, path: string): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      void caches.open(CACHE).then((cache) => cache.put(keyOf(path), copy));
    }
    return response;
  } catch (error) {
    const cached = await fromCache(path);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request: Request, path: string): Promise<Response> {
  const cached = await fromCache(path);
  if (cached) return cached;
  try {
    return await fetch(request);
  } catch {
    return unrecoverable(`${path} is missing from the cache and the network failed`);
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  const route = routeServiceWorkerRequest({
    method: request.method,
    url,
    origin,
    mode: request.mode,
    precached: (path) => entries.has(path),
  });
  if (route === 'navigation') event.respondWith(navigation(request));
  else if (route === 'config') event.respondWith(networkFirst(request, RUNTIME_CONFIG_PATH));
  else if (route === 'precache') event.respondWith(cacheFirst(request, url.pathname));
});

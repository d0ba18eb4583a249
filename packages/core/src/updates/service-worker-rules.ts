/**
 * Service-worker rules (spec §4 "Service worker update", "Startup", §7, §8, §9): the script and its
 * scope, what the worker may serve, which caches a startup clean-up keeps, and the stale-chunk
 * reload guard.
 */
import { hashString32 } from '../analytics/analytics-identity.ts';
import { DEMO_IDP_PREFIX } from '../session/oauth-return.ts';

/** Spec §7: the service-worker script, at the site root. */
export const SERVICE_WORKER_SCRIPT = 'ngsw-worker.js';

/** Spec §9: register when the app is stable, or after this many milliseconds at the latest. */
export const SERVICE_WORKER_REGISTRATION_DELAY_MS = 30_000;

/** Spec §9: the periodic update check interval (6 hours). */
export const UPDATE_CHECK_INTERVAL_MS = 21_600_000;

/** Spec §8: logged when service workers are disabled or unsupported. */
export const SERVICE_WORKER_UNSUPPORTED_MESSAGE =
  'Service workers are disabled or not supported by this browser';

/** Spec §8: the console warning of an unrecoverable service-worker state. */
export const SERVICE_WORKER_UNRECOVERABLE_MESSAGE =
  'The application reached an unrecoverable state (its cached files are no longer available). Please reload the page.';

/** Prefix of the worker's precache; one cache per build version. */
export const PRECACHE_PREFIX = 'portico-precache-';

/**
 * Paths the worker never serves nor caches: the platform API, the analytics host, the legacy UI,
 * the version files (always read from the network) and the demo identity provider's pages (a page
 * load there must never be answered with the console's shell).
 */
export const SERVICE_WORKER_BYPASS_PREFIXES: readonly string[] = [
  '/riot-core-services/',
  '/analytics/',
  '/legacy-ui/',
  '/git.json',
  '/extra/',
  DEMO_IDP_PREFIX,
];

/**
 * The bypassed paths as URL-pattern pathnames, for the worker's static routes (the ServiceWorker
 * Static Routing API): the browser sends these requests to the network without starting the
 * worker or dispatching a fetch event — the frame's page, its files and every API call.
 * A browser without the API dispatches them as before, and the fetch handler passes them.
 */
export function serviceWorkerNetworkPathnames(): string[] {
  return SERVICE_WORKER_BYPASS_PREFIXES.map((prefix) =>
    prefix.endsWith('/') ? `${prefix}*` : prefix,
  );
}

/** The shell page: always from the network (the version check reads it), the precached copy only offline. */
export const SHELL_PATH = '/index.html';

/** The run-time configuration: served network-first, the precached copy only offline. */
export const RUNTIME_CONFIG_PATH = '/portico.config.json';

/** Spec §7: the scope is the current page path (its directory), or `/` when empty. */
export function serviceWorkerScope(pathname: string): string {
  const directory = pathname.slice(0, pathname.lastIndexOf('/') + 1);
  return directory.startsWith('/') ? directory : '/';
}

/** One precache manifest entry as vite-plugin-pwa injects it. */
export interface PrecacheEntry {
  url: string;
  revision?: string | null;
}

/**
 * A build's version hash: the 32-bit hash of its precache manifest (URLs and revisions), as 8 hex
 * digits. Two workers with the same files have the same hash.
 */
export function precacheVersion(entries: readonly PrecacheEntry[]): string {
  const text = entries
    .map((entry) => `${entry.url}@${entry.revision ?? ''}`)
    .sort()
    .join('\n');
  return (hashString32(text) >>> 0).toString(16).padStart(8, '0');
}

/** The precache cache name of a build version. */
export function precacheName(version: string): string {
  return `${PRECACHE_PREFIX}${version}`;
}

/**
 * Spec §4 "Startup: every browser cache is deleted", except the service worker's precaches: they
 * are what lets the shell start with the network off, and the worker itself drops outdated ones
 * when a new version activates.
 */
export function cachesToDeleteAtStartup(names: readonly string[]): string[] {
  return names.filter((name) => !name.startsWith(PRECACHE_PREFIX));
}

/** On activation the worker deletes every other version's precache. */
export function cachesToDeleteOnActivate(names: readonly string[], own: string): string[] {
  return names.filter((name) => name.startsWith(PRECACHE_PREFIX) && name !== own);
}

/** How the worker answers one request. */
export type ServiceWorkerRoute = 'network' | 'navigation' | 'config' | 'precache';

/** The request facts the routing needs. */
export interface ServiceWorkerRequest {
  method: string;
  /** The request URL, parsed (`new URL(request.url)`). */
  url: { origin: string; pathname: string; search: string };
  /** The worker's origin. */
  origin: string;
  /** `request.mode` (`navigate` for a page load). */
  mode: string;
  /** Whether the path (without query) is in the precache. */
  precached: (path: string) => boolean;
}

/**
 * Routes one fetch: `network` (not handled: other origins, non-GET, the API, analytics, the legacy
 * UI, version files), `navigation` (network, the precached shell when offline), `config` (network
 * first, precached copy when offline), `precache` (cache first: hashed assets, the favicon).
 */
export function routeServiceWorkerRequest(request: ServiceWorkerRequest): ServiceWorkerRoute {
  const { url } = request;
  if (request.method !== 'GET') return 'network';
  if (url.origin !== request.origin) return 'network';
  if (SERVICE_WORKER_BYPASS_PREFIXES.some((prefix) => url.pathname.startsWith(prefix)))
    return 'network';
  if (request.mode === 'navigate') return 'navigation';
  if (url.pathname === RUNTIME_CONFIG_PATH) return 'config';
  // the version check's conditional GET of index.html must reach the server; a query means "this
  // exact resource", never a cached copy
  if (url.pathname !== SHELL_PATH && url.search === '' && request.precached(url.pathname))
    return 'precache';
  return 'network';
}

/** The console messages of the three service-worker events of spec §4. */
export const SERVICE_WORKER_EVENTS = {
  downloading: (version: string | null) =>
    `A new version of the console is being downloaded${version ? ` (${version})` : ''}.`,
  ready: (current: string | null, next: string | null) =>
    `A new version of the console is ready: current version ${current ?? 'unknown'}, new version ${next ?? 'unknown'}.`,
  installationFailed: (reason: string) =>
    `A new version of the console could not be installed: ${reason}`,
} as const;

/** How long after a stale-chunk reload another one is refused (no reload loop). */
export const STALE_CHUNK_RELOAD_WINDOW_MS = 60_000;

/** True for the error of a lazy chunk that is gone after a deploy (or unreachable). */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk [\w-]+ failed/i.test(
    message,
  );
}

/**
 * A stale lazy chunk reloads the page once: not again while the last such reload (a timestamp kept
 * in session storage) is younger than {@link STALE_CHUNK_RELOAD_WINDOW_MS}.
 */
export function shouldReloadForStaleChunk(lastReload: number | null, now: number): boolean {
  return lastReload === null || Math.abs(now - lastReload) >= STALE_CHUNK_RELOAD_WINDOW_MS;
}

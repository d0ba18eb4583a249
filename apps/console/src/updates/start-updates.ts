// Eager glue (a few hundred bytes in the sign-in bundle): the stale-chunk reload guard, and the
// navigation-end hook. Everything else is loaded once the app is stable (first render + idle), or
// after 30 s at the latest (spec §9).
import {
  SERVICE_WORKER_REGISTRATION_DELAY_MS,
  isStaleChunkError,
  parseTimestamp,
  shouldReloadForStaleChunk,
} from '@portico/core';
import type { UpdateService } from './update-service.ts';
import { browserSessionStorage } from '../session/browser-storage.ts';

/** A navigation's version and worker checks wait for an idle moment at most this long. */
const NAVIGATION_CHECK_LIMIT_MS = 1000;

/** Session-storage key of the last stale-chunk reload (one reload, never a loop). */
export const CHUNK_RELOAD_KEY = 'PORTICO_CHUNK_RELOAD';

interface RouterLike {
  state: { location: object; navigation: { state: string } };
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

/**
 * A lazy chunk that fails to load after a deploy (its file is gone) reloads the page once onto the
 * new build, like Outline's lazyWithRetry; a second failure soon after is left to the error screen.
 */
export function reloadOnStaleChunk(
  error: unknown,
  reload: () => void = () => location.reload(),
  now = Date.now(),
): boolean {
  if (!isStaleChunkError(error)) return false;
  let last: number | null = null;
  try {
    last = parseTimestamp(browserSessionStorage().getItem(CHUNK_RELOAD_KEY));
  } catch {
    return false; // no storage, no guard: never risk a loop
  }
  if (!shouldReloadForStaleChunk(last, now)) return false;
  browserSessionStorage().setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}

/**
 * Runs `callback` once the app is stable: the page loaded, `firstScreen` done (a session's console:
 * its first page and rows), then an idle moment; or after 30 s at the latest (spec §9).
 */
function whenStable(callback: () => void, firstScreen: Promise<unknown>): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  setTimeout(run, SERVICE_WORKER_REGISTRATION_DELAY_MS);
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(run, { timeout: SERVICE_WORKER_REGISTRATION_DELAY_MS })
      : setTimeout(run, 1000);
  const loaded = () => void firstScreen.then(idle, idle);
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
}

let service: UpdateService | null = null;
let started = false;
let isFrameModalOpen: () => boolean = () => false;

/**
 * Called once at boot (main.tsx, sign-in entry included): installs the stale-chunk guard and loads
 * the update service when the app is stable. Works without a router (the sign-in page).
 * `firstScreen`: a console opened with a session is stable only once its first screen is done (the
 * worker's precache fetches every file of the build, and would compete with the frame's page).
 */
export function startUpdates({
  firstScreen = Promise.resolve(),
}: { firstScreen?: Promise<unknown> } = {}): void {
  if (started) return;
  started = true;
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadOnStaleChunk(payload)) event.preventDefault();
  });
  whenStable(() => {
    import('./update-service.ts')
      .then(({ createUpdateService }) => {
        service = createUpdateService({
          isFrameModalOpen: () => isFrameModalOpen(),
          production: import.meta.env.PROD,
        });
      })
      .catch((error: unknown) => console.error('Failed to check for updates', error));
  }, firstScreen);
}

/**
 * Called by the composition root once the router and the frame exist: every finished navigation
 * runs the version check and the service-worker update check, and a frame modal makes a reload
 * unsafe. Returns the unsubscribe function.
 */
export function connectUpdates(app: {
  router: RouterLike;
  isFrameModalOpen(): boolean;
}): () => void {
  isFrameModalOpen = app.isFrameModalOpen;
  // every finished navigation yields a new location object (hash changes keep the key 'default')
  let lastLocation = app.router.state.location;
  // The checks start two requests (index.html, the worker script): they wait until the browser is
  // idle, so the frame gets the new route first. Quick navigations share one.
  let pending = false;
  const check = () => {
    pending = false;
    service?.onNavigationEnd();
  };
  return app.router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location === lastLocation) return;
    lastLocation = state.location;
    if (pending) return;
    pending = true;
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(check, { timeout: NAVIGATION_CHECK_LIMIT_MS });
    else setTimeout(check, 50);
  });
}

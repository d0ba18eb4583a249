// Spec §4 "Service worker update", §7, §8, §9 (production builds only): registers ngsw-worker.js,
// checks for updates when stable, every 6 hours and after every finished navigation, logs the three
// events, and reloads onto a ready version at the next safe moment (the new worker takes over first).
import {
  SERVICE_WORKER_EVENTS,
  SERVICE_WORKER_SCRIPT,
  SERVICE_WORKER_UNRECOVERABLE_MESSAGE,
  SERVICE_WORKER_UNSUPPORTED_MESSAGE,
  UPDATE_CHECK_FAILED_MESSAGE,
  UPDATE_CHECK_INTERVAL_MS,
  serviceWorkerScope,
} from '@portico/core';
import type { ReloadScheduler } from './reload-scheduler.ts';

export interface ServiceWorkerClient {
  /** Asks the browser to look for a new worker (after a navigation, every 6 h). */
  update(): void;
}

type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

/** Asks a worker for its version hash (the worker answers on the message port). */
function askVersion(
  worker: ServiceWorker | null | undefined,
  timeoutMs = 2000,
): Promise<string | null> {
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<{ version?: unknown }>) => {
      clearTimeout(timer);
      resolve(typeof event.data?.version === 'string' ? event.data.version : null);
    };
    worker.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
  });
}

export async function registerServiceWorker(deps: {
  scheduler: ReloadScheduler;
  logger?: Logger;
}): Promise<ServiceWorkerClient | null> {
  const logger = deps.logger ?? console;
  if (!('serviceWorker' in navigator) || !window.isSecureContext) {
    logger.warn(SERVICE_WORKER_UNSUPPORTED_MESSAGE);
    return null;
  }
  const { Workbox } = await import('workbox-window');
  const scriptUrl = new URL(`${import.meta.env.BASE_URL}${SERVICE_WORKER_SCRIPT}`, location.origin)
    .href;
  const wb = new Workbox(scriptUrl, { scope: serviceWorkerScope(location.pathname) });
  // A page no worker controlled yet runs no older version: a first worker claiming it (installed by
  // this or another tab) is not an update and must not reload it, least of all mid-sign-in.
  const hadController = navigator.serviceWorker.controller !== null;
  wb.addEventListener('waiting', (event) => {
    void Promise.all([askVersion(navigator.serviceWorker.controller), askVersion(event.sw)]).then(
      ([current, next]) => {
        logger.info(SERVICE_WORKER_EVENTS.ready(current, next));
        // the new worker takes over right before the reload, so the page reloads onto its precache
        deps.scheduler.request('service worker update', () => activateWaiting());
      },
    );
  });
  // another tab activated the new version: follow it at a safe moment
  wb.addEventListener('controlling', (event) => {
    if (hadController && (event.isUpdate || event.isExternal))
      deps.scheduler.request('service worker took over');
  });
  wb.addEventListener('message', (event) => {
    const data = event.data as { type?: unknown; reason?: unknown } | null;
    if (data?.type === 'UNRECOVERABLE')
      logger.warn(`${SERVICE_WORKER_UNRECOVERABLE_MESSAGE} (${String(data.reason)})`);
  });

  function activateWaiting(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, 3000);
      navigator.serviceWorker.addEventListener('controllerchange', done, { once: true });
      wb.messageSkipWaiting();
    });
  }

  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await wb.register({ immediate: true });
  } catch (error) {
    logger.error('Service worker registration failed:', error);
    return null;
  }
  // workbox-window has no event for a download starting, and stops reporting updates it judges
  // "external": the registration itself tells both
  registration?.addEventListener('updatefound', () => {
    const worker = registration?.installing;
    if (!worker || !navigator.serviceWorker.controller) return; // the first install is no update
    void askVersion(worker).then((version) =>
      logger.info(SERVICE_WORKER_EVENTS.downloading(version)),
    );
    let installed = false;
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' || worker.state === 'activated') installed = true;
      if (worker.state === 'redundant' && !installed)
        logger.error(
          SERVICE_WORKER_EVENTS.installationFailed('the new worker could not precache its files'),
        );
    });
  });

  const update = () => {
    wb.update().catch((error: unknown) => logger.error(UPDATE_CHECK_FAILED_MESSAGE, error));
  };
  setInterval(update, UPDATE_CHECK_INTERVAL_MS);
  return { update };
}

/** Spec §4 "Startup": in non-production builds every registered service worker is unregistered. */
export async function unregisterServiceWorkers(): Promise<number> {
  if (!('serviceWorker' in navigator)) return 0;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  return registrations.length;
}

// Loaded once the app is stable (see start-updates.ts): startup cache clean-up, the version check,
// and, in production builds, the service worker. Nothing here may break the console: every step
// is caught and logged.
import { clearBrowserCaches } from './clear-caches.ts';
import { isBusy } from './busy-registry.ts';
import { createReloadScheduler } from './reload-scheduler.ts';
import {
  registerServiceWorker,
  unregisterServiceWorkers,
  type ServiceWorkerClient,
} from './service-worker-client.ts';
import { createVersionChecker } from './version-checker.ts';

export interface UpdateServiceDeps {
  /** True while the legacy frame shows a modal. */
  isFrameModalOpen(): boolean;
  production: boolean;
  logger?: Pick<Console, 'info' | 'warn' | 'error'>;
}

export interface UpdateService {
  onNavigationEnd(): void;
}

export function createUpdateService(deps: UpdateServiceDeps): UpdateService {
  const logger = deps.logger ?? console;
  const scheduler = createReloadScheduler({
    isSafe: () => !deps.isFrameModalOpen() && !isBusy(),
    reload: () => location.reload(),
  });
  const checker = createVersionChecker({
    scheduler,
    url: new URL('index.html', document.baseURI).href,
    logger,
    onRunning: (version) => {
      if (version) document.documentElement.dataset.porticoVersion = version;
    },
  });
  let worker: ServiceWorkerClient | null = null;

  void clearBrowserCaches().catch((error: unknown) =>
    logger.warn('Could not clear the browser caches:', error),
  );
  if (deps.production) {
    void registerServiceWorker({ scheduler, logger })
      .then((client) => {
        worker = client;
      })
      .catch((error: unknown) => logger.error('Service worker registration failed:', error));
  } else {
    void unregisterServiceWorkers().catch((error: unknown) =>
      logger.warn('Could not unregister service workers:', error),
    );
  }
  // the check that runs when the app is stable: learns the version this tab runs
  void checker.check();

  return {
    onNavigationEnd() {
      scheduler.attempt();
      void checker.check();
      worker?.update();
    },
  };
}

import './global.css';
import { StrictMode, Suspense, lazy, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { AppContext } from './app/app-context.ts';
import { createConsole } from './app/create-console.ts';
import { onToastMountRequested } from './app/notifications.ts';
import { loadRuntimeConfig } from './app/runtime-config.ts';
import { ConfigErrorScreen } from './app/screens.tsx';
import { i18n, initI18n } from './i18n/i18n.ts';
import { startUpdates } from './updates/start-updates.ts';

const ToastHost = lazy(() => import('./app/toast-host.tsx'));

function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => onToastMountRequested(() => setMounted(true)), []);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

async function boot(): Promise<void> {
  startUpdates(); // issue 7: stale-chunk guard now; version check and service worker once stable
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    root.render(<ConfigErrorScreen message={error instanceof Error ? error.message : String(error)} />);
    return;
  }
  await initI18n(document.documentElement.lang || 'en');
  const app = createConsole(config);
  root.render(
    <StrictMode>
      <Provider store={app.store}>
        <I18nextProvider i18n={i18n}>
          <AppContext.Provider value={app.services}>
            <RouterProvider router={app.router} />
            <Toasts />
          </AppContext.Provider>
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
  app.start();
}

void boot();

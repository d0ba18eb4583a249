// The full console: router, store, i18next, shell. Loaded at start when there is a session, or when
// the user signs in on the light entry.
import { StrictMode, Suspense, lazy, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { AppContext } from '../lib/app-context.ts';
import { createConsole } from './create-console.ts';
import { onToastMountRequested } from '../lib/notifications.ts';
import type { RuntimeConfig } from '../lib/runtime-config.ts';

const ToastHost = lazy(() => import('./toast-host.tsx'));

function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => onToastMountRequested(() => setMounted(true)), []);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

export type ConsoleApp = ReturnType<typeof createConsole>;

/** The console's React tree: store, i18n, services, router and toasts. */
export function ConsoleTree({ app }: { app: ConsoleApp }) {
  return (
    <StrictMode>
      <Provider store={app.store}>
        <I18nextProvider i18n={i18n}>
          <AppContext.Provider value={app.services}>
            <RouterProvider router={app.router} />
            <Toasts />
          </AppContext.Provider>
        </I18nextProvider>
      </Provider>
    </StrictMode>
  );
}

export async function createFullApp(config: RuntimeConfig) {
  await initI18n(document.documentElement.lang || 'en');
  const app = createConsole(config);
  let rendered = false;
  return {
    session: app.services.session,
    router: app.router,
    /** Fetches ahead what the first signed-in screen needs (called while the user types). */
    warmUp: () => app.warmUp(),
    /**
     * A session is there at start (a bookmark, a deep link, a reload): the shell chunk and the frame
     * protocol are fetched, and the legacy interface boots at the page asked for, beside the
     * session calls, not after them.
     */
    warmUpForSession: () => app.warmUp({ session: true }),
    /** Boots the legacy interface ahead for the sign-in about to be sent (or keeps the one booting). */
    prebootFrame: () => app.prebootFrame(),
    /** Resolves once the first screen is done: the frame's first page, its rows, an idle moment. */
    whenFirstScreenDone: () => app.whenFirstScreenDone(),
    /**
     * Renders the console into `root` (once) and starts the session watcher. `now`: drawn in this
     * task (a sign-in: the frame has just answered its first page, the router waited for it, and a
     * render scheduled for later let the frame's follow-up work, its effects and held requests, run
     * before the shell read that answer). Otherwise scheduled, so that what the caller starts next
     * (a deep link's frame, booted beside the session calls) is not held behind the render.
     */
    render(root: Root, { now = false }: { now?: boolean } = {}) {
      if (rendered) return;
      rendered = true;
      const tree = <ConsoleTree app={app} />;
      if (now) flushSync(() => root.render(tree));
      else root.render(tree);
      app.start();
    },
  };
}

export type FullApp = Awaited<ReturnType<typeof createFullApp>>;

import { APP_ROOT } from '@portico/core';
import './global.css';
import { createRoot, type Root } from 'react-dom/client';
import type { FullApp } from './app/full-app.tsx';
import { getClientId } from './lib/client-id.ts';
import { loadRuntimeConfig, type RuntimeConfig } from './lib/runtime-config.ts';
import { ConfigErrorScreen } from './app/screens.tsx';
import { LightSignIn, needsOnlySignIn, redirectToSignIn } from './login/light-sign-in.tsx';
import { startColorScheme } from './shell/color-scheme.ts';
import { startUpdates } from './updates/start-updates.ts';

// The full console (router, store, i18next, shell) is a separate chunk: a visitor without a
// session gets only the sign-in form, and the rest loads when they sign in.
function loadFullApp(config: RuntimeConfig): Promise<FullApp> {
  return import('./app/full-app.tsx').then((module) => module.createFullApp(config));
}

function showSignIn(root: Root, configLoad: Promise<RuntimeConfig>): void {
  let full: Promise<FullApp> | null = null;
  // One hand-over only. A sign-in in this tab writes the token and posts 'login' too, and the sign-in
  // form stays mounted until React commits the console: the cross-tab path must not race it.
  let phase: 'idle' | 'signing-in' | 'done' = 'idle';
  const prepare = () => (full ??= configLoad.then(loadFullApp));
  const handOver = async (path: string) => {
    if (phase !== 'idle') return;
    phase = 'done';
    const app = await prepare();
    await app.router.navigate(path, { replace: true });
    app.render(root);
  };
  root.render(
    <LightSignIn
      onSignIn={async (username, password) => {
        if (phase !== 'idle') return;
        phase = 'signing-in';
        try {
          const app = await prepare();
          app.prebootFrame();
          const target = await app.session.login(username, password);
          phase = 'done';
          await app.router.navigate(target, { replace: true });
          app.render(root);
        } finally {
          if (phase === 'signing-in') phase = 'idle';
        }
      }}
      onSignedInElsewhere={() => void handOver(APP_ROOT)}
      forgotPasswordUrl={configLoad.then((config) => config.forgotPasswordUrl)}
      ssoUrl={configLoad.then((config) => config.ssoUrl)}
      onIntent={() => {
        // not part of the page's initial load: fetched once the user starts typing or clicking
        void prepare().then(
          (app) => app.warmUp(),
          () => (full = null),
        );
        void getClientId();
      }}
    />,
  );
}

async function boot(): Promise<void> {
  startUpdates(); // stale-chunk guard now; version check and service worker once stable
  startColorScheme(); // the device's light / dark / system choice, before anything is drawn
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  const configLoad = loadRuntimeConfig();
  const showConfigError = (error: unknown) =>
    root.render(
      <ConfigErrorScreen message={error instanceof Error ? error.message : String(error)} />,
    );
  if (needsOnlySignIn()) {
    // the form needs the configuration only on submit: show it without waiting for the file
    redirectToSignIn();
    showSignIn(root, configLoad);
    configLoad.catch(showConfigError);
    return;
  }
  let config: RuntimeConfig;
  try {
    config = await configLoad;
  } catch (error) {
    showConfigError(error);
    return;
  }
  (await loadFullApp(config)).render(root);
}

void boot();

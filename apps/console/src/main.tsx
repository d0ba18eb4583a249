import { APP_ROOT } from '@portico/core';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { EarlySignIn } from './boot.ts';
import type { FullApp } from './app/full-app.tsx';
import { getClientId } from './session/client-id.ts';
import { loadRuntimeConfig, type RuntimeConfig } from './lib/runtime-config.ts';
import { ConfigErrorScreen } from './app/screens.tsx';
import {
  LightSignIn,
  loadSignInTranslator,
  needsOnlySignIn,
  redirectToSignIn,
  type PrerenderedSignIn,
} from './login/light-sign-in.tsx';
import { startSsoSignIn } from './router/oauth-return.ts';
import { startColorScheme } from './shell/color-scheme.ts';
import { startUpdates } from './updates/start-updates.ts';

// The full console (router, store, i18next, shell) is a separate chunk: a visitor without a
// session gets only the sign-in form, and the rest loads when they sign in.
function loadFullApp(config: RuntimeConfig): Promise<FullApp> {
  return import('./app/full-app.tsx').then((module) => module.createFullApp(config));
}

interface SignInMount {
  /** Shows the form: a new render, or the hydration of the pre-rendered one. */
  mount(form: ReactNode): Root;
  prerendered?: PrerenderedSignIn;
  submitPending?: boolean;
  intentShown?: boolean;
}

function showSignIn(configLoad: Promise<RuntimeConfig>, { mount, ...first }: SignInMount): Root {
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
  const root = mount(
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
          app.render(root, { now: true });
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
      {...first}
    />,
  );
  return root;
}

function showConfigError(root: Root, error: unknown): void {
  root.render(
    <ConfigErrorScreen message={error instanceof Error ? error.message : String(error)} />,
  );
}

/** The console in an empty #root: the sign-in form, or the whole app for a session. */
export async function startConsole(
  container: HTMLElement,
  configLoad: Promise<RuntimeConfig> = loadRuntimeConfig(),
): Promise<void> {
  const signInOnly = needsOnlySignIn();
  // a session's console is stable once its first screen is done (the frame's first page, its rows)
  let firstScreenDone = () => {};
  const firstScreen = new Promise<void>((resolve) => (firstScreenDone = resolve));
  // stale-chunk guard now; version check and service worker once stable
  startUpdates(signInOnly ? {} : { firstScreen });
  startColorScheme(); // the device's light / dark / system choice, before anything is drawn
  const root = createRoot(container);
  if (signInOnly) {
    // the form needs the configuration only on submit: show it without waiting for the file
    redirectToSignIn();
    showSignIn(configLoad, {
      mount: (form) => {
        root.render(form);
        return root;
      },
    });
    configLoad.catch((error: unknown) => showConfigError(root, error));
    return;
  }
  let config: RuntimeConfig;
  try {
    config = await configLoad;
  } catch (error) {
    showConfigError(root, error);
    firstScreenDone();
    return;
  }
  const app = await loadFullApp(config);
  app.render(root); // the guards start the session calls
  app.warmUpForSession();
  void app.whenFirstScreenDone().then(firstScreenDone);
}

/**
 * Takes over the pre-rendered sign-in form (boot.ts, on the first input): hydrated in the language
 * and with the links it was rendered with, so nothing moves, the focus stays, and what was typed
 * stays (LoginField adopts it); a submit made before this script arrived is sent now.
 */
export async function hydrateSignIn(container: HTMLElement, early: EarlySignIn): Promise<void> {
  startUpdates();
  const { configLoad } = early;
  const t = await loadSignInTranslator(early.language);
  // read in the same task as hydrateRoot: from here on React's own listeners take the form's events
  const action = early.handOver();
  const root = showSignIn(configLoad, {
    prerendered: { language: early.language, t, links: early.links },
    submitPending: action === 'submit',
    // this code loads on the user's first input (or a sign-in elsewhere): intent already shown
    intentShown: true,
    mount: (form) =>
      hydrateRoot(container, form, {
        onRecoverableError: (error) => console.warn('sign-in form hydration:', error),
      }),
  });
  if (action === 'sso' && early.links.sso) startSsoSignIn(early.links.sso, early.language);
  configLoad.catch((error: unknown) => showConfigError(root, error));
}

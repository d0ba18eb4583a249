// The page's first script, and the only one a visitor without a session loads before touching the
// form. index.html already holds the sign-in form (pre-rendered at build time, in the language the
// browser asked for), usable with no script at all: this file only keeps a submit made before React
// arrives, and loads React, the translator and the rest on the first input (a key, a pointer, an
// input event, a submit) to take the form over where it stands. A visitor with a session gets the
// console at once.
import './global.css';
// the form's own styles come with the first script: they are inlined in index.html by the build
import signInStyles from './login/login-page.module.css';
import { SUPPORTED_LANGUAGES, type Language } from '@portico/core';
import type { ConfigLinks } from './login/light-sign-in.tsx';
import {
  needsOnlySignIn,
  redirectToSignIn,
  rememberLinkOnSignInPage,
} from './login/sign-in-route.ts';
import { signInLanguage } from './login/sign-in-language.ts';
import { startColorScheme } from './shell/color-scheme.ts';
import { loadRuntimeConfig, type RuntimeConfig } from './lib/runtime-config.ts';

/** What the first script hands the sign-in entry when React takes over the pre-rendered form. */
export interface EarlySignIn {
  language: Language;
  /** The links the form was pre-rendered with (the build's portico.config.json). */
  links: ConfigLinks;
  /** portico.config.json as this site serves it, requested with the page. */
  configLoad: Promise<RuntimeConfig>;
  /** Stops the first script's listeners; says what the user asked for meanwhile, if anything. */
  handOver(): EarlyAction;
}

/**
 * What was asked of the form before React arrived: a submit (sent once hydrated), or "Sign in with
 * SSO" (which needs this tab's state, so the link's plain navigation waits for the script).
 */
export type EarlyAction = 'submit' | 'sso' | null;

const FIRST_INPUT = ['keydown', 'pointerdown', 'input', 'paste'] as const;

function prerenderedLanguage(container: HTMLElement): Language | undefined {
  const language = container.dataset.signIn;
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(language ?? '')
    ? (language as Language)
    : undefined;
}

function readLinks(container: HTMLElement): ConfigLinks {
  try {
    const parsed = JSON.parse(container.dataset.signInLinks ?? '{}') as Partial<ConfigLinks>;
    return {
      forgot: typeof parsed.forgot === 'string' ? parsed.forgot : null,
      sso: typeof parsed.sso === 'string' ? parsed.sso : null,
    };
  } catch {
    return { forgot: null, sso: null };
  }
}

function waitForFirstInput(container: HTMLElement, language: Language): void {
  const links = readLinks(container);
  const configLoad = loadRuntimeConfig();
  const form = container.querySelector<HTMLFormElement>(`form.${signInStyles.form}`);
  const sso = container.querySelector<HTMLAnchorElement>(`a.${signInStyles.sso}`);
  let pending: EarlyAction = null;
  let started = false;
  const onSubmit = (event: Event) => {
    event.preventDefault();
    pending = 'submit';
    start();
  };
  const onSso = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    pending = 'sso';
    start();
  };
  const handOver = () => {
    form?.removeEventListener('submit', onSubmit);
    sso?.removeEventListener('click', onSso);
    window.removeEventListener('hashchange', rememberLinkOnSignInPage);
    const action = pending;
    pending = null;
    return action;
  };
  function start() {
    if (started) return;
    started = true;
    for (const type of FIRST_INPUT) document.removeEventListener(type, start, true);
    window.removeEventListener('storage', start);
    void import('./main.tsx').then((main) =>
      main.hydrateSignIn(container, { language, links, configLoad, handOver }),
    );
  }
  form?.addEventListener('submit', onSubmit);
  sso?.addEventListener('click', onSso);
  for (const type of FIRST_INPUT) document.addEventListener(type, start, true);
  // a sign-in in another tab: the entry's session watcher decides what to do
  window.addEventListener('storage', start);
  window.addEventListener('hashchange', rememberLinkOnSignInPage);
  // This site's portico.config.json links to other places than the build's (or cannot be read):
  // React shows that at once, rather than on the first input.
  configLoad.then((config) => {
    if (config.forgotPasswordUrl !== links.forgot || config.ssoUrl !== links.sso) start();
  }, start);
}

function boot(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const language = prerenderedLanguage(container);
  if (language !== undefined && needsOnlySignIn() && signInLanguage() === language) {
    startColorScheme(); // the device's light / dark / system choice
    redirectToSignIn();
    waitForFirstInput(container, language);
    // the version check and the service worker do not wait for the first input: a visitor who
    // only looks at the sign-in page still installs the worker (spec §4), once the page is stable
    void import('./updates/start-updates.ts').then(({ startUpdates }) => startUpdates());
    return;
  }
  // a session (or this device's own language): the React entry renders everything itself
  container.replaceChildren();
  delete container.dataset.signIn;
  const configLoad = loadRuntimeConfig(); // beside the code, not after it
  configLoad.catch(() => undefined); // the entry shows the error
  // the session's first request carries the browser's fingerprint: read (or taken) beside the code
  void import('./session/client-id.ts').then(({ getClientId }) => getClientId());
  void import('./main.tsx').then((main) => main.startConsole(container, configLoad));
}

boot();

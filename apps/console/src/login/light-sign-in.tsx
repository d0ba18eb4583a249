// The light sign-in entry. A page load with no session can only end on the sign-in form (guard (c)
// of spec §2), so it is served without the router, the store and i18next: those load when the user
// signs in. This keeps the JS before sign-in within its budget (≤ 110 KB gzip).
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  DEVICE_PREFERENCE_KEYS,
  LOGIN_ROUTE,
  STORAGE_KEYS,
  pickSignInLanguage,
  shouldRememberRedirect,
  type Language,
  decodeUriLenient,
} from '@portico/core';
import en from '../i18n/locales/en.json';
import { LoginPage, type Translate } from './login-page.tsx';
import { hasOAuthReturn, startSsoSignIn } from '../router/oauth-return.ts';
import {
  clearSessionStorage,
  getLocal,
  removeLocal,
  setLocal,
} from '../session/browser-storage.ts';
import { createTokenStore } from '../session/token-store.ts';
import { markBusy } from '../updates/busy-registry.ts';
import { createMiniTranslator, mergeMessages } from './mini-translator.ts';

/** The route path of the current hash URL (`/login`, `/app/things/thing`, `/`). */
export function currentRoutePath(): string {
  // a malformed escape must not break the sign-in page
  return decodeUriLenient(location.hash.replace(/^#/, '').split('?')[0] ?? '') || '/';
}

/** True when this page load can only show the sign-in form: no token and no OAuth return to handle. */
export function needsOnlySignIn(): boolean {
  return createTokenStore().read() === undefined && !hasOAuthReturn();
}

/**
 * Spec §2 for a page load without a token: (a) remember the requested URL (unless /app), (c) log
 * out locally (no token, so no logout call: the clear keeps the preserved keys) and go to /login.
 */
export function redirectToSignIn(): void {
  const path = currentRoutePath();
  if (path === LOGIN_ROUTE) return;
  if (shouldRememberRedirect(path)) setLocal(STORAGE_KEYS.redirectUrl, path);
  clearSessionStorage();
  removeLocal(STORAGE_KEYS.sessionExpired); // logging out sets a state other than SESSION_EXPIRED (spec §4)
  history.replaceState(history.state, '', `#${LOGIN_ROUTE}`);
}

/**
 * A link pasted into the address bar of a tab showing this page changes only the hash (no page
 * load, and no router here to run the guards): guard (a) remembers it as a page load would, and
 * the tab stays on /login. Nothing is cleared: this tab holds no session, and an SSO sign-in it
 * started must survive.
 */
export function rememberLinkOnSignInPage(): void {
  const path = currentRoutePath();
  if (path === LOGIN_ROUTE) return;
  if (shouldRememberRedirect(path)) setLocal(STORAGE_KEYS.redirectUrl, path);
  history.replaceState(history.state, '', `#${LOGIN_ROUTE}`);
}

export interface LightSignInProps {
  onSignIn(username: string, password: string): Promise<void>;
  /** A token appeared (a sign-in in another tab): spec §2 watcher, "go to /app". */
  onSignedInElsewhere(): void;
  /** The user started using the form: a good moment to fetch what signing in will need. */
  onIntent?(): void;
  /** The run-time config's "Forgot password?" target, once portico.config.json is read (null: no link). */
  forgotPasswordUrl?: Promise<string | null>;
  /** The run-time config's SSO start address, once portico.config.json is read (null: no link). */
  ssoUrl?: Promise<string | null>;
}

const english = createMiniTranslator(en);

interface ConfigLinks {
  forgot: string | null;
  sso: string | null;
}
const NO_LINKS: ConfigLinks = { forgot: null, sso: null };
/** How long the first sign-in page waits for portico.config.json's links before showing without them. */
const LINKS_WAIT_MS = 400;

// Only the chosen language's file is fetched (a small chunk), never i18next.
const bundles: Record<Exclude<Language, 'en'>, () => Promise<{ default: unknown }>> = {
  es: () => import('../i18n/locales/es.json'),
  'pt-BR': () => import('../i18n/locales/pt-BR.json'),
  fr: () => import('../i18n/locales/fr.json'),
  it: () => import('../i18n/locales/it.json'),
};

/** The sign-in page's language: the last one used on this device, else the browser's. */
export function signInLanguage(): Language {
  return pickSignInLanguage(
    getLocal(DEVICE_PREFERENCE_KEYS.language),
    typeof navigator === 'undefined' ? [] : navigator.languages,
  );
}

/** A translator for `language`: its messages over English (a missing key shows English). */
export async function loadSignInTranslator(language: Language): Promise<Translate> {
  if (language === 'en') return english;
  try {
    const bundle = await bundles[language]();
    return createMiniTranslator(mergeMessages(en, bundle.default));
  } catch {
    return english; // a chunk that fails to load must not cost the user the form
  }
}

export function LightSignIn({
  onSignIn,
  onSignedInElsewhere,
  onIntent,
  forgotPasswordUrl,
  ssoUrl,
}: LightSignInProps) {
  const [language] = useState(signInLanguage);
  const [t, setT] = useState<Translate | null>(() => (language === 'en' ? english : null));
  // The links that portico.config.json adds under the form ("Forgot password?", "Sign in with
  // SSO"). The form waits for them a little (the file is small and already on its way), so that
  // the centred card does not jump when they appear; after LINKS_WAIT_MS it shows without them.
  const [links, setLinks] = useState<ConfigLinks | null>(() =>
    forgotPasswordUrl === undefined && ssoUrl === undefined ? NO_LINKS : null,
  );
  useEffect(() => {
    let active = true;
    document.documentElement.lang = language;
    if (language !== 'en')
      void loadSignInTranslator(language).then((loaded) => active && setT(() => loaded));
    return () => {
      active = false;
    };
  }, [language]);
  useEffect(() => {
    let active = true;
    const timer = setTimeout(() => active && setLinks((shown) => shown ?? NO_LINKS), LINKS_WAIT_MS);
    void Promise.all([forgotPasswordUrl ?? null, ssoUrl ?? null]).then(
      ([forgot, sso]) => active && setLinks({ forgot, sso }),
      () => active && setLinks((shown) => shown ?? NO_LINKS),
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [forgotPasswordUrl, ssoUrl]);
  const [expired] = useState(() => getLocal(STORAGE_KEYS.sessionExpired) === 'true');
  // once the user starts typing, an update waits (spec §4: never reload over an unsaved form)
  const releaseBusy = useRef<(() => void) | null>(null);
  useEffect(() => () => releaseBusy.current?.(), []);
  const handleIntent = useCallback(() => {
    releaseBusy.current ??= markBusy('sign-in form');
    onIntent?.();
  }, [onIntent]);

  useEffect(() => {
    window.addEventListener('hashchange', rememberLinkOnSignInPage);
    return () => window.removeEventListener('hashchange', rememberLinkOnSignInPage);
  }, []);

  useEffect(() => {
    document.title = english('app.productTitle');
    const channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('portico-session');
    const tokens = createTokenStore();
    const check = () => {
      if (tokens.readStored() !== undefined) onSignedInElsewhere();
    };
    if (channel)
      channel.onmessage = (event: MessageEvent<{ type?: unknown }>) =>
        event.data?.type === 'login' && check();
    window.addEventListener('storage', check);
    const timer = setInterval(check, 1000); // the session watcher's 1-second fallback
    return () => {
      channel?.close();
      window.removeEventListener('storage', check);
      clearInterval(timer);
    };
  }, [onSignedInElsewhere]);

  return (
    <div
      onFocusCapture={handleIntent}
      onPointerDownCapture={handleIntent}
      onKeyDownCapture={handleIntent}
    >
      {t && links && (
        <LoginPage
          onSignIn={onSignIn}
          sessionExpired={expired}
          platformTitle={t('app.productTitle')}
          t={t}
          forgotPasswordUrl={links.forgot}
          ssoUrl={links.sso}
          onSsoSignIn={() => links.sso && startSsoSignIn(links.sso, language)}
        />
      )}
    </div>
  );
}

// The light sign-in entry. A page load with no session can only end on the sign-in form (guard (c)
// of spec §2), so it is served without the router, the store and i18next: those load when the user
// signs in. This keeps the JS before sign-in within its budget (≤ 110 KB gzip).
import { useCallback, useEffect, useRef, useState } from 'react';
import { STORAGE_KEYS, type Language } from '@portico/core';
import en from '../i18n/locales/en.json';
import { ConsoleLoginPage } from './console-login-page.tsx';
import type { Translate } from './login-page.tsx';
import { getLocal } from '../session/browser-storage.ts';
import { createTokenStore } from '../session/token-store.ts';
import { rememberLinkOnSignInPage } from './sign-in-route.ts';
import { signInLanguage } from './sign-in-language.ts';

export { signInLanguage } from './sign-in-language.ts';
import { markBusy } from '../updates/busy-registry.ts';
import { createMiniTranslator, mergeMessages } from './mini-translator.ts';

export {
  currentRoutePath,
  needsOnlySignIn,
  redirectToSignIn,
  rememberLinkOnSignInPage,
} from './sign-in-route.ts';

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
  /**
   * What the form shows on its first render when that render must equal markup made elsewhere:
   * the build's pre-rendered form in index.html (rendered with these, and hydrated with them).
   */
  prerendered?: PrerenderedSignIn;
  /** The pre-rendered form was submitted before this script arrived: submit it now. */
  submitPending?: boolean;
  /** The user already started using the form (before this script arrived): onIntent at once. */
  intentShown?: boolean;
}

export interface PrerenderedSignIn {
  language: Language;
  t: Translate;
  links: ConfigLinks;
}

const english = createMiniTranslator(en);

export interface ConfigLinks {
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
  prerendered,
  submitPending = false,
  intentShown = false,
}: LightSignInProps) {
  const [language] = useState(() => prerendered?.language ?? signInLanguage());
  const [t, setT] = useState<Translate | null>(
    () => prerendered?.t ?? (language === 'en' ? english : null),
  );
  // The links that portico.config.json adds under the form ("Forgot password?", "Sign in with
  // SSO"). The form waits for them a little (the file is small and already on its way), so that
  // the centred card does not jump when they appear; after LINKS_WAIT_MS it shows without them.
  const [links, setLinks] = useState<ConfigLinks | null>(
    () =>
      prerendered?.links ??
      (forgotPasswordUrl === undefined && ssoUrl === undefined ? NO_LINKS : null),
  );
  const translated = prerendered !== undefined;
  useEffect(() => {
    let active = true;
    document.documentElement.lang = language;
    if (language !== 'en' && !translated)
      void loadSignInTranslator(language).then((loaded) => active && setT(() => loaded));
    return () => {
      active = false;
    };
  }, [language, translated]);
  useEffect(() => {
    let active = true;
    const timer = setTimeout(() => active && setLinks((shown) => shown ?? NO_LINKS), LINKS_WAIT_MS);
    void Promise.all([forgotPasswordUrl ?? null, ssoUrl ?? null]).then(
      ([forgot, sso]) =>
        active &&
        // the same links keep the same object: no render for what is already shown
        setLinks((shown) =>
          shown?.forgot === forgot && shown.sso === sso ? shown : { forgot, sso },
        ),
      () => active && setLinks((shown) => shown ?? NO_LINKS),
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [forgotPasswordUrl, ssoUrl]);
  // the pre-rendered form has no "session expired" notice: hydrated without it, it shows after
  const readExpired = () => getLocal(STORAGE_KEYS.sessionExpired) === 'true';
  const [expired, setExpired] = useState(() => !translated && readExpired());
  useEffect(() => {
    if (translated && readExpired()) setExpired(true);
  }, [translated]);
  // once the user starts typing, an update waits (spec §4: never reload over an unsaved form)
  const releaseBusy = useRef<(() => void) | null>(null);
  useEffect(() => () => releaseBusy.current?.(), []);
  const handleIntent = useCallback(() => {
    releaseBusy.current ??= markBusy('sign-in form');
    onIntent?.();
  }, [onIntent]);
  const intentOnMount = useRef(intentShown);
  useEffect(() => {
    if (intentOnMount.current) handleIntent();
    intentOnMount.current = false;
  }, [handleIntent]);

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

  // Intent is a key, a pointer or an input (a password manager's fill), not focus: the username
  // field takes the focus by itself when the page opens (autofocus).
  return (
    <div
      onPointerDownCapture={handleIntent}
      onKeyDownCapture={handleIntent}
      onInputCapture={handleIntent}
    >
      {t && links && (
        <ConsoleLoginPage
          onSignIn={onSignIn}
          sessionExpired={expired}
          t={t}
          language={language}
          forgotPasswordUrl={links.forgot}
          ssoUrl={links.sso}
          submitOnMount={submitPending}
        />
      )}
    </div>
  );
}

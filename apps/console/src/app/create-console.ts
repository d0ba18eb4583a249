// The composition root: one store, one HTTP client, one session controller, one router.
import {
  DEFAULT_LANGUAGE,
  LOGIN_ROUTE,
  STORAGE_KEYS,
  languageToShow,
  shouldRememberRedirect,
  toLegacyLocation,
} from '@portico/core';
import { createHttpClient } from '../api/http-client.ts';
import { createPlatformApi } from '../api/platform-api.ts';
import { i18n, setLanguage } from '../i18n/i18n.ts';
import { createFrameBridge } from '../frame/frame-bridge.ts';
import type { ShellNavigation } from '../frame/frame-owner.ts';
import { createAppRouter, loadShellLayout, type AppRouter } from './router.tsx';
import { prefetchLegacyUi } from '../frame/legacy-prefetch.ts';
import { createGuards } from '../router/guards.ts';
import { readXsrfToken, setLocal } from '../session/browser-storage.ts';
import { SessionExpiryWatcher } from '../session/session-expiry-watcher.ts';
import { createUnsavedWork } from '../frame/unsaved-work.ts';
import { watchConfigEvents } from '../session/config-events.ts';
import { createCrossTabChannel } from '../session/cross-tab-channel.ts';
import { SessionController } from '../session/session-controller.ts';
import { createTokenStore } from '../session/token-store.ts';
import { createAppStore } from '../store/store.ts';
import { startAnalytics } from '../analytics/start-analytics.ts';
import { afterFirstScreen } from './first-screen.ts';
import { connectUpdates } from '../updates/start-updates.ts';
import type { AppServices } from '../lib/app-context.ts';
import { getClientId } from '../session/client-id.ts';
import { notify } from '../lib/notifications.ts';
import { getColorScheme, subscribeColorScheme } from '../shell/color-scheme.ts';
import type { RuntimeConfig } from '../lib/runtime-config.ts';

/** What counts as the user's activity in the shell (the frame's own: bridge ACTIVITY_EVENTS). */
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'input'] as const;

/** Analytics and the update service wait at most this long for the first frame to answer. */
const FIRST_SCREEN_LIMIT_MS = 5000;

export function createConsole(config: RuntimeConfig) {
  const store = createAppStore();
  // the one owner of the access token, injected wherever it is read or written
  const tokens = createTokenStore();
  let router: AppRouter | null = null;
  let session: SessionController | null = null;

  // The query is part of the path: a list's sort, filters and page live there.
  const currentPath = () =>
    router
      ? router.state.location.pathname + router.state.location.search
      : location.hash.replace(/^#/, '') || '/';
  const navigate = (path: string, options: { replace?: boolean } = {}) => {
    if (currentPath() === path) return;
    const replace = options.replace ?? path === LOGIN_ROUTE;
    // A page the frame can show first (a tab click) is sent to it now, and the router navigates
    // once the frame has answered (frame-bridge's goAhead). Unsaved work in the frame goes the
    // router's way at once: its blocker asks first.
    const ahead = replace || unsaved.current() ? null : frame.goAhead(path);
    if (!ahead) {
      void router?.navigate(path, { replace });
      return;
    }
    void ahead.then((wanted) => {
      if (wanted && currentPath() !== path) void router?.navigate(path, { replace });
    });
  };

  // when the console last sent a request of its own (the configuration stream opens again only after one)
  let lastActivity = Date.now();
  const http = createHttpClient({
    baseHost: config.apiBaseHost,
    getToken: () => tokens.read(),
    getClientId,
    getXsrfToken: readXsrfToken,
    onUnauthorized: (_error, requestToken) => session?.handleUnauthorized(requestToken),
    onRequest: () => {
      lastActivity = Date.now();
      tokens.touch();
    },
  });
  const api = createPlatformApi(http);
  const channel = createCrossTabChannel();
  const unsaved = createUnsavedWork({ userId: () => store.getState().session.user?.id ?? null });
  session = new SessionController(
    store,
    api,
    {
      navigate,
      currentPath,
      rerunGuards: () => void router?.revalidate(),
      notifySignedOutElsewhere: () =>
        notify('info', i18n.t('errors.signedOutElsewhere'), { id: 'signed-out' }),
      onLogout: () => frame.notifySessionEnded('signedOut'),
      onSessionEnding: (user, deliberate) => {
        // the exact place (record, filters, page: the whole location) for the next sign-in of the
        // same user (spec §4's redirect rule drops it for anyone else), unless they chose to leave
        const place = currentPath();
        if (!deliberate && shouldRememberRedirect(place)) setLocal(STORAGE_KEYS.redirectUrl, place);
        unsaved.sessionEnding(user.id, deliberate);
      },
    },
    channel,
    tokens,
  );
  // The shell's navigation as the frame bridge sees it: the bridge follows it
  // itself. Each settled navigation (spec §4 routing state) reaches every listener once.
  const navigationListeners = new Set<(url: string) => void>();
  const startListeners = new Set<(url: string) => void>();
  const navigation: ShellNavigation = {
    current: currentPath,
    go: navigate,
    admitsAhead: (url) => guards.admitsAhead(url),
    forbids: (url) => guards.forbids(url),
    subscribe(listener) {
      navigationListeners.add(listener);
      return () => navigationListeners.delete(listener);
    },
    subscribeStart(listener) {
      startListeners.add(listener);
      return () => startListeners.delete(listener);
    },
  };
  const frame = createFrameBridge({
    store,
    session,
    tokens,
    config,
    navigation,
    notify: (kind, message) =>
      notify(
        kind,
        message ?? i18n.t(kind === 'success' ? 'notices.frameDone' : 'notices.frameFailed'),
      ),
    colorScheme: { get: getColorScheme, subscribe: subscribeColorScheme },
    logger: console,
    unsaved,
    onActivity: () => expiry.activity(),
  });
  const expiry = new SessionExpiryWatcher({
    store,
    token: () => tokens.read(),
    extend: (token) => api.extendSession(token),
    expire: (token) => session?.handleUnauthorized(token),
  });
  // a session that starts: other users' drafts kept in this tab go
  let startedFor: number | null = null;
  store.subscribe(() => {
    const id = store.getState().session.user?.id ?? null;
    if (id === startedFor) return;
    startedFor = id;
    if (id !== null) unsaved.sessionStarted(id);
  });

  const guards = createGuards({
    session,
    store,
    tokens,
    warn: (message) => console.warn(message),
  });
  const appRouter = createAppRouter({
    ...guards,
    // a page the frame was sent to ahead (a tab click) completes once the frame has answered
    // (bounded: frame-bridge's AHEAD_PATIENCE_MS), so the frame's answer is not queued behind the
    // shell's history entry, render and title
    appPageLoader: async (args) => {
      const result = await guards.appPageLoader(args);
      if (result === null) await frame.answeredAhead();
      return result;
    },
  });
  router = appRouter;
  let lastPath = '';
  appRouter.subscribe((state) => {
    // a navigation starting (a link, navigate(), Back): in the click itself, before the guards run
    const next = state.navigation.location;
    if (state.navigation.state === 'loading' && next)
      for (const listener of [...startListeners]) listener(next.pathname + next.search);
    const path = state.location.pathname + state.location.search;
    if (state.navigation.state !== 'idle' || path === lastPath) return;
    lastPath = path;
    for (const listener of [...navigationListeners]) listener(path);
  });

  // The user's language wins as soon as the session loads (core's languageToShow). Compared with
  // the language on screen, not the store's previous value: the sign-in page may show the
  // browser's language while the store still holds its English default.
  let shownLanguage = i18n.language || DEFAULT_LANGUAGE;
  store.subscribe(() => {
    const { loaded, language } = store.getState().config;
    const next = languageToShow({
      sessionLoaded: loaded,
      sessionLanguage: language,
      shown: shownLanguage,
    });
    if (next === null) return;
    shownLanguage = next;
    void setLanguage(next);
  });

  // While signed in, a configuration changed elsewhere (another console, another administrator)
  // is read again at once: the title, vocabulary and landing page follow.
  let stopConfigEvents: (() => void) | null = null;
  store.subscribe(() => {
    const signedIn = store.getState().authn.status === 'AUTHENTICATED';
    if (signedIn && !stopConfigEvents) {
      stopConfigEvents = watchConfigEvents({
        open: (signal) => http.openStream('/configEvents', signal),
        onChange: () =>
          void session
            ?.refreshConfiguration()
            .catch((error: unknown) => console.warn('portico: refresh failed', error)),
        lastActivity: () => lastActivity,
        warn: (message, error) => console.warn(message, error),
      });
    } else if (!signedIn && stopConfigEvents) {
      stopConfigEvents();
      stopConfigEvents = null;
    }
  });

  // Navigation ends drive the version and service-worker checks; analytics after sign-in
  connectUpdates({ router: appRouter, isFrameModalOpen: () => frame.getUi().modalOpen });
  // The analytics library (the biggest chunk), the version check and the service worker wait for
  // the first screen (the frame's first page and its rows), so they do not compete with it for the
  // network and the main thread. Asked once, when first needed (a sign-in, a session at start).
  let firstScreen: Promise<void> | null = null;
  const whenFirstScreenDone = () =>
    (firstScreen ??= afterFirstScreen(() => frame.whenSettled(FIRST_SCREEN_LIMIT_MS)));
  startAnalytics({ store, config, getClientId, tokens, whenQuiet: whenFirstScreenDone });

  let warmed = false;

  const services: AppServices = { config, api, session, navigate, frame, expiry, unsaved };
  return {
    store,
    router,
    services,
    /** Resolves once the first screen is done (first-screen.ts): the frame's first page and its rows. */
    whenFirstScreenDone,
    start() {
      session?.startWatcher(1000);
      expiry.start(1000);
      // activity in the shell extends the session (the frame reports its own: `activity`)
      const handleActivity = () => expiry.activity();
      for (const type of ACTIVITY_EVENTS)
        document.addEventListener(type, handleActivity, { capture: true, passive: true });
    },
    /**
     * Fetches what the signed-in console needs first (the shell chunk, the frame protocol, the
     * legacy interface's files) while the user is still typing on the sign-in page, or beside the
     * session calls when the page opens with a session (`session: true`). Once.
     */
    warmUp(options: { session?: boolean } = {}) {
      if (warmed) return;
      warmed = true;
      const ignore = () => undefined; // a failed warm-up only means the real load does the work
      void loadShellLayout().catch(ignore);
      void frame.preload().catch(ignore);
      // The legacy interface boots out of sight while the user types, or, for a session already
      // there (a bookmark, a deep link, a reload), at the page asked for while the session calls
      // run: its first request goes out as soon as the shell has the session. Where the browser
      // cannot move a frame without reloading it, or the page asked for is not the frame's, its
      // files are only fetched ahead.
      const path = currentPath();
      const booted = options.session
        ? path.startsWith('/app/') && frame.preboot(toLegacyLocation(path))
        : frame.preboot();
      if (!booted) void prefetchLegacyUi(config.legacyUiBase);
    },
    /**
     * At the sign-in itself: the frame booted ahead is replaced when it is too old for its own
     * session request to wait for this sign-in (frame-bridge.ts PREBOOT_FRESH_MS).
     */
    prebootFrame() {
      frame.preboot();
    },
  };
}

import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { ACTIVITY_EVENTS, BridgeRemoteError, createActivityReporter } from '@portico/bridge';
import type { FrameEndpoint, SessionData } from '@portico/bridge';
import { createPermissionSet, sameData } from '@portico/core';
import { createApiClient } from './api-client.ts';
import type { ApiClient, ApiClientOptions } from './api-client.ts';
import type { HashRouter } from './hash-router.ts';
import { loadLanguage, translate } from './i18n.ts';
import type { Translate } from './i18n.ts';
import { createLabelling } from './labelling.ts';
import { LegacyContext } from './legacy-context.tsx';
import { createRequestGate } from './request-gate.ts';
import { MenuHoldContext } from './pages/after-answer.tsx';
import type { LegacyContextValue, UnsavedWorkPort } from './legacy-context.tsx';
import { CustomTabDialog } from './pages/custom-tab-dialog.tsx';
import { PageForRoute, pageIdentity, loadsOnDemand } from './pages/page-for-route.tsx';
import { Spinner } from './pages/status-views.tsx';

type Status = 'connecting' | 'signedIn' | 'outside' | 'expired';

/**
 * How long the answer to `router` waits for a page loaded on demand to be in the DOM: a chunk
 * that hangs still answers, well before the shell's own 10 s wait for it (spec §9). A chunk that
 * fails answers at once, with its failed-load view.
 */
export const PAGE_ANSWER_LIMIT_MS = 4_000;

const routeOf = (path: string) => path.split('?')[0] ?? path;

/** Props of {@link LegacyApp}. */
export interface LegacyAppProps {
  /** The bridge to the console; null when the page is not inside a frame. */
  frame: FrameEndpoint | null;
  router: HashRouter;
  /** Builds the API client (tests pass one over a fake fetch). */
  createApi?: (options: ApiClientOptions) => ApiClient;
  /** The console's address (origin and path, before `#`): records link to `{consoleBase}#/app{location}`. */
  consoleBase?: string;
}

/**
 * The reference legacy UI: signs in through the shell (ready → fetchSessionData), follows the shell's
 * pushes, answers `router`, and reports its own navigation, modals, 401s and finished operations.
 */
export function LegacyApp({
  frame,
  router,
  createApi = createApiClient,
  consoleBase = `${window.location.origin}/`,
}: LegacyAppProps) {
  const path = useSyncExternalStore(router.subscribe, router.current);
  const [status, setStatus] = useState<Status>(frame?.framed ? 'connecting' : 'outside');
  const [session, setSession] = useState<SessionData | null>(null);
  const [customTab, setCustomTab] = useState<{ tabId: number | null } | null>(null);
  const expiredSent = useRef(false);
  // the page's requests and select menus wait while the frame answers the shell's `router`
  // (request-gate.ts, pages/after-answer.tsx)
  const [gate] = useState(createRequestGate);
  // the page navigated from, gone a microtask before the new one comes (the `router` handler)
  const [leaving, setLeaving] = useState(false);
  // the shell's pending `router`, answered by the layout effect below once the page is in the DOM
  const answerRoute = useRef<(() => void) | null>(null);
  // A page loaded on demand whose code is still on its way shows the loading view first: the answer
  // then waits until the page is in the DOM (onPageShown), instead of going with the loading view.
  const answerDeferred = useRef(false);
  const showsPage = useRef(false);
  const shownRoute = useRef<string | null>(null);
  useLayoutEffect(() => {
    // after the new page's own layout effects, before any passive effect: the answer is queued
    // ahead of the renders and requests the page's effects then schedule (frame and shell often
    // share one main thread, and those would otherwise run before the shell reads the answer)
    if (!answerRoute.current) return;
    if (showsPage.current && loadsOnDemand(path) && shownRoute.current !== routeOf(path)) {
      answerDeferred.current = true;
      return;
    }
    answerRoute.current();
    answerRoute.current = null;
  }, [path]);
  const onPageShown = useCallback((route: string) => {
    shownRoute.current = route;
    if (!answerDeferred.current) return;
    answerDeferred.current = false;
    answerRoute.current?.();
  }, []);

  useEffect(() => {
    if (!frame?.framed) return;
    let active = true;
    frame.connect().catch(() => {
      // fetchSessionData below times out too and decides what to show.
    });
    frame
      .request('fetchSessionData', {})
      // the user's language is fetched (once) before the first page: no English flash
      .then((data) => loadLanguage(data.language).then(() => data))
      .then((data) => {
        if (!active) return;
        setSession(data);
        setStatus('signedIn');
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (error instanceof BridgeRemoteError)
          console.warn('legacy-ui: the console refused the session', error.remoteCode);
        setStatus('outside');
      });
    // a push that repeats what the frame holds (the shell reloaded its configuration, another
    // window saved the same thing) changes nothing: no value, no render, no page reloaded
    const update = (change: Partial<SessionData>) =>
      setSession((current) => {
        if (!current) return current;
        const changed = (Object.keys(change) as (keyof SessionData)[]).filter(
          (key) => !sameData(current[key], change[key]),
        );
        if (changed.length === 0) return current;
        const next = { ...current };
        for (const key of changed) Object.assign(next, { [key]: change[key] });
        return next;
      });
    // a new language shows once its strings are here; the latest choice wins
    let wantedLanguage: string | null = null;
    const changeLanguage = (language: string) => {
      wantedLanguage = language;
      void loadLanguage(language).then(() => {
        if (active && wantedLanguage === language) update({ language });
      });
    };
    const stops = [
      frame.handle('router', ({ path: target }, answer) => {
        // an earlier route still waiting for its page's code answers now, with what it shows
        if (answerDeferred.current) {
          answerDeferred.current = false;
          answerRoute.current?.();
        }
        // flushSync: the page for `target` is in the DOM before routerSuccess goes back: it goes
        // back from the layout effect above, in the commit (or below, when nothing rendered). What
        // can wait does, so that the answer goes back first: the requests the page starts are
        // held, the page's select menus too (pages/after-answer.tsx), and the frame's own address
        // (read only by a reload of the frame) is written when the thread is idle.
        // Released by a timer queued after the answer. Not a 0 ms one: measured in Chromium 156, a
        // 0 ms timer set from here runs before the shell's task that reads the answer (1-2 ms of
        // requests and menus ahead of it); 1 ms lets that task go first.
        let release = () => {};
        const releaseLater = () => queueMicrotask(() => setTimeout(release, 1));
        answerRoute.current = () => answer({ path: router.current() });
        // First the page on screen lets go of its menus, in a commit of its own (and goes
        // altogether when another page comes: the browser then has no page to lay out for it); the
        // new page comes in a microtask, after the one the browser queues for their removal.
        const from = pageIdentity(router.current());
        const to = pageIdentity(target);
        const leave = from !== null && to !== null && from !== to;
        try {
          flushSync(() => {
            release = gate.hold();
            if (leave) setLeaving(true);
          });
        } catch (caught) {
          answerRoute.current = null;
          release();
          setLeaving(false);
          throw caught;
        }
        return new Promise<{ path: string }>((resolve, reject) =>
          queueMicrotask(() => {
            try {
              flushSync(() => {
                setLeaving(false);
                router.go(target, { writeHashLater: true });
              });
            } catch (caught) {
              answerRoute.current = null;
              setLeaving(false);
              releaseLater();
              reject(caught);
              return;
            }
            if (!answerDeferred.current) {
              // nothing rendered (the page shown already): the answer goes now
              answerRoute.current?.();
              answerRoute.current = null;
              releaseLater();
              resolve({ path: router.current() });
              return;
            }
            // the page's code is on its way: answered once the page (or its failed-load view) is
            // in the DOM, or after PAGE_ANSWER_LIMIT_MS with whatever is shown
            const timer = setTimeout(() => {
              answerDeferred.current = false;
              answerRoute.current?.();
            }, PAGE_ANSWER_LIMIT_MS);
            answerRoute.current = () => {
              clearTimeout(timer);
              answerRoute.current = null;
              resolve({ path: router.current() });
              releaseLater();
            };
          }),
        );
      }),
      frame.on('permissions', ({ permissions }) => update({ permissions })),
      frame.on('language', ({ language }) => changeLanguage(language)),
      frame.on('timezoneUpdated', ({ timeZone }) => update({ timeZone })),
      frame.on('dateFormatUpdated', ({ dateFormat }) => update({ dateFormat })),
      frame.on('calendarFormatUpdated', ({ calendarFormat }) => update({ calendarFormat })),
      frame.on('groupConfigs', ({ fields }) => update({ groupFields: fields })),
      frame.on('userFieldUpdated', ({ field, value }) => {
        if (field === 'timeZoneConfiguration' && typeof value === 'string')
          update({ timeZone: value });
        if (field === 'dateFormatConfiguration' && typeof value === 'string')
          update({ dateFormat: value });
        if (field === 'calendarFormatConfiguration' && typeof value === 'string')
          update({ calendarFormat: value });
        if (field === 'language' && typeof value === 'string') changeLanguage(value);
      }),
      frame.on('sessionExpired', () => setStatus('expired')),
      // there is no folder route: a folder opens the report list, none the folder list (both exist)
      frame.on('folderDetail', ({ folderId }) =>
        router.go(folderId === null ? '/analytics/report' : '/analytics/report/list'),
      ),
      frame.on('openCustomTabModal', ({ tabId }) => setCustomTab({ tabId })),
    ];
    // the shell cannot see keys and clicks in here: activity is reported (throttled) so that a user
    // who works only in the frame keeps the session alive
    const reportActivity = createActivityReporter({ send: () => frame.send('activity', {}) });
    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, reportActivity, { capture: true, passive: true });
    return () => {
      active = false;
      for (const stop of stops) stop();
      for (const type of ACTIVITY_EVENTS)
        window.removeEventListener(type, reportActivity, { capture: true });
    };
  }, [frame, router, gate]);

  const navigate = useCallback(
    (target: string, options: { replace?: boolean } = {}) => {
      router.go(target);
      if (frame?.framed)
        frame.send('routerUpdate', {
          path: router.current(),
          ...(options.replace ? { replace: true } : {}),
        });
    },
    [frame, router],
  );

  const setModalOpen = useCallback(
    (open: boolean) => frame?.framed && frame.send('modal', { open }),
    [frame],
  );

  // The translator and the API client keep their identity across the shell's pushes: pages load in
  // effects keyed on them, and an editor reloaded by a push would lose what was typed. The
  // translator reads the language of the render under way: a new language relabels every page
  // (the context changes, so each renders again) without reloading any.
  const language = session?.language ?? 'en';
  const shownLanguage = useRef(language);
  shownLanguage.current = language;
  const [t] = useState(() => {
    const shown: Translate = (key, values) => translate(shownLanguage.current, key, values);
    return shown;
  });
  const apiBase = session?.apiBase;
  const token = session?.token;
  const api = useMemo(() => {
    if (apiBase === undefined || token === undefined) return null;
    return createApi({
      apiBase,
      token,
      gate,
      onUnauthorized: () => {
        setStatus('expired');
        if (!expiredSent.current && frame?.framed) {
          expiredSent.current = true;
          frame.send('sessionExpired', {});
        }
      },
    });
  }, [apiBase, token, createApi, frame, gate]);

  // What a push did not change keeps its identity (pages key effects and memos on them): the
  // permission set, the label functions, the date preferences.
  const groupFields = session?.groupFields;
  const labelling = useMemo(
    () => (groupFields ? createLabelling(t, language, groupFields) : null),
    [t, language, groupFields],
  );
  const granted = session?.permissions;
  const permissions = useMemo(() => (granted ? createPermissionSet(granted) : null), [granted]);
  const timeZone = session?.timeZone;
  const dateFormat = session?.dateFormat;
  const calendarFormat = session?.calendarFormat;
  const preferences = useMemo(
    () =>
      timeZone === undefined || dateFormat === undefined || calendarFormat === undefined
        ? null
        : { timeZone, dateFormat, calendarFormat },
    [timeZone, dateFormat, calendarFormat],
  );

  // the forms' port for unsaved work: its identity is the frame's, so a form's effects keyed on it
  // (report, fetch the kept draft) do not run again when a push changes the context
  const unsaved = useMemo<UnsavedWorkPort | null>(() => {
    if (!frame?.framed) return null;
    return {
      location: () => router.current(),
      report: (at: string, draft: Record<string, string> | null) =>
        frame.send(
          'dirtyState',
          draft === null ? { dirty: false, path: at } : { dirty: true, path: at, draft },
        ),
      fetch: (at: string) =>
        frame.request('fetchDraft', { path: at }).then((answer) => answer.draft),
    };
  }, [frame, router]);

  const context = useMemo<LegacyContextValue | null>(() => {
    if (!session || !api || !labelling || !permissions || !preferences) return null;
    return {
      ...labelling,
      consoleHref: (location: string) => `${consoleBase}#/app${location === '/' ? '' : location}`,
      api,
      t,
      language: session.language,
      permissions,
      preferences,
      groupFields: session.groupFields,
      user: session.user,
      navigate,
      setModalOpen,
      done: (operation, ok, message) => {
        if (frame?.framed)
          frame.send('doneEvent', { operation, ok, ...(message ? { message } : {}) });
      },
      navigateShell: (target) => {
        if (frame?.framed) frame.send('navigateToEvent', { path: target });
      },
      openAbout: () => {
        if (frame?.framed) frame.send('handleAboutSection', {});
      },
      sidebar: (command) => {
        if (frame?.framed) frame.send('sidebarEvent', { command });
      },
      ...(unsaved ? { unsaved } : {}),
      groupConfigChanged: (groupId) => {
        if (frame?.framed) frame.send('updateGroupConfigMenu', { groupId });
      },
    };
  }, [
    session,
    api,
    t,
    labelling,
    permissions,
    preferences,
    unsaved,
    frame,
    navigate,
    setModalOpen,
    consoleBase,
  ]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  // read by the answer to `router` (a ref: written in render, read in the commit's layout effect)
  showsPage.current = status === 'signedIn' && context !== null;
  let body: ReactNode;
  if (status === 'outside') {
    body = (
      <section className="notice" aria-labelledby="outside-title">
        <h1 id="outside-title">{t('app.outsideConsole')}</h1>
        <p>{t('app.outsideConsoleDetail')}</p>
      </section>
    );
  } else if (status === 'expired') {
    body = (
      <section className="notice" role="alert">
        <h1>{t('app.sessionExpired')}</h1>
      </section>
    );
  } else if (status === 'connecting' || !context) {
    body = (
      <p className="notice" role="status" aria-busy="true">
        <Spinner />
        {t('app.connecting')}
      </p>
    );
  } else {
    body = (
      <LegacyContext.Provider value={context}>
        <MenuHoldContext.Provider value={gate}>
          {leaving ? null : <PageForRoute path={path} onShown={onPageShown} />}
        </MenuHoldContext.Provider>
        {customTab ? (
          <CustomTabDialog
            tabId={customTab.tabId}
            onClose={(saved, tabId) => {
              setCustomTab(null);
              if (frame?.framed) frame.send('closeCustomTabModal', { saved, tabId });
            }}
          />
        ) : null}
      </LegacyContext.Provider>
    );
  }

  return (
    <div className="legacy-app">
      <header className="legacy-header">
        {/* The route, for tests and support tools only: never shown (people read the page title). */}
        <span hidden data-testid="legacy-route">
          {path.split('?')[0]}
        </span>
        {context ? (
          <span className="header-actions">
            <button type="button" className="secondary" onClick={() => context.sidebar('toggle')}>
              {t('app.toggleSidebar')}
            </button>
            <button type="button" className="secondary" onClick={context.openAbout}>
              {t('app.about')}
            </button>
          </span>
        ) : null}
      </header>
      <main>{body}</main>
    </div>
  );
}

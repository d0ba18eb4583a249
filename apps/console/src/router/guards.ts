// Route guards as loaders that throw redirects (DESIGN §3; spec §2 top-level routing).
import { redirect, type LoaderFunctionArgs } from 'react-router';
import {
  decodeUriLenient,
  APP_ROOT,
  decideAuthFailure,
  type AuthFailureKind,
  LOGIN_ROUTE,
  STORAGE_KEYS,
  WELCOME_ROUTE,
  getAutoLoadTarget,
  isAppRouteAllowed,
  readApplicationTabs,
  parseAppRoute,
  resolvePlaceholderRoute,
  shouldRememberRedirect,
  validateNavigationTarget,
} from '@portico/core';
import { ApiError, NetworkError } from '../api/api-errors.ts';
import { readSessionDetail, removeLocal, setLocal } from '../session/browser-storage.ts';
import {
  StaleSessionError,
  type AuthOutcome,
  type SessionController,
} from '../session/session-controller.ts';
import type { TokenStore } from '../session/token-store.ts';
import type { AppStore } from '../store/store.ts';
import { hasOAuthReturn, readOAuthReturn } from './oauth-return.ts';

/** The route path of a loader request (hash routes arrive as the request's pathname). */
export function requestPath(request: Request): string {
  const url = new URL(request.url);
  return decodeUriLenient(url.pathname) + url.search;
}

export interface GuardDeps {
  session: SessionController;
  store: AppStore;
  tokens: TokenStore;
  warn(message: string): void;
}

/** Core's one policy for a failed authentication, as the guards apply it. */
function failureKind(error: unknown): AuthFailureKind {
  if (error instanceof StaleSessionError) return 'SUPERSEDED';
  return error instanceof NetworkError || (error instanceof ApiError && error.code === 'NETWORK')
    ? 'NO_ANSWER'
    : 'ANSWERED';
}

export function createGuards(deps: GuardDeps) {
  const { session, store, tokens } = deps;

  /** Spec §2 "OAuth return" (guard (b) of the main layout, and the first guard of /login). */
  function handleOAuthReturn(): Response | null {
    const oauth = readOAuthReturn();
    if (oauth.kind === 'none') return null;
    if (oauth.kind === 'token') {
      session.adoptToken(oauth.token);
      return redirect(APP_ROOT);
    }
    if (oauth.kind === 'refused')
      deps.warn(`Portico: an OAuth return was refused (${oauth.reason}); sign in again.`);
    return redirect(LOGIN_ROUTE);
  }
  // React Router runs the loaders of every matched route in parallel. The page guards must not
  // decide before the layout's guards (a)–(d) have: they wait for the layout's result of the same
  // navigation (one Request per navigation) and stand aside when it redirected.
  const layoutGuards = new WeakMap<Request, Promise<Response | null>>();

  async function afterLayoutGuards(request: Request): Promise<boolean> {
    const pending = layoutGuards.get(request);
    return pending ? (await pending) === null : true;
  }

  /** The empty-path layout: guards (a)–(d) in exactly this order (spec §2). */
  function mainLayoutLoader(args: LoaderFunctionArgs): Promise<Response | null> {
    const result = runLayoutGuards(args);
    layoutGuards.set(args.request, result);
    return result;
  }

  async function runLayoutGuards({ request }: LoaderFunctionArgs): Promise<Response | null> {
    const path = requestPath(request);
    // (a) remember the requested URL for a redirect after login, unless it is /app
    if (shouldRememberRedirect(path)) setLocal(STORAGE_KEYS.redirectUrl, path);
    // (b) OAuth return
    const oauth = handleOAuthReturn();
    if (oauth) return oauth;
    // (c) require an access token
    if (!session.hasToken()) {
      await session.logout({ broadcast: false });
      return redirect(LOGIN_ROUTE);
    }
    // (d) authenticate; granted: where a starting session goes (spec §4 redirect rule), or stay
    let landingUrl: string;
    try {
      ({ landingUrl } = await authenticateCurrent(request.signal));
    } catch (error) {
      const action = decideAuthFailure(failureKind(error));
      // no answer at all keeps the session: the unreachable screen, and the watcher retries
      if (action === 'KEEP_SESSION_AND_RETRY') throw error;
      // superseded and no token left: a sign-out happened meanwhile, and it navigates
      if (action === 'DROP') return redirect(LOGIN_ROUTE);
      await session.logout({ broadcast: false });
      return redirect(LOGIN_ROUTE);
    }
    removeLocal(STORAGE_KEYS.redirectUrl);
    const bare = path === '/' || path === '' || path === APP_ROOT || path === `${APP_ROOT}/`;
    if (bare) return redirect(landingUrl);
    return null;
  }

  /**
   * Authenticates the token stored now. An attempt superseded by a newer token (a user change while
   * it ran) is followed by one for the new token; superseded with no token left, it rejects.
   */
  async function authenticateCurrent(signal: AbortSignal): Promise<AuthOutcome> {
    for (let round = 0; ; round++) {
      try {
        return await session.authenticate();
      } catch (error) {
        // a navigation that was left (to /login after a sign-out, say) starts nothing new
        if (!(error instanceof StaleSessionError) || !tokens.read() || signal.aborted || round >= 5)
          throw error;
      }
    }
  }

  /** /login: the OAuth return handler, then an already-authorized user goes to /app (spec §2). */
  async function loginLoader({ request }: LoaderFunctionArgs) {
    const oauth = handleOAuthReturn();
    if (oauth) return oauth;
    if (
      !session.hasToken() &&
      (session.status === 'AUTHENTICATED' ||
        session.status === 'AUTHENTICATING' ||
        readSessionDetail() !== null)
    ) {
      // the sign-in form with no token: whatever session this tab (or its last page) held is over
      await session.logout({ broadcast: false });
    }
    if (session.hasToken()) {
      try {
        // already authorized: to /app, the remembered deep link kept (spec §4 redirect rule)
        const { landingUrl } = await authenticateCurrent(request.signal);
        return redirect(landingUrl);
      } catch (error) {
        // the same policy as guard (d): no answer keeps the session (unreachable screen, retry)
        const action = decideAuthFailure(failureKind(error));
        if (action === 'KEEP_SESSION_AND_RETRY') throw error;
        if (action === 'LOG_OUT') await session.logout({ broadcast: false });
      }
    }
    return null;
  }

  /** The last page this guard let through (path and query): where a refused navigation stays. */
  let lastAdmitted: string | null = null;

  /** Any other path: the placeholder route (spec §2 item 3). */
  async function placeholderLoader({ request }: LoaderFunctionArgs) {
    if (!(await afterLayoutGuards(request))) return null;
    const decision = resolvePlaceholderRoute(requestPath(request));
    return decision.kind === 'pass' ? null : redirect(decision.to);
  }

  /**
   * Every page under /app: the route must exist, its tab must be visible to the user, and a module
   * opened bare goes to its first accessible page when autoLoadTabMenus is "true" (spec §2).
   */
  async function appPageLoader({ request }: LoaderFunctionArgs) {
    if (!(await afterLayoutGuards(request))) return null;
    const path = requestPath(request).split('?')[0] ?? '';
    // Spec §5, from any source (a typed or pasted address too, not only the frame's targets): a
    // path with an undefined or null parameter is refused with a warning and nothing happens — the
    // page that was open stays (on a first load there is none: the default page).
    const validation = validateNavigationTarget(path);
    if (!validation.ok) {
      deps.warn(`Portico: navigation to "${path}" refused (${validation.reason}).`);
      return redirect(lastAdmitted ?? store.getState().session.defaultUrl ?? WELCOME_ROUTE);
    }
    const route = parseAppRoute(path);
    if (!route) {
      deps.warn(`Portico: "${path}" is not a page; going to the welcome page.`);
      return redirect(WELCOME_ROUTE);
    }
    const { authz, config } = store.getState();
    // A page the user may not open keeps its address: the shell explains, on that address, that
    // this account may not open it (and the frame is not sent there). A toast after a redirect
    // would lose the link the user followed.
    if (!mayOpen(route)) return null;
    if (!route.page) {
      const target = getAutoLoadTarget(route.module, {
        autoLoadTabMenus: config.groupFields.autoLoadTabMenus,
        permissions: authz.permissions,
        hiddenTabs: config.hiddenTabs,
      });
      if (target) return redirect(target);
    }
    lastAdmitted = requestPath(request);
    return null;
  }

  // the tenant's application tabs, parsed once per value of the setting (read on every tab click)
  let tabsSetting: unknown = undefined;
  let tabsRead: ReturnType<typeof readApplicationTabs> = [];
  function applicationTabs(setting: unknown) {
    if (setting !== tabsSetting) {
      tabsRead = readApplicationTabs(setting);
      tabsSetting = setting;
    }
    return tabsRead;
  }

  function mayOpen(route: NonNullable<ReturnType<typeof parseAppRoute>>): boolean {
    const { authz, config } = store.getState();
    return isAppRouteAllowed(route, {
      permissions: authz.permissions,
      hiddenTabs: config.hiddenTabs,
      applicationTabs: applicationTabs(config.groupFields.applicationTabs),
    });
  }

  /**
   * Whether a shell navigation to `url` (an /app page and its query) will pass every guard without
   * waiting: the session is loaded (guard (d) needs no call), no OAuth return is pending, and the
   * page exists, is not a bare module (it may be redirected) and is one the user may open. Only then
   * does the shell send the frame to it ahead of its own navigation; anything
   * else waits for the guards.
   */
  /** True when `url` is a page of the route table the signed-in user may not open. */
  function forbids(url: string): boolean {
    const route = parseAppRoute(decodeUriLenient(url.split('?')[0] ?? ''));
    return route !== null && !mayOpen(route);
  }

  function admitsAhead(url: string): boolean {
    if (!session.isAuthenticatedNow() || hasOAuthReturn()) return false;
    const route = parseAppRoute(decodeUriLenient(url.split('?')[0] ?? ''));
    return route !== null && route.page !== null && mayOpen(route);
  }

  /** `/` and `/app` opened from inside the application: the default landing page (guard (d)). */
  async function appIndexLoader({ request }: LoaderFunctionArgs) {
    if (!(await afterLayoutGuards(request))) return null;
    return redirect(store.getState().session.defaultUrl ?? WELCOME_ROUTE);
  }

  return {
    mainLayoutLoader,
    loginLoader,
    placeholderLoader,
    appPageLoader,
    appIndexLoader,
    admitsAhead,
    forbids,
  };
}

export type Guards = ReturnType<typeof createGuards>;

// The analytics wrapper (spec §1, §3, §9), loaded after sign-in only (start-analytics.ts imports it
// lazily). A client of PostHog's capture API written for the one thing the console records: no
// autocapture, no pageviews, no session recording, no surveys, no feature flags, and only
// 'Portal Load' ever leaves the browser. posthog-js did the same with 54 KiB (gzip) of code that
// was switched off; the spec's library defaults (cookie persistence across subdomains, 365 days,
// the session limits, the string limit, the request timeout, the rate limit, the bot list) are
// core's rules (analytics/capture-rules.ts) and the wire and cookie formats stay PostHog's.
// Like excalidraw's analytics, nothing here can break the console: every call is caught.
import {
  ANALYTICS_DEFAULTS,
  ANALYTICS_LOGIN_ORIGIN,
  PORTAL_LOAD_EVENT,
  analyticsCookieName,
  anonymousAnalyticsState,
  captureRequestBody,
  cookieDomainCandidates,
  getAnalyticsDistinctId,
  getAnalyticsEventData,
  getAnalyticsUserData,
  isLikelyBot,
  nextCaptureStep,
  parseAnalyticsState,
  serializeAnalyticsState,
  touchAnalyticsSession,
  uuidv7,
  type AnalyticsState,
  type AnalyticsUserLike,
  type CaptureOutcome,
} from '@portico/core';
import {
  firstAcceptedCookieDomain,
  getCookie,
  removeLongCookie,
  setLongCookie,
} from '../session/browser-storage.ts';
import { captureUrl, type AnalyticsSettings } from './analytics-options.ts';

export interface AnalyticsClient {
  /** Identifies the signed-in user; records 'Portal Load' when `capture` (a new login). */
  identify(input: {
    user: AnalyticsUserLike;
    token: string;
    clientId: string | undefined;
    capture: boolean;
  }): void;
  /** Ends the analytics identity (logout). */
  reset(): void;
}

type Logger = Pick<Console, 'warn'>;

/** What the client uses of the browser; tests pass their own. */
export interface AnalyticsClientDeps {
  logger: Logger;
  fetch: typeof fetch;
  now: () => number;
  randomBytes: (count: number) => Uint8Array;
  visitor: Navigator | undefined;
  location: Pick<Location, 'origin' | 'hostname'>;
  cookies: {
    get(name: string): string | undefined;
    set(name: string, value: string, domain: string | undefined): void;
    remove(name: string, domain: string | undefined): void;
    firstAcceptedDomain(candidates: readonly string[]): string | undefined;
  };
  setTimeout: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (timer: ReturnType<typeof setTimeout>) => void;
  /** Calls `flush` when the page is being left (`pagehide`). */
  onLeave: (flush: () => void) => void;
  sendBeacon: (url: string, body: string) => boolean;
}

/** The client's own version, sent as `$lib_version`. */
export const ANALYTICS_CLIENT_VERSION = '1.0.0';

const browserDeps = (): AnalyticsClientDeps => ({
  logger: console,
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  randomBytes: (count) => crypto.getRandomValues(new Uint8Array(count)),
  visitor: typeof navigator === 'undefined' ? undefined : navigator,
  location,
  cookies: {
    get: getCookie,
    set: (name, value, domain) =>
      setLongCookie(name, value, { domain, expiresDays: ANALYTICS_DEFAULTS.cookieExpirationDays }),
    remove: removeLongCookie,
    firstAcceptedDomain: firstAcceptedCookieDomain,
  },
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer),
  onLeave: (flush) => addEventListener('pagehide', flush),
  sendBeacon: (url, body) => navigator.sendBeacon(url, body),
});

function safely(logger: Logger, what: string, action: () => void): void {
  try {
    action();
  } catch (error) {
    logger.warn(`Analytics: ${what} failed (ignored)`, error);
  }
}

interface Pending {
  body: string;
  attempts: number;
  timer?: ReturnType<typeof setTimeout>;
}

export function createAnalyticsClient(
  settings: AnalyticsSettings,
  overrides: Partial<AnalyticsClientDeps> = {},
): AnalyticsClient {
  const deps = { ...browserDeps(), ...overrides };
  const { logger, cookies } = deps;
  // spec §9 "a bot/crawler block list": a crawler or an automated browser records nothing
  if (isLikelyBot(deps.visitor)) return { identify: () => undefined, reset: () => undefined };

  const cookieName = analyticsCookieName(settings.key);
  const url = () =>
    captureUrl(settings, deps.location.origin, deps.now(), ANALYTICS_CLIENT_VERSION);
  const newId = () => uuidv7(deps.now(), deps.randomBytes(10));
  let domain: string | undefined;
  let domainKnown = false;
  const cookieDomain = () => {
    if (!domainKnown) {
      domain = cookies.firstAcceptedDomain(cookieDomainCandidates(deps.location.hostname));
      domainKnown = true;
    }
    return domain;
  };

  let state: AnalyticsState = anonymousAnalyticsState(newId);
  const save = () => cookies.set(cookieName, serializeAnalyticsState(state), cookieDomain());
  const load = () => {
    state = parseAnalyticsState(cookies.get(cookieName)) ?? anonymousAnalyticsState(newId);
  };
  const resetIdentity = () => {
    cookies.remove(cookieName, cookieDomain());
    state = anonymousAnalyticsState(newId);
    save();
  };

  const pending = new Set<Pending>();
  const attempt = async (item: Pending): Promise<void> => {
    let outcome: CaptureOutcome;
    try {
      const response = await deps.fetch(url(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: item.body,
        // a reload right after sign-in must not lose the one event
        keepalive: item.body.length < 60_000,
        signal: AbortSignal.timeout(ANALYTICS_DEFAULTS.requestTimeoutMs),
      });
      outcome = response.ok
        ? { kind: 'sent' }
        : {
            kind: 'refused',
            status: response.status,
            retryAfter: response.headers.get('Retry-After'),
          };
    } catch {
      outcome = { kind: 'failed' };
    }
    item.attempts += 1;
    const step = nextCaptureStep(outcome, item.attempts);
    if (step.kind === 'retry') {
      item.timer = deps.setTimeout(() => void attempt(item), step.delayMs);
    } else {
      pending.delete(item);
      if (step.kind === 'give-up') logger.warn('Analytics: an event could not be sent (dropped)');
    }
  };
  // an event still waiting for a retry goes out as a beacon when the page is left
  deps.onLeave(() => {
    for (const item of pending) {
      if (item.timer === undefined) continue;
      deps.clearTimeout(item.timer);
      pending.delete(item);
      safely(logger, 'flush', () => void deps.sendBeacon(url(), item.body));
    }
  });

  const capture = (
    event: string,
    properties: Record<string, unknown>,
    set: Record<string, unknown>,
  ) => {
    const now = deps.now();
    const session = touchAnalyticsSession(state.session, now, newId);
    state = { ...state, session };
    save();
    const body = captureRequestBody({
      key: settings.key,
      event,
      uuid: newId(),
      now,
      state,
      sessionId: session.id,
      properties,
      set,
      libVersion: ANALYTICS_CLIENT_VERSION,
    });
    const item: Pending = { body: JSON.stringify(body), attempts: 0 };
    pending.add(item);
    void attempt(item);
  };

  safely(logger, 'init', () => {
    load();
    save();
  });

  return {
    identify({ user, token, clientId, capture: isNewLogin }) {
      safely(logger, 'identify', () => {
        load(); // another tab may have changed the identity
        const distinctId = getAnalyticsDistinctId(user);
        const userData = getAnalyticsUserData(user);
        if (state.distinctId !== distinctId) {
          resetIdentity();
          state = { ...state, distinctId, identified: true };
        }
        state = {
          ...state,
          superProperties: {
            ...state.superProperties,
            ...getAnalyticsEventData({
              origin: ANALYTICS_LOGIN_ORIGIN,
              clientId: clientId ?? '',
              token,
            }),
          },
        };
        save();
        // the services scope events by properties.tenant
        if (isNewLogin) capture(PORTAL_LOAD_EVENT, { ...userData }, userData);
      });
    },
    reset() {
      safely(logger, 'reset', resetIdentity);
    },
  };
}

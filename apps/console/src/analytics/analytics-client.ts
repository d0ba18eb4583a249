// The analytics wrapper (spec §1, §3, §9), loaded after sign-in only (start-analytics.ts imports it
// lazily). posthog-js's slim build without external scripts: no autocapture, no pageviews, no
// session recording, no surveys, no feature flags; only 'Portal Load' ever leaves the browser.
// Like excalidraw's analytics, nothing here can break the console: every call is caught.
import posthog, { type CaptureResult, type PostHogConfig } from 'posthog-js/dist/module.slim.no-external';
import {
  ANALYTICS_DEFAULTS,
  ANALYTICS_LOGIN_ORIGIN,
  PORTAL_LOAD_EVENT,
  clampSessionIdleTimeout,
  getAnalyticsDistinctId,
  getAnalyticsEventData,
  getAnalyticsUserData,
  type AnalyticsUserLike,
} from '@portico/core';

export interface AnalyticsSettings {
  key: string;
  /** Capture host; '' = this origin's /analytics (the services' capture endpoint). */
  host: string;
}

export interface AnalyticsClient {
  /** Identifies the signed-in user; records 'Portal Load' when `capture` (a new login). */
  identify(input: { user: AnalyticsUserLike; token: string; clientId: string | undefined; capture: boolean }): void;
  /** Ends the analytics identity (logout). */
  reset(): void;
}

type Logger = Pick<Console, 'warn'>;

function safely(logger: Logger, what: string, action: () => void): void {
  try {
    action();
  } catch (error) {
    logger.warn(`Analytics: ${what} failed (ignored)`, error);
  }
}

/** The posthog options (spec §9); exported for the test that pins them. */
export function analyticsOptions(settings: AnalyticsSettings, origin: string): Partial<PostHogConfig> {
  return {
    api_host: settings.host === '' ? `${origin}/analytics` : settings.host,
    autocapture: false,
    capture_pageview: false,
    capture_pageleave: false,
    disable_session_recording: true,
    rageclick: false,
    capture_dead_clicks: false,
    capture_exceptions: false,
    capture_heatmaps: false,
    capture_performance: false,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    disable_external_dependency_loading: true,
    advanced_disable_flags: true,
    advanced_disable_feature_flags: true,
    persistence: 'cookie',
    cross_subdomain_cookie: true,
    cookie_expiration: ANALYTICS_DEFAULTS.cookieExpirationDays,
    session_idle_timeout_seconds: clampSessionIdleTimeout(ANALYTICS_DEFAULTS.sessionIdleTimeoutSeconds),
    feature_flag_request_timeout_ms: ANALYTICS_DEFAULTS.featureFlagTimeoutMs,
    properties_string_max_length: ANALYTICS_DEFAULTS.propertyStringMaxLength,
    save_referrer: false,
    // one event: sent at once rather than batched, so a reload right after sign-in cannot lose it
    request_batching: false,
    // spec §9 "only one event": $identify, $set and anything the library might add never leave
    before_send: (event: CaptureResult | null) => (event?.event === PORTAL_LOAD_EVENT ? event : null),
  };
}

export function createAnalyticsClient(settings: AnalyticsSettings, logger: Logger = console): AnalyticsClient {
  let initialised = false;
  safely(logger, 'init', () => {
    // the request timeout is the library's own (60 s, spec §9); it has no option for it
    posthog.init(settings.key, analyticsOptions(settings, location.origin));
    initialised = true;
  });

  return {
    identify({ user, token, clientId, capture }) {
      if (!initialised) return;
      safely(logger, 'identify', () => {
        const distinctId = getAnalyticsDistinctId(user);
        const userData = getAnalyticsUserData(user);
        if (posthog.get_distinct_id() !== distinctId) {
          posthog.reset();
          posthog.identify(distinctId, userData);
        }
        posthog.register({ ...getAnalyticsEventData({ origin: ANALYTICS_LOGIN_ORIGIN, clientId: clientId ?? '', token }) });
        // the services scope events by properties.tenant
        if (capture) posthog.capture(PORTAL_LOAD_EVENT, { ...userData }, { $set: userData });
      });
    },
    reset() {
      if (initialised) safely(logger, 'reset', () => posthog.reset());
    },
  };
}

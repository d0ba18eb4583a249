// The posthog options of spec §9, apart from the library so they are tested without loading it.
import { ANALYTICS_DEFAULTS, PORTAL_LOAD_EVENT, clampSessionIdleTimeout } from '@portico/core';
import type { CaptureResult, PostHogConfig } from 'posthog-js/dist/module.slim.no-external';

export interface AnalyticsSettings {
  key: string;
  /** Capture host; '' = this origin's /analytics (the services' capture endpoint). */
  host: string;
}

export function analyticsOptions(
  settings: AnalyticsSettings,
  origin: string,
): Partial<PostHogConfig> {
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
    session_idle_timeout_seconds: clampSessionIdleTimeout(
      ANALYTICS_DEFAULTS.sessionIdleTimeoutSeconds,
    ),
    feature_flag_request_timeout_ms: ANALYTICS_DEFAULTS.featureFlagTimeoutMs,
    properties_string_max_length: ANALYTICS_DEFAULTS.propertyStringMaxLength,
    save_referrer: false,
    // one event: sent at once rather than batched, so a reload right after sign-in cannot lose it
    request_batching: false,
    // one small event: plain JSON (posthog-js 1.449 gzips without saying so in the URL, which the
    // services' capture endpoint reads as JSON and refuses)
    disable_compression: true,
    // spec §9 "only one event": $identify, $set and anything the library might add never leave
    before_send: (event: CaptureResult | null) =>
      event?.event === PORTAL_LOAD_EVENT ? event : null,
  };
}

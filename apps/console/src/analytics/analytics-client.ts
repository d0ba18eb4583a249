// The analytics wrapper (spec §1, §3, §9), loaded after sign-in only (start-analytics.ts imports it
// lazily). posthog-js's slim build without external scripts: no autocapture, no pageviews, no
// session recording, no surveys, no feature flags; only 'Portal Load' ever leaves the browser.
// Like excalidraw's analytics, nothing here can break the console: every call is caught.
import posthog from 'posthog-js/dist/module.slim.no-external';
import {
  ANALYTICS_LOGIN_ORIGIN,
  PORTAL_LOAD_EVENT,
  getAnalyticsDistinctId,
  getAnalyticsEventData,
  getAnalyticsUserData,
  type AnalyticsUserLike,
} from '@portico/core';
import { analyticsOptions, type AnalyticsSettings } from './analytics-options.ts';

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

function safely(logger: Logger, what: string, action: () => void): void {
  try {
    action();
  } catch (error) {
    logger.warn(`Analytics: ${what} failed (ignored)`, error);
  }
}

export function createAnalyticsClient(
  settings: AnalyticsSettings,
  logger: Logger = console,
): AnalyticsClient {
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
        posthog.register({
          ...getAnalyticsEventData({
            origin: ANALYTICS_LOGIN_ORIGIN,
            clientId: clientId ?? '',
            token,
          }),
        });
        // the services scope events by properties.tenant
        if (capture) posthog.capture(PORTAL_LOAD_EVENT, { ...userData }, { $set: userData });
      });
    },
    reset() {
      if (initialised) safely(logger, 'reset', () => posthog.reset());
    },
  };
}

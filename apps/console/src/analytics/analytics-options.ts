// Where the analytics client sends (spec §7 "The analytics library posts to its own endpoints"),
// apart from the client so the eager code can use it without loading the client.

export interface AnalyticsSettings {
  /** The project key (PostHog's project API key). */
  key: string;
  /** Capture host; '' = this origin's /analytics (the services' capture endpoint). */
  host: string;
}

/** The capture host: the configured one, or this origin's /analytics. No trailing slash. */
export function analyticsHost(settings: AnalyticsSettings, origin: string): string {
  return (settings.host === '' ? `${origin}/analytics` : settings.host).replace(/\/+$/, '');
}

/**
 * PostHog's capture endpoint for one event, as posthog-js addresses it: `/e/` with a cache-busting
 * time and the client's version; `ip=0` asks the server not to keep the address.
 */
export function captureUrl(
  settings: AnalyticsSettings,
  origin: string,
  now: number,
  version: string,
): string {
  const query = new URLSearchParams({ ip: '0', _: String(now), ver: version });
  return `${analyticsHost(settings, origin)}/e/?${query.toString()}`;
}

// The rules of the console's own analytics client (spec §9 "Analytics library defaults"), apart
// from the browser: which visitors are bots, how long a property string may be, which cookie and
// cookie domain hold the identity, when a session renews, what one capture request carries, and how
// long to wait before trying again. The wire and cookie formats are PostHog's (its capture API and
// its `ph_<key>_posthog` cookie), so a PostHog server records what the client sends and an identity
// that posthog-js stored in this browser before is kept.
import { ANALYTICS_DEFAULTS, shouldRenewAnalyticsSession } from './analytics-identity.ts';

/**
 * Spec §9 "a bot/crawler block list": PostHog's default list (posthog-js 1.449,
 * `@posthog/core` bot-detection.ts), matched case-insensitively as substrings of the user agent.
 */
export const BLOCKED_USER_AGENTS: readonly string[] = [
  'amazonbot',
  'amazonproductbot',
  'app.hypefactors.com',
  'applebot',
  'archive.org_bot',
  'awariobot',
  'backlinksextendedbot',
  'baiduspider',
  'bingbot',
  'bingpreview',
  'chrome-lighthouse',
  'dataforseobot',
  'deepscan',
  'duckduckbot',
  'facebookexternal',
  'facebookcatalog',
  'http://yandex.com/bots',
  'hubspot',
  'ia_archiver',
  'leikibot',
  'linkedinbot',
  'meta-externalagent',
  'mj12bot',
  'msnbot',
  'nessus',
  'petalbot',
  'pinterestbot',
  'prerender',
  'rogerbot',
  'screaming frog',
  'sebot-wa',
  'sitebulb',
  'slackbot',
  'slurp',
  'trendictionbot',
  'turnitin',
  'twitterbot',
  'vercel-screenshot',
  'vercelbot',
  'yahoo! slurp',
  'yandexbot',
  'zoombot',
  'bot.htm',
  'bot.php',
  '(bot;',
  'bot/',
  'crawler',
  'ahrefsbot',
  'ahrefssiteaudit',
  'semrushbot',
  'siteauditbot',
  'splitsignalbot',
  'gptbot',
  'oai-searchbot',
  'chatgpt-user',
  'perplexitybot',
  'better uptime bot',
  'sentryuptimebot',
  'uptimerobot',
  'headlesschrome',
  'lightpanda',
  'cypress',
  'google-hoteladsverifier',
  'adsbot-google',
  'apis-google',
  'duplexweb-google',
  'feedfetcher-google',
  'google favicon',
  'google web preview',
  'google-read-aloud',
  'googlebot',
  'googleother',
  'google-cloudvertexbot',
  'googleweblight',
  'mediapartners-google',
  'storebot-google',
  'google-inspectiontool',
  'bytespider',
];

/** What the bot rule reads of `navigator`. */
export interface VisitorLike {
  userAgent?: string;
  webdriver?: boolean;
  userAgentData?: { brands?: ReadonlyArray<{ brand?: string } | null> } | null;
}

function blocked(text: string | undefined): boolean {
  if (!text) return false;
  const lower = text.toLowerCase();
  return BLOCKED_USER_AGENTS.some((entry) => lower.includes(entry));
}

/** A crawler, a headless or an automated browser (user agent, client-hint brands, webdriver). */
export function isLikelyBot(visitor: VisitorLike | undefined): boolean {
  if (!visitor) return false;
  if (blocked(visitor.userAgent)) return true;
  if (visitor.userAgentData?.brands?.some((brand) => blocked(brand?.brand))) return true;
  return visitor.webdriver === true;
}

/**
 * Spec §9 "property string max length 65535": every string inside `value` (objects and arrays,
 * at any depth) cut to `max` characters. Returns a copy; cycles are cut off, not followed.
 */
export function truncateStrings(
  value: unknown,
  max: number = ANALYTICS_DEFAULTS.propertyStringMaxLength,
): unknown {
  const seen = new Set<unknown>();
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return item.length > max ? item.slice(0, max) : item;
    if (item === null || typeof item !== 'object') return item;
    if (seen.has(item)) return undefined;
    seen.add(item);
    const copy: unknown = Array.isArray(item)
      ? item.map(walk)
      : Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, walk(entry)]));
    seen.delete(item);
    return copy;
  };
  return walk(value);
}

/** PostHog's persistence cookie for a project key. */
export function analyticsCookieName(key: string): string {
  return `ph_${key}_posthog`;
}

/**
 * Spec §9 "cross-subdomain cookie": the domains to try, shortest first (`com`, `example.com`,
 * `app.example.com`). The browser refuses a public suffix, so the first it accepts is the site's
 * registrable domain. None for localhost, an IP address or a single label: the cookie is the host's.
 */
export function cookieDomainCandidates(hostname: string): string[] {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) return [];
  if (host.includes(':') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return [];
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return [];
  const count = Math.min(labels.length, 8);
  const candidates: string[] = [];
  for (let take = 1; take <= count; take += 1) candidates.push(labels.slice(-take).join('.'));
  return candidates;
}

export interface AnalyticsSessionState {
  id: string;
  startedAt: number;
  lastActivityAt: number;
}

/** What the analytics cookie holds. */
export interface AnalyticsState {
  distinctId: string;
  deviceId: string;
  identified: boolean;
  session: AnalyticsSessionState | null;
  /** Registered properties, sent with every event. */
  superProperties: Record<string, unknown>;
}

/** PostHog's own keys in the cookie; anything else in it is a registered property. */
const RESERVED_KEYS = new Set(['distinct_id', '$device_id', '$user_state', '$sesid']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * The state a cookie value holds, or null when it holds none that can be used (absent, not JSON,
 * no distinct id): the client then starts a new anonymous identity. A broken session entry only
 * loses the session.
 */
export function parseAnalyticsState(text: string | undefined | null): AnalyticsState | null {
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(json) || !nonEmpty(json.distinct_id)) return null;
  const deviceId = nonEmpty(json.$device_id) ? json.$device_id : json.distinct_id;
  const sesid = json.$sesid;
  let session: AnalyticsSessionState | null = null;
  if (
    Array.isArray(sesid) &&
    typeof sesid[0] === 'number' &&
    nonEmpty(sesid[1]) &&
    typeof sesid[2] === 'number'
  ) {
    session = { lastActivityAt: sesid[0], id: sesid[1], startedAt: sesid[2] };
  }
  const superProperties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json))
    if (!RESERVED_KEYS.has(key)) superProperties[key] = value;
  return {
    distinctId: json.distinct_id,
    deviceId,
    identified: json.$user_state === 'identified',
    session,
    superProperties,
  };
}

/** The cookie value for a state (PostHog's layout). */
export function serializeAnalyticsState(state: AnalyticsState): string {
  return JSON.stringify({
    ...state.superProperties,
    distinct_id: state.distinctId,
    $device_id: state.deviceId,
    $user_state: state.identified ? 'identified' : 'anonymous',
    ...(state.session
      ? { $sesid: [state.session.lastActivityAt, state.session.id, state.session.startedAt] }
      : {}),
  });
}

/** A new anonymous identity: the distinct id is the device id, as PostHog does. */
export function anonymousAnalyticsState(newId: () => string): AnalyticsState {
  const id = newId();
  return { distinctId: id, deviceId: id, identified: false, session: null, superProperties: {} };
}

/**
 * The session an event at `now` belongs to (spec §4 "renews after an idle timeout or after 24
 * hours of total length"): the current one with its activity moved to `now`, or a new one.
 */
export function touchAnalyticsSession(
  session: AnalyticsSessionState | null,
  now: number,
  newId: () => string,
  idleTimeoutSeconds: unknown = ANALYTICS_DEFAULTS.sessionIdleTimeoutSeconds,
): AnalyticsSessionState {
  const renew =
    session === null ||
    now < session.startedAt ||
    shouldRenewAnalyticsSession({
      now,
      sessionStart: session.startedAt,
      lastActivity: session.lastActivityAt,
      idleTimeoutSeconds,
    });
  return renew
    ? { id: newId(), startedAt: now, lastActivityAt: now }
    : { ...session, lastActivityAt: now };
}

const hex = (bytes: ArrayLike<number>) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A UUID version 7 (time-ordered, as PostHog's ids are) from a time and 10 random bytes. */
export function uuidv7(now: number, random: ArrayLike<number>): string {
  if (random.length < 10) throw new RangeError('uuidv7 needs 10 random bytes');
  const time = Math.max(0, Math.floor(now)).toString(16).padStart(12, '0').slice(-12);
  const rand = hex(
    Array.from(random)
      .slice(0, 10)
      .map((byte) => byte & 0xff),
  );
  const variant = ((parseInt(rand.slice(3, 4), 16) & 0x3) | 0x8).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${rand.slice(0, 3)}-${variant}${rand.slice(4, 7)}-${rand.slice(8, 20)}`;
}

export interface CaptureInput {
  key: string;
  event: string;
  uuid: string;
  now: number;
  state: AnalyticsState;
  sessionId: string;
  properties: Record<string, unknown>;
  set?: Record<string, unknown>;
  libVersion: string;
  maxStringLength?: number;
}

/** One event as PostHog's capture API takes it (`POST <host>/e/`), strings cut to the limit. */
export function captureRequestBody(input: CaptureInput): Record<string, unknown> {
  const max = input.maxStringLength ?? ANALYTICS_DEFAULTS.propertyStringMaxLength;
  const properties = {
    ...input.state.superProperties,
    ...input.properties,
    token: input.key,
    distinct_id: input.state.distinctId,
    $device_id: input.state.deviceId,
    $session_id: input.sessionId,
    $is_identified: input.state.identified,
    $lib: 'portico-web',
    $lib_version: input.libVersion,
    $time: input.now / 1000,
  };
  return {
    uuid: input.uuid,
    event: input.event,
    distinct_id: input.state.distinctId,
    api_key: input.key,
    properties: truncateStrings(properties, max),
    ...(input.set ? { $set: truncateStrings(input.set, max) } : {}),
    timestamp: new Date(input.now).toISOString(),
  };
}

/** How a capture attempt ended, for {@link nextCaptureStep}. */
export type CaptureOutcome =
  | { kind: 'sent' }
  | { kind: 'refused'; status: number; retryAfter?: string | null }
  | { kind: 'failed' };

export const CAPTURE_MAX_ATTEMPTS = 10;

/**
 * What follows an attempt (attempts counted from 1): done, give up (a refusal that a retry cannot
 * change, or too many attempts), or wait and try again. Network failures, timeouts and 5xx back off
 * 3 s, 6 s, 12 s … up to 30 min, as PostHog's retry queue does; a 429 waits its Retry-After or the
 * rate-limit default (spec §9 "rate limit 60 s").
 */
export function nextCaptureStep(
  outcome: CaptureOutcome,
  attempt: number,
): { kind: 'done' } | { kind: 'give-up' } | { kind: 'retry'; delayMs: number } {
  if (outcome.kind === 'sent') return { kind: 'done' };
  if (attempt >= CAPTURE_MAX_ATTEMPTS) return { kind: 'give-up' };
  if (outcome.kind === 'refused' && outcome.status === 429) {
    const seconds = Number(outcome.retryAfter);
    const wait =
      outcome.retryAfter != null && outcome.retryAfter.trim() !== '' && Number.isFinite(seconds)
        ? Math.min(Math.max(seconds, 1), 3600)
        : ANALYTICS_DEFAULTS.rateLimitSeconds;
    return { kind: 'retry', delayMs: wait * 1000 };
  }
  if (outcome.kind === 'refused' && outcome.status < 500) return { kind: 'give-up' };
  return { kind: 'retry', delayMs: Math.min(3000 * 2 ** (attempt - 1), 30 * 60 * 1000) };
}

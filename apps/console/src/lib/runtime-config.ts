import { isRecord } from '@portico/core';
// The run-time configuration file served beside index.html: one build runs against any
// platform host. Bad configuration must become a clear error screen, never a blank page.
// Validated by hand, not with zod: this runs before sign-in, where every kilobyte counts.

export interface RuntimeConfig {
  /** Platform host (scheme + host + port); empty means the page origin (spec §9). */
  apiBaseHost: string;
  /** Where the legacy UI is served (spec §9: /legacy-ui). */
  legacyUiBase: string;
  analytics: { enabled: boolean; host: string; key: string };
  /** Shows the v11.3.0 override label in About (spec §9). */
  showVersionOverride: boolean;
  surveyExpiration: Record<string, unknown>;
  sidebarFeature: Record<string, unknown>;
  /** Where the sign-in page's "Forgot password?" link goes; null hides the link (optional key). */
  forgotPasswordUrl: string | null;
  /**
   * Where "Sign in with SSO" starts (the identity provider's authorization address; the OAuth
   * return of spec §2 comes back from it); null hides the link (optional key).
   */
  ssoUrl: string | null;
}

export class RuntimeConfigError extends Error {
  readonly code = 'RUNTIME_CONFIG_INVALID';
}

function normaliseHost(host: string): string {
  if (host === '') return '';
  let url: URL;
  try {
    url = new URL(host);
  } catch {
    throw new RuntimeConfigError(
      `apiBaseHost "${host}" is not a URL (expected e.g. https://platform.example.com, or "" for this origin)`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new RuntimeConfigError(`apiBaseHost must use http or https, got ${url.protocol}`);
  }
  return url.origin;
}

function field<T>(
  record: Record<string, unknown>,
  path: string,
  check: (value: unknown) => value is T,
  expected: string,
): T {
  const value = record[path.split('.').at(-1)!];
  if (!check(value))
    throw new RuntimeConfigError(
      `portico.config.json: ${path}: expected ${expected}, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`,
    );
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/**
 * An optional link target (forgotPasswordUrl, ssoUrl): an http(s) URL or a path on this site;
 * "" or absent means none.
 */
function optionalUrl(
  json: Record<string, unknown>,
  key: 'forgotPasswordUrl' | 'ssoUrl',
): string | null {
  const value = json[key];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') {
    if (/^\/(?!\/)/.test(value)) return value;
    try {
      const url = new URL(value);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
    } catch {
      // reported below
    }
  }
  throw new RuntimeConfigError(
    `portico.config.json: ${key}: expected an http(s) URL, a path such as /reset, or "", got ${JSON.stringify(value)}`,
  );
}

/** Validates the parsed JSON of portico.config.json; the error names the first wrong key. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  if (!isRecord(json))
    throw new RuntimeConfigError('portico.config.json: file: expected a JSON object');
  const analytics = field(json, 'analytics', isRecord, 'an object');
  const legacyUiBase = field(json, 'legacyUiBase', isString, 'a path such as /legacy-ui');
  if (!/^\/[A-Za-z0-9/_-]*$/.test(legacyUiBase))
    throw new RuntimeConfigError(
      'portico.config.json: legacyUiBase: must be an absolute path such as /legacy-ui',
    );
  const analyticsHost = field(analytics, 'analytics.host', isString, 'a URL or ""');
  return {
    apiBaseHost: normaliseHost(field(json, 'apiBaseHost', isString, 'a URL or ""')),
    legacyUiBase: legacyUiBase.replace(/\/+$/, '') || '/legacy-ui',
    analytics: {
      enabled: field(analytics, 'analytics.enabled', isBoolean, 'true or false'),
      host: analyticsHost === '' ? '' : normaliseHost(analyticsHost),
      key: field(analytics, 'analytics.key', isString, 'a string'),
    },
    showVersionOverride: field(json, 'showVersionOverride', isBoolean, 'true or false'),
    surveyExpiration: field(json, 'surveyExpiration', isRecord, 'an object'),
    sidebarFeature: field(json, 'sidebarFeature', isRecord, 'an object'),
    forgotPasswordUrl: optionalUrl(json, 'forgotPasswordUrl'),
    ssoUrl: optionalUrl(json, 'ssoUrl'),
  };
}

/** Loads portico.config.json from beside index.html. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(new URL('portico.config.json', document.baseURI), {
      cache: 'no-cache',
    });
  } catch (error) {
    throw new RuntimeConfigError(`portico.config.json could not be loaded: ${String(error)}`);
  }
  if (!response.ok)
    throw new RuntimeConfigError(
      `portico.config.json could not be loaded (HTTP ${response.status})`,
    );
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new RuntimeConfigError('portico.config.json is not valid JSON');
  }
  return parseRuntimeConfig(json);
}

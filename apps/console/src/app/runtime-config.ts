// The run-time configuration file served beside index.html (issue 5): one build runs against any
// platform host. Bad configuration must become a clear error screen, never a blank page.
import * as z from 'zod/mini';

const analyticsSchema = z.object({
  enabled: z.boolean(),
  host: z.string(),
  key: z.string(),
});

const runtimeConfigSchema = z.object({
  /** Platform host (scheme + host + port); empty means the page origin (spec §9). */
  apiBaseHost: z.string(),
  /** Where the legacy UI is served (spec §9: /legacy-ui). */
  legacyUiBase: z.string().check(z.regex(/^\/[A-Za-z0-9/_-]*$/, 'must be an absolute path such as /legacy-ui')),
  analytics: analyticsSchema,
  /** Shows the v11.3.0 override label in About (spec §9). */
  showVersionOverride: z.boolean(),
  surveyExpiration: z.record(z.string(), z.unknown()),
  sidebarFeature: z.record(z.string(), z.unknown()),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export class RuntimeConfigError extends Error {
  readonly code = 'RUNTIME_CONFIG_INVALID';
}

function normaliseHost(host: string): string {
  if (host === '') return '';
  let url: URL;
  try {
    url = new URL(host);
  } catch {
    throw new RuntimeConfigError(`apiBaseHost "${host}" is not a URL (expected e.g. https://platform.example.com, or "" for this origin)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new RuntimeConfigError(`apiBaseHost must use http or https, got ${url.protocol}`);
  }
  return url.origin;
}

/** Validates the parsed JSON of portico.config.json. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const result = z.safeParse(runtimeConfigSchema, json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'file';
    throw new RuntimeConfigError(`portico.config.json: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  const config = result.data;
  return {
    ...config,
    apiBaseHost: normaliseHost(config.apiBaseHost),
    legacyUiBase: config.legacyUiBase.replace(/\/+$/, '') || '/legacy-ui',
    analytics: { ...config.analytics, host: config.analytics.host === '' ? '' : normaliseHost(config.analytics.host) },
  };
}

/** Loads portico.config.json from beside index.html. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(new URL('portico.config.json', document.baseURI), { cache: 'no-cache' });
  } catch (error) {
    throw new RuntimeConfigError(`portico.config.json could not be loaded: ${String(error)}`);
  }
  if (!response.ok) throw new RuntimeConfigError(`portico.config.json could not be loaded (HTTP ${response.status})`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new RuntimeConfigError('portico.config.json is not valid JSON');
  }
  return parseRuntimeConfig(json);
}

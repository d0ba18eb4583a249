// npm start in upstream mode (PLATFORM_URL set; README "Upstream mode"): serves the console and the
// frame kit, forwards /riot-core-services/, /git.json and /analytics/ to the platform and /legacy-ui/
// to LEGACY_UI_URL (default: the platform's /legacy-ui/). No database is opened.
import { join } from 'node:path';
import {
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  parseTrustedProxies,
  parseUpstreamUrl,
  startUpstreamServer,
} from '@portico/services';

/** Starts upstream mode and serves until SIGINT/SIGTERM; never returns. */
export async function runUpstream(options: {
  root: string;
  host: string;
  port: number;
  fail: (message: string) => never;
}): Promise<never> {
  const platformUrl = process.env.PLATFORM_URL ?? '';
  const legacyUiUrl = process.env.LEGACY_UI_URL || undefined;
  const timeoutText = process.env.PLATFORM_TIMEOUT_MS ?? String(DEFAULT_UPSTREAM_TIMEOUT_MS);
  const timeoutMs = Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 600_000)
    options.fail(
      `PLATFORM_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000, got "${timeoutText}"`,
    );
  let trustProxy: string[] = [];
  try {
    trustProxy = parseTrustedProxies(process.env.TRUST_PROXY);
    parseUpstreamUrl('PLATFORM_URL', platformUrl);
    if (legacyUiUrl) parseUpstreamUrl('LEGACY_UI_URL', legacyUiUrl);
  } catch (error) {
    options.fail(error instanceof Error ? error.message : String(error));
  }
  const server = await startUpstreamServer({
    host: options.host,
    port: options.port,
    platformUrl,
    legacyUiUrl,
    timeoutMs,
    trustProxy,
    consoleDir: join(options.root, 'apps/console/dist'),
    analyticsHost: process.env.ANALYTICS_HOST || undefined,
    log: (line) => console.log(line),
  });
  console.log(`
Portico is running at ${server.url}/ in upstream mode (no local database)
  /riot-core-services/, /git.json, /analytics/ → ${platformUrl}
  /legacy-ui/ → ${legacyUiUrl ?? `${platformUrl.replace(/\/+$/, '')}/legacy-ui/`}
  Sign in with an account of that platform. A platform that does not answer within ${timeoutMs} ms gets a 502/504.

Press Ctrl+C to stop.`);
  const stop = (signal: string) => {
    console.log(`\n${signal}: stopping Portico…`);
    setTimeout(() => process.exit(1), 10_000).unref();
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return new Promise<never>(() => undefined);
}

// Upstream mode (issue 16, DESIGN §4): Portico in front of a platform it does not own. The console
// (and the frame kit) are served from here; /riot-core-services/, /git.json and /analytics/ are
// forwarded to PLATFORM_URL, and /legacy-ui/ to LEGACY_UI_URL (default: the platform's /legacy-ui/),
// so the console runs same-origin with the platform. No database is opened in this mode.
import { Hono } from 'hono';
import type { AppEnv } from '../services-context.ts';
import type { Context } from 'hono';
import { contentSecurityPolicy } from '../http/content-security-policy.ts';
import { registerKitRoutes } from '../kit/kit-routes.ts';
import { listen } from '../listen.ts';
import { createStaticHandler } from '../static/static-files.ts';
import { proxyRequest } from './reverse-proxy.ts';
import type { ProxyTarget } from './reverse-proxy.ts';

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

export interface UpstreamOptions {
  /** The platform's base URL (http or https), e.g. `https://platform.example`. */
  platformUrl: string;
  /** Where /legacy-ui/ is forwarded (default `<platformUrl>/legacy-ui/`). */
  legacyUiUrl?: string;
  consoleDir: string;
  kitDir?: string;
  legacyPlainDir?: string;
  analyticsHost?: string;
  /** Time the platform has to start answering (and longest silence while it streams), in ms. */
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** Parses an upstream URL; the error says which variable is wrong and what it should look like. */
export function parseUpstreamUrl(variable: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `${variable} must be an absolute http(s) URL such as https://platform.example, got "${value}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${variable} must use http or https, got ${url.protocol}`);
  if (url.username || url.password) throw new Error(`${variable} must not carry credentials`);
  if (url.search || url.hash) throw new Error(`${variable} must not have a query or fragment`);
  return url;
}

function pathFrom(c: Context, prefix: string): string {
  const url = new URL(c.req.url);
  return `${url.pathname.slice(prefix.length) || '/'}${url.search}`;
}

export function createUpstreamApp(options: UpstreamOptions): Hono<AppEnv> {
  const log = options.log ?? ((line: string) => console.error(line));
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const platformBase = parseUpstreamUrl('PLATFORM_URL', options.platformUrl);
  const legacyBase = options.legacyUiUrl
    ? parseUpstreamUrl('LEGACY_UI_URL', options.legacyUiUrl)
    : new URL(`${platformBase.href.replace(/\/+$/, '')}/legacy-ui/`);
  const platform: ProxyTarget = { name: 'The platform', base: platformBase, timeoutMs, log };
  const legacy: ProxyTarget = { name: 'The legacy UI', base: legacyBase, timeoutMs, log };
  const htmlHeaders = {
    'Content-Security-Policy': contentSecurityPolicy(options.analyticsHost),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
  };

  const app = new Hono<AppEnv>();
  app.onError((failure, c) => {
    log(
      `upstream: unexpected error on ${c.req.method} ${c.req.path}: ${failure instanceof Error ? (failure.stack ?? failure.message) : String(failure)}`,
    );
    return c.json({ error: 'Internal server error' }, 500);
  });

  // The platform's own paths, forwarded whole (any method, bodies streamed).
  for (const prefix of ['/riot-core-services', '/analytics']) {
    app.all(prefix, (c) => proxyRequest(c, platform, pathFrom(c, '')));
    app.all(`${prefix}/*`, (c) => proxyRequest(c, platform, pathFrom(c, '')));
  }
  app.on(['GET', 'HEAD'], '/git.json', (c) => proxyRequest(c, platform, pathFrom(c, '')));
  app.on(['GET', 'HEAD'], '/legacy-ui', (c) => c.redirect('/legacy-ui/', 301));
  app.all('/legacy-ui/*', (c) => proxyRequest(c, legacy, pathFrom(c, '/legacy-ui')));

  // What this process serves itself.
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });
  registerKitRoutes(
    app,
    { kitDir: options.kitDir, legacyPlainDir: options.legacyPlainDir },
    htmlHeaders,
  );
  const consoleSite = createStaticHandler({
    name: 'console',
    dir: options.consoleDir,
    htmlHeaders,
  });
  app.on(['GET', 'HEAD'], '/*', (c) => consoleSite(c, c.req.path.slice(1)));
  app.all('*', (c) => c.json({ error: 'Not found' }, 404));
  return app;
}

export interface UpstreamServer {
  url: string;
  close(): Promise<void>;
}

/** Listens with the upstream app (one process: it only forwards and serves files). */
export async function startUpstreamServer(
  options: UpstreamOptions & { host: string; port: number },
): Promise<UpstreamServer> {
  const app = createUpstreamApp(options);
  return listen(app, options.host, options.port);
}

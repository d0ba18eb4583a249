// Upstream mode (DESIGN §4): Portico in front of a platform it does not own. The console
// (and the frame kit) are served from here; /riot-core-services/, /git.json and /analytics/ are
// forwarded to PLATFORM_URL, and /legacy-ui/ to LEGACY_UI_URL (default: the platform's /legacy-ui/),
// so the console runs same-origin with the platform. No database is opened in this mode.
import { Hono } from 'hono';
import type { AppEnv } from '../services-context.ts';
import { contentSecurityPolicy } from '../http/content-security-policy.ts';
import { registerKitRoutes } from '../routes/kit-routes.ts';
import { listen } from '../listen.ts';
import { createStaticHandler } from '../static/static-files.ts';
import type { Agent } from 'undici';
import { createTargetAgent, jsonError, proxyRequest } from './reverse-proxy.ts';
import type { ProxyTarget } from './reverse-proxy.ts';
import { isUnder, readRequestTarget, RequestTargetError } from './request-target.ts';
import type { RequestTarget } from './request-target.ts';

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
  /** Addresses of reverse proxies in front of this one whose X-Forwarded-* are believed (TRUST_PROXY). */
  trustProxy?: readonly string[];
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

/** A place on this origin forwarded to a target: `/riot-core-services/x` goes to `<base>/riot-core-services/x`, `/legacy-ui/x` to `<legacy base>/x`. */
interface Mount {
  prefix: string;
  target: ProxyTarget;
  agent: Agent;
  /** Whether the prefix is cut off before the path is appended to the target's base. */
  strip: boolean;
  /** Methods forwarded (all when absent). */
  methods?: readonly string[];
  /** Only the prefix itself is forwarded, nothing below it. */
  exact?: boolean;
}

export function createUpstreamApp(options: UpstreamOptions): UpstreamApp {
  const log = options.log ?? ((line: string) => console.error(line));
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const trustedProxies = new Set(options.trustProxy ?? []);
  const platformBase = parseUpstreamUrl('PLATFORM_URL', options.platformUrl);
  const legacyBase = options.legacyUiUrl
    ? parseUpstreamUrl('LEGACY_UI_URL', options.legacyUiUrl)
    : new URL(`${platformBase.href.replace(/\/+$/, '')}/legacy-ui/`);
  const common = { timeoutMs, trustedProxies, log };
  const platform: ProxyTarget = { name: 'The platform', base: platformBase, mount: '', ...common };
  const legacy: ProxyTarget = {
    name: 'The legacy UI',
    base: legacyBase,
    mount: '/legacy-ui',
    ...common,
  };
  const platformAgent = createTargetAgent(timeoutMs);
  const legacyAgent = createTargetAgent(timeoutMs);
  const mounts: Mount[] = [
    { prefix: '/riot-core-services', target: platform, agent: platformAgent, strip: false },
    { prefix: '/analytics', target: platform, agent: platformAgent, strip: false },
    {
      prefix: '/git.json',
      target: platform,
      agent: platformAgent,
      strip: false,
      methods: ['GET', 'HEAD'],
      exact: true,
    },
    { prefix: '/legacy-ui', target: legacy, agent: legacyAgent, strip: true },
  ];
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

  // Every request's target is read once, as the client sent it (request-target.ts), and that one
  // reading decides both whether it is forwarded and where: no route pattern matches a decoded copy.
  app.use('*', async (c, next) => {
    const raw = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
    let target: RequestTarget;
    try {
      target = readRequestTarget(raw ?? rawTargetOf(c.req.url));
    } catch (failure) {
      if (failure instanceof RequestTargetError) return jsonError(400, failure.message);
      throw failure;
    }
    const mount = mounts.find((entry) => isUnder(target.path, entry.prefix));
    if (!mount || (mount.exact && target.path !== mount.prefix)) return next();
    if (mount.methods && !mount.methods.includes(c.req.method)) return next();
    if (mount.strip && target.path === mount.prefix) {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
      return c.redirect(`${mount.prefix}/${target.query}`, 301);
    }
    const path = mount.strip ? target.path.slice(mount.prefix.length) : target.path;
    return proxyRequest(c, mount.target, mount.agent, path, target.query);
  });

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
  return Object.assign(app, {
    closeConnections: () =>
      Promise.all([platformAgent.close(), legacyAgent.close()]).then(() => undefined),
  });
}

/** The path and query of an absolute URL as written (fetch-style requests in tests have no raw target). */
function rawTargetOf(url: string): string {
  const afterScheme = url.indexOf('//');
  const slash = url.indexOf('/', afterScheme + 2);
  return slash === -1 ? '/' : url.slice(slash);
}

/** The upstream app, and how to close its connections to the targets once it stops serving. */
export type UpstreamApp = Hono<AppEnv> & { closeConnections(): Promise<void> };

export interface UpstreamServer {
  url: string;
  close(): Promise<void>;
}

/** Listens with the upstream app (one process: it only forwards and serves files). */
export async function startUpstreamServer(
  options: UpstreamOptions & { host: string; port: number },
): Promise<UpstreamServer> {
  const app = createUpstreamApp(options);
  const server = await listen(app, options.host, options.port);
  return {
    url: server.url,
    close: () => server.close().then(() => app.closeConnections()),
  };
}

// The Hono app: API under /riot-core-services/api, analytics capture under /analytics, version files,
// and the two front ends. Every response carries nosniff; HTML carries the CSP.
import { timingSafeEqual } from 'node:crypto';
import { API_BASE_PATH, MAX_MAP_IMAGE_BYTES } from '@portico/core';
import { Hono } from 'hono';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv, ServicesContext } from './services-context.ts';
import { AuthError, NOT_AUTHENTICATED } from './auth/auth-error.ts';
import { HttpError, httpErrorOfAuth } from './http/http-error.ts';
import { contentSecurityPolicy } from './http/content-security-policy.ts';
import { readRequestToken } from './http/request-token.ts';
import { peerAddress } from './http/client-address.ts';
import { resolveSecure } from './ops/client-address.ts';
import { requestCookie, requestHeader } from './http/request-headers.ts';
import { addAnswerCookie, setAnswerHeader } from './http/answer-headers.ts';
import { swallowBody } from './http/swallow-body.ts';
import { createXsrfToken } from './auth/token.ts';
import { registerSessionRoutes } from './routes/session-routes.ts';
import { registerAccountRoutes } from './routes/account-routes.ts';
import { registerUserRoutes } from './routes/user-routes.ts';
import { registerGroupFieldRoutes } from './routes/group-field-routes.ts';
import { registerApiKeyRoutes } from './routes/api-key-routes.ts';
import { registerPlatformUserRoutes } from './routes/platform-user-routes.ts';
import { registerAuditRoutes } from './routes/audit-routes.ts';
import { registerConfigEventRoutes } from './routes/config-event-routes.ts';
import { registerStatusRoutes } from './routes/status-routes.ts';
import { registerWebhookRoutes } from './routes/webhook-routes.ts';
import { registerRetentionRoutes } from './routes/retention-routes.ts';
import { registerConfigVersionRoutes } from './routes/config-version-routes.ts';
import { registerReportRoutes } from './routes/report-routes.ts';
import { registerLicenseRoutes } from './routes/license-routes.ts';
import { registerThingTypeFieldRoutes } from './routes/thing-type-field-routes.ts';
import { registerBulkRoutes } from './routes/bulk-routes.ts';
import { MAX_IMPORT_BYTES, registerImportRoutes } from './routes/import-routes.ts';
import { MODEL_FILE_PATH, registerTrainedModelRoutes } from './routes/trained-model-routes.ts';
import { registerPlatformWriteRoutes } from './routes/platform-write-routes.ts';
import {
  MAP_IMAGE_TOO_LARGE,
  MAP_IMAGE_UPLOAD_PATH,
  registerSiteRoutes,
} from './routes/site-routes.ts';
import { registerOpenApiRoutes } from './routes/openapi-routes.ts';
import { registerResourceRoutes } from './routes/resources/resource-routes.ts';
import { registerAnalyticsCapture, registerAnalyticsRead } from './routes/analytics-routes.ts';
import { createStaticHandler } from './static/static-files.ts';
import { CONSOLE_START_PAGE } from './static/console-start-page.ts';
import { installOperations } from './routes/operations-routes.ts';
import { registerKitRoutes } from './routes/kit-routes.ts';
import { registerDemoIdpRoutes } from './routes/demo-idp-routes.ts';
import { CachedRouter } from './http/cached-router.ts';
import { gitJson } from './presenters/version-json.ts';
import { platformShapesOnly } from './http/platform-shapes-only.ts';
import { SERVICES_VERSION } from './context.ts';

/** Answers served `Cache-Control: public` (static-files.ts: the hashed assets of both sites). */
const CACHEABLE_PATH = /^\/(legacy-ui\/)?assets\//;
export const MAX_API_BODY_BYTES = 1024 * 1024;
const IMPORT_UPLOAD_PATH = `${API_BASE_PATH}/importJob`;
/**
 * The XSRF-TOKEN cookie's attributes, as hono's `setCookie` wrote them (`{ path: '/', sameSite:
 * 'Strict', secure }`); the value is base64url, which needs no encoding. Written once here rather
 * than serialized and checked on each answer that issues one.
 */
const XSRF_ATTRIBUTES = '; Path=/; SameSite=Strict';
const XSRF_ATTRIBUTES_SECURE = '; Path=/; Secure; SameSite=Strict';

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function errorResponse(c: Context, thrown: unknown, log: (line: string) => void): Response {
  const error = thrown instanceof AuthError ? httpErrorOfAuth(thrown) : thrown;
  if (error instanceof HttpError) {
    const body: Record<string, unknown> = { error: error.message, ...error.details };
    // the real platform's text, where it has one (HttpError.platformMessage)
    if (error.platformMessage !== undefined) body.message = error.platformMessage;
    if (error.fields) body.fields = error.fields;
    // a 409 about one field (a unique value already taken) names it
    if (error.status === 409 && error.fields) body.field = Object.keys(error.fields)[0];
    return c.json(body, error.status, error.headers);
  }
  const code = (error as { code?: unknown }).code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') {
    return c.json({ error: 'Conflict: a record with the same unique value already exists' }, 409);
  }
  log(
    `unexpected error (request ${String(c.get('requestId'))}) on ${c.req.method} ${c.req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return c.json({ error: 'Internal server error' }, 500);
}

export function createApp(ctx: ServicesContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ router: new CachedRouter() });
  const htmlHeaders = {
    'Content-Security-Policy': contentSecurityPolicy(ctx.analyticsHost),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
  };

  app.onError((error, c) => errorResponse(c, error, ctx.log));
  // Headers are set before the handler runs (http/answer-headers.ts): set after it, they would force
  // the fast response object of @hono/node-server into a full fetch Response (streams and all),
  // which cost more than the whole rest of a small request. The operations middleware calls this
  // before the handler, rather than a middleware of its own: each layer of Hono's compose costs an
  // async call, a closure and a promise on every request.
  const everyAnswer = (c: Context<AppEnv>): void => {
    setAnswerHeader(c, 'X-Content-Type-Options', 'nosniff');
    // No cookie on an answer a shared cache may keep (hashed assets are public, immutable): a cache
    // would hand one visitor's XSRF-TOKEN to every other.
    if (!CACHEABLE_PATH.test(c.req.path) && !requestCookie(c, 'XSRF-TOKEN')) {
      // behind a TLS-terminating proxy in TRUST_PROXY, its X-Forwarded-Proto says https; read
      // only here, when a cookie is issued, not on every request
      const trusted = ctx.ops.trustedProxies;
      const secure = resolveSecure(
        c.req.url,
        peerAddress(c),
        trusted.size > 0 ? requestHeader(c, 'x-forwarded-proto') : undefined,
        trusted,
      );
      const attributes = secure ? XSRF_ATTRIBUTES_SECURE : XSRF_ATTRIBUTES;
      addAnswerCookie(c, `XSRF-TOKEN=${createXsrfToken()}${attributes}`);
    }
  };
  // Request ids, logs, metrics, /healthz, /readyz, /metrics: first, so they see every answer.
  installOperations(app, ctx, everyAnswer);
  if (ctx.platformShapesOnly) app.use(`${API_BASE_PATH}/*`, platformShapesOnly());

  // The rest of an oversized body is read and dropped first (bounded: http/swallow-body.ts), so the
  // client, still sending, reads the answer instead of a reset. The connection is closed after it all
  // the same: say so, or a keep-alive client sends its next request into a closing socket.
  const tooLarge = async (c: Context) => {
    await swallowBody(c);
    return c.json({ error: 'Request body too large' }, 413, { Connection: 'close' });
  };
  // hono's bodyLimit reads `c.req.raw.body`, which makes @hono/node-server build a full fetch Request
  // (with an AbortSignal) for every request; GET and HEAD carry no body we would read, so they skip it.
  const limit = bodyLimit({ maxSize: MAX_API_BODY_BYTES, onError: tooLarge });
  // an import's CSV file is larger: streamed to the database, never held whole
  const importLimit = bodyLimit({ maxSize: MAX_IMPORT_BYTES, onError: tooLarge });
  // a site's map image: up to 10 MiB, refused beyond with words that say so
  const mapImageLimit = bodyLimit({
    maxSize: MAX_MAP_IMAGE_BYTES,
    onError: async (c) => {
      await swallowBody(c);
      return c.json({ error: MAP_IMAGE_TOO_LARGE }, 413, { Connection: 'close' });
    },
  });
  const bodyLimitOf = (path: string) =>
    path === IMPORT_UPLOAD_PATH
      ? importLimit
      : MAP_IMAGE_UPLOAD_PATH.test(path)
        ? mapImageLimit
        : limit;
  const limitBody: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next);

  const api = new Hono<AppEnv>();
  /**
   * The caller of every API request but the login: token (header or cookie), CSRF, session. Not
   * async: a session and caller both in memory (sessions.authenticateCached) go on to the handler
   * at once, with no promise of their own; anything else waits for `sessions.authenticate`.
   */
  const authenticate = (c: Context<AppEnv>, next: Next): Promise<void> => {
    if (c.req.method === 'POST' && c.req.path === `${API_BASE_PATH}/user/login`) return next();
    // A personal API key (the platform's header) wins over a token, as on the platform. It is never
    // a cookie, so it needs no CSRF token.
    const apiKey = requestHeader(c, 'api_key');
    if (apiKey) {
      const keys = ctx.sessions.keys;
      const id = keys.cachedIdOfKey(apiKey);
      const cachedKeyCaller = id === undefined ? undefined : keys.cachedCallerOf(id);
      if (cachedKeyCaller !== undefined) {
        c.set('caller', cachedKeyCaller);
        c.set('token', '');
        return next();
      }
      return keys.authenticate(apiKey).then((caller) => {
        c.set('caller', caller);
        c.set('token', '');
        return next();
      });
    }
    const { token, fromCookie } = readRequestToken(c);
    if (!token) throw new HttpError(401, NOT_AUTHENTICATED);
    if (fromCookie && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const header = requestHeader(c, 'x-xsrf-token') ?? '';
      const cookie = requestCookie(c, 'XSRF-TOKEN') ?? '';
      if (!header || !cookie || !sameSecret(header, cookie)) {
        throw new HttpError(403, 'Missing or invalid X-XSRF-TOKEN header');
      }
    }
    const cached = ctx.sessions.authenticateCached(token);
    if (cached !== undefined) {
      c.set('caller', cached);
      c.set('token', token);
      return next();
    }
    return ctx.sessions.authenticate(token).then((caller) => {
      c.set('caller', caller);
      c.set('token', token);
      return next();
    });
  };
  // One middleware in place of three (no-store, the body limit, the caller), in that order: each
  // layer of Hono's compose costs an async call and a promise on every request, and so would a
  // wrapper around the next step.
  api.use('*', (c, next) => {
    setAnswerHeader(c, 'Cache-Control', 'no-store');
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return authenticate(c, next);
    // a model's file counts its own bytes as it streams them to the database (hono's bodyLimit
    // would hold a body of unannounced length whole): trained-model-routes.ts
    if (MODEL_FILE_PATH.test(c.req.path)) return authenticate(c, next);
    return bodyLimitOf(c.req.path)(c, () => authenticate(c, next));
  });
  // a sign-in's reads are answered by the whole app, as their own requests would be
  registerSessionRoutes(api, ctx, (request, env) => app.fetch(request, env));
  registerUserRoutes(api, ctx);
  registerGroupFieldRoutes(api, ctx);
  registerApiKeyRoutes(api, ctx);
  registerPlatformUserRoutes(api, ctx);
  registerAuditRoutes(api, ctx);
  registerConfigEventRoutes(api, ctx);
  registerStatusRoutes(api, ctx);
  registerWebhookRoutes(api, ctx);
  registerRetentionRoutes(api, ctx);
  registerConfigVersionRoutes(api, ctx);
  registerReportRoutes(api, ctx);
  registerImportRoutes(api, ctx);
  registerTrainedModelRoutes(api, ctx);
  registerLicenseRoutes(api, ctx);
  registerSiteRoutes(api, ctx);
  registerThingTypeFieldRoutes(api, ctx);
  registerAnalyticsRead(api, ctx);
  const writes = registerResourceRoutes(api, ctx);
  registerAccountRoutes(api, ctx, writes);
  registerBulkRoutes(api, ctx, writes);
  registerPlatformWriteRoutes(api, ctx, writes);
  registerOpenApiRoutes(api, SERVICES_VERSION);
  api.all('*', (c) =>
    c.json(
      { error: `No such endpoint: ${c.req.method} ${c.req.path.slice(API_BASE_PATH.length)}` },
      404,
    ),
  );
  app.route(API_BASE_PATH, api);

  const analytics = new Hono<AppEnv>();
  analytics.use('*', limitBody);
  registerAnalyticsCapture(analytics, ctx);
  app.route('/analytics', analytics);

  const versionBody = gitJson(ctx.version, SERVICES_VERSION);
  const version = (c: Context) => c.json(versionBody, 200, { 'Cache-Control': 'no-cache' });
  app.get('/git.json', version);
  // where the platform serves it: the root of its web application
  app.get('/riot-core-services/git.json', version);
  registerKitRoutes(app, ctx, htmlHeaders);
  registerDemoIdpRoutes(app, ctx);

  const legacy = createStaticHandler({ name: 'legacy UI', dir: ctx.legacyUiDir, htmlHeaders });
  const consoleSite = createStaticHandler({
    name: 'console',
    dir: ctx.consoleDir,
    htmlHeaders,
    startPage: CONSOLE_START_PAGE,
  });
  app.on(['GET', 'HEAD'], '/legacy-ui', (c) => c.redirect('/legacy-ui/', 301));
  app.on(['GET', 'HEAD'], '/legacy-ui/*', (c) => legacy(c, c.req.path.slice('/legacy-ui/'.length)));
  app.on(['GET', 'HEAD'], '/*', (c) => consoleSite(c, c.req.path.slice(1)));
  app.all('*', (c) => c.json({ error: 'Not found' }, 404));
  return app;
}

// What every instance offers its operator (DESIGN §4 "Operations"): a request id on every answer
// (and in every error body), one JSON log line per request (pino), Prometheus metrics, /healthz and
// /readyz, and the client address behind a trusted proxy. The logger, metrics and settings they use
// are created in ops/operations.ts.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { API_BASE_PATH, isRecord } from '@portico/core';
import type { Hono } from 'hono';
import type { Context } from 'hono';
import { sql } from 'kysely';
import { routePath } from 'hono/route';
import type { AppEnv, ServicesContext } from '../services-context.ts';
import { requestHeader } from '../http/request-headers.ts';
import { setAnswerHeader } from '../http/answer-headers.ts';
import { resolveClientAddress } from '../ops/client-address.ts';
import { peerAddress } from '../http/client-address.ts';
import { METRICS_CONTENT_TYPE } from '../ops/metrics.ts';

/** A client-sent X-Request-Id is kept only when it is a short token of these characters. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const READY_TIMEOUT_MS = 2_000;
const LOGIN_ROUTE = `${API_BASE_PATH}/user/login`;

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Adds `requestId` to a JSON error body `{ error, ... }` (every error answer carries it). */
async function withRequestId(c: Context, requestId: string): Promise<void> {
  const res = c.res;
  if (!(res.headers.get('content-type') ?? '').startsWith('application/json') || !res.body) return;
  let body: unknown;
  try {
    body = JSON.parse(await res.clone().text());
  } catch {
    return;
  }
  if (!isRecord(body) || !('error' in body)) return;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  const fresh = new Response(JSON.stringify({ ...body, requestId }), {
    status: res.status,
    statusText: res.statusText,
    headers,
  });
  // Unset first: Hono's setter would copy the old answer's headers (its length among them) over.
  c.res = undefined as unknown as Response;
  c.res = fresh;
}

/** One thing /readyz checks, as the health page shows it. */
export interface ReadinessCheck {
  name: 'cacheBus' | 'database' | 'migrations';
  ok: boolean;
  /** What was found, in a few words (no secret, no address). */
  detail: string;
}

/** What /readyz checks, one by one: the cache bus listens, the database answers, every migration is applied. */
export async function readinessChecks(
  ctx: ServicesContext,
  migrations: readonly string[] = ctx.migrations,
): Promise<ReadinessCheck[]> {
  const listening = ctx.bus.isListening();
  const checks: ReadinessCheck[] = [
    { name: 'cacheBus', ok: listening, detail: listening ? 'listening' : 'not listening' },
  ];
  let timer: NodeJS.Timeout | undefined;
  try {
    const started = performance.now();
    const rows = await Promise.race([
      sql<{ name: string }>`select name from portico_migrations`.execute(ctx.db),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database timeout')), READY_TIMEOUT_MS);
      }),
    ]);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    checks.push({ name: 'database', ok: true, detail: `answered in ${ms} ms (${ctx.dialect})` });
    const applied = new Set(rows.rows.map((row) => row.name));
    const missing = migrations.filter((name) => !applied.has(name));
    checks.push({
      name: 'migrations',
      ok: missing.length === 0,
      detail:
        missing.length === 0
          ? `${migrations.length} of ${migrations.length} applied`
          : `missing: ${missing.join(', ')}`,
    });
  } catch (error) {
    checks.push({
      name: 'database',
      ok: false,
      detail:
        error instanceof Error && error.message === 'database timeout'
          ? 'no answer in 2 s'
          : 'unreachable',
    });
    checks.push({ name: 'migrations', ok: false, detail: 'unknown: the database did not answer' });
  } finally {
    clearTimeout(timer);
  }
  return checks;
}

async function readiness(ctx: ServicesContext, migrations: readonly string[]): Promise<boolean> {
  if (!ctx.bus.isListening()) return false;
  return (await readinessChecks(ctx, migrations)).every((check) => check.ok);
}

/**
 * Installs the request middleware (first, so it sees every answer) and the operational routes.
 * Call right after `app.onError`, before any other route. `beforeHandler` runs in that middleware
 * once the request id is set, for every request but those of the operational routes installed here
 * (app.ts: the headers of every page and API answer), as a middleware registered after these
 * routes would.
 */
export function installOperations(
  app: Hono<AppEnv>,
  ctx: ServicesContext,
  beforeHandler?: (c: Context<AppEnv>) => void,
): void {
  const { logger, metrics, metricsToken, trustedProxies } = ctx.ops;
  // The request line is built below from a fixed list of fields, none of them a secret, so it skips
  // the redaction every other line goes through: with wildcard paths that doubled the cost of a
  // line (~6 µs of ~12 µs per request at LOG_LEVEL=info). Same stream, level and format.
  const requestLog = logger.child({}, { redact: [] });
  /** The requests the routes below answer (Hono answers a HEAD with the GET route). */
  const isOperationalRoute = (method: string, path: string): boolean =>
    (method === 'GET' || method === 'HEAD') &&
    (path === '/healthz' ||
      path === '/readyz' ||
      (metricsToken !== undefined && path === '/metrics'));

  app.use('*', async (c, next) => {
    const started = performance.now();
    const sent = requestHeader(c, 'x-request-id');
    const requestId = sent !== undefined && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
    c.set('requestId', requestId);
    c.set(
      'clientAddress',
      resolveClientAddress(
        peerAddress(c),
        trustedProxies.size > 0 ? requestHeader(c, 'x-forwarded-for') : undefined,
        trustedProxies,
      ),
    );
    // Before the handler: headers set afterwards would cost the fast response path (app.ts).
    setAnswerHeader(c, 'X-Request-Id', requestId);
    if (beforeHandler !== undefined && !isOperationalRoute(c.req.method, c.req.path))
      beforeHandler(c);
    await next();
    const status = c.res.status;
    if (status >= 400) await withRequestId(c, requestId);
    const seconds = (performance.now() - started) / 1000;
    const route = routePath(c) || '*';
    metrics.request(c.req.method, route, status, seconds);
    if (status === 429 && route === LOGIN_ROUTE) metrics.throttled.inc();
    const level =
      route === '/healthz' || route === '/readyz' ? 'debug' : status >= 500 ? 'error' : 'info';
    // The line's fields are gathered only when it will be written.
    if (!requestLog.isLevelEnabled(level)) return;
    const caller = c.get('caller') as
      { user?: { id: number }; tenant?: { id: number } | null } | undefined;
    const entry = {
      requestId,
      method: c.req.method,
      route,
      status,
      ms: Math.round(seconds * 10_000) / 10,
      userId: caller?.user?.id,
      tenantId: caller ? (caller.tenant?.id ?? null) : undefined,
      address: c.get('clientAddress'),
    };
    requestLog[level](entry, 'request');
  });

  const plain = (c: Context, status: 200 | 503, text: string) =>
    c.body(`${text}\n`, status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  app.on(['GET', 'HEAD'], '/healthz', (c) => plain(c, 200, 'ok'));
  app.on(['GET', 'HEAD'], '/readyz', async (c) =>
    (await readiness(ctx, ctx.migrations)) ? plain(c, 200, 'ok') : plain(c, 503, 'unavailable'),
  );

  // On the public port only with a token; METRICS_PORT (metrics-server.ts) is the other way.
  if (metricsToken) {
    app.get('/metrics', async (c) => {
      const authorization = c.req.header('authorization') ?? '';
      if (
        !authorization.startsWith('Bearer ') ||
        !sameSecret(authorization.slice('Bearer '.length), metricsToken)
      ) {
        return c.json({ error: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' }, 401, {
          'WWW-Authenticate': 'Bearer',
          'Cache-Control': 'no-store',
        });
      }
      return c.body(await ctx.ops.metricsText(), 200, {
        'Content-Type': METRICS_CONTENT_TYPE,
        'Cache-Control': 'no-store',
      });
    });
  }
}

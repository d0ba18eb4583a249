// `PORTICO_PLATFORM_SHAPES=only`: a test mode in which the calls where Portico answers a superset of
// the real platform's shape (API.md, compatibility table) answer the platform's shape alone, so an
// end-to-end run can prove that the console needs nothing but what the real platform sends
// (e2e environment `platform-shapes`). Statuses are never changed: only keys Portico adds are cut.
import type { MiddlewareHandler } from 'hono';
import { API_BASE_PATH } from '@portico/core';
import type { AppEnv } from '../services-context.ts';

type Json = Record<string, unknown>;

/** Keys of a user that the platform's `User.publicMap` (and its login answer) does not have. */
const PORTICO_USER_KEYS = [
  'isRoot',
  'calendarFormat',
  'language',
  'groupId',
  'roleIds',
  'displayPasswordExpirationTime',
] as const;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withoutPorticoUserKeys(body: Json): Json {
  const out = { ...body };
  for (const key of PORTICO_USER_KEYS) delete out[key];
  return out;
}

/** The platform's `GroupField.publicMap(true)`: `{id, value, field, group}`. */
function platformGroupField(entry: unknown): unknown {
  if (!isJson(entry)) return entry;
  return { id: entry.id, value: entry.value, field: entry.field, group: entry.group };
}

/** The platform's shape of one answer, or undefined when Portico's is already the platform's. */
export function platformShapeOf(method: string, path: string, body: unknown): unknown {
  if (!path.startsWith(API_BASE_PATH)) return undefined;
  const call = path.slice(API_BASE_PATH.length);
  if (method === 'POST' && call === '/user/login' && isJson(body)) {
    // the session's reads answered with the sign-in (core's sign-in-reads.ts): Portico's alone
    const { reads: _reads, ...platform } = withoutPorticoUserKeys(body);
    return platform;
  }
  if (method === 'GET' && call === '/user/validateToken' && isJson(body))
    return { message: body.message };
  if (method === 'GET' && /^\/user\/\d+$/.test(call) && isJson(body))
    return withoutPorticoUserKeys(body);
  if (method === 'GET' && /^\/group\/\d+\/inheritedFields$/.test(call) && isJson(body)) {
    if (Array.isArray(body.results))
      return { total: body.total, results: body.results.map(platformGroupField) };
    return Object.fromEntries(
      Object.entries(body).map(([name, entry]) => [name, platformGroupField(entry)]),
    );
  }
  return undefined;
}

/** The middleware of the mode: rewrites the JSON answers {@link platformShapeOf} names. */
export function platformShapesOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200 || !c.res.headers.get('content-type')?.includes('json')) return;
    let body: unknown;
    try {
      body = await c.res.clone().json();
    } catch {
      return;
    }
    const shaped = platformShapeOf(c.req.method, c.req.path, body);
    if (shaped === undefined) return;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    c.res = new Response(JSON.stringify(shaped), { status: c.res.status, headers });
  };
}

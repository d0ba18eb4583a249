// A posthog-compatible capture endpoint (so posthog-js pointed at <origin>/analytics records events
// here) and GET /riot-core-services/api/analytics/events to read them back.
//
// Security: an event belongs to the group the server knows from the
// request's session (the RIOT_TK cookie or `token` header: the tenant, or the root group for root
// users), never to a tenant name the client sends; without a valid session it is anonymous and only
// root reads it. Capture is bounded (events per request, depth, values, bytes), rate-limited per
// address and per client id, and the stored events are capped; reads never fail on a stored row.
import { gunzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { AppEnv, ServicesContext } from '../services-context.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError, parseOrThrow } from '../http/http-error.ts';
import { readRequestToken } from '../http/request-token.ts';
import type { AnalyticsLimits } from '../analytics/analytics-limits.ts';

const MAX_EVENTS_PER_REQUEST = 100;
const MAX_INFLATED_BYTES = 2 * 1024 * 1024;

const captureEvent = z.object({
  event: z.string().min(1).max(200),
  distinct_id: z.union([z.string(), z.number()]).optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  timestamp: z.string().max(64).optional(),
  $set: z.record(z.string(), z.unknown()).optional(),
});
const captureBody = z.union([
  z.array(captureEvent).max(MAX_EVENTS_PER_REQUEST),
  z
    .object({ batch: z.array(captureEvent).max(MAX_EVENTS_PER_REQUEST) })
    .transform((body) => body.batch),
  captureEvent.transform((event) => [event]),
]);

/** Decodes a capture body: gzip (`compression=gzip-js` or Content-Encoding), `data=<base64>` forms, or JSON. */
function decodeBody(
  raw: Uint8Array,
  query: Record<string, string>,
  headers: { encoding?: string; type?: string },
): unknown {
  let bytes = Buffer.from(raw);
  // posthog-js also sends gzip as text/plain without the query flag: recognise it by its magic bytes
  const gzipMagic = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (query.compression === 'gzip-js' || headers.encoding?.toLowerCase() === 'gzip' || gzipMagic) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_INFLATED_BYTES });
    } catch {
      throw new HttpError(400, 'Invalid body: not valid gzip data', { body: 'not valid gzip' });
    }
  }
  let text = bytes.toString('utf8');
  if (
    query.compression === 'base64' ||
    (headers.type ?? '').startsWith('application/x-www-form-urlencoded') ||
    text.startsWith('data=')
  ) {
    const data = new URLSearchParams(text).get('data');
    if (data === null)
      throw new HttpError(400, 'Invalid body: the form has no data field', { data: 'required' });
    text = Buffer.from(data, 'base64').toString('utf8');
  }
  if (text.trim() === '') throw new HttpError(400, 'Invalid body: empty', { body: 'required' });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'Invalid body: not valid JSON', { body: 'not valid JSON' });
  }
}

/** Why `value` is out of bounds, or null. Iterative: a nesting of any depth cannot overflow the stack. */
function outOfBounds(value: unknown, limits: AnalyticsLimits): string | null {
  const stack: Array<[unknown, number]> = [[value, 0]];
  let values = 0;
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    values += 1;
    if (values > limits.maxValues) return `more than ${limits.maxValues} values`;
    if (depth > limits.maxDepth) return `nested deeper than ${limits.maxDepth} levels`;
    if (Array.isArray(current)) for (const item of current) stack.push([item, depth + 1]);
    else if (typeof current === 'object' && current !== null)
      for (const item of Object.values(current)) stack.push([item, depth + 1]);
  }
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? '');
  return bytes > limits.maxBytes ? `more than ${limits.maxBytes} bytes` : null;
}

function text(value: unknown, max: number): string | null {
  if (typeof value === 'string') return value.slice(0, max);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** The deepest nesting of a JSON text, scanned without parsing it (strings skipped). */
function jsonDepth(source: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') deepest = Math.max(deepest, ++depth);
    else if (char === '}' || char === ']') depth -= 1;
  }
  return deepest;
}

/** A stored row's properties as JSON, whatever the row holds (rows from before the bounds too). */
export function readableProperties(stored: string): unknown {
  if (stored.length > 1024 * 1024) return { $unreadable: 'too large to show' };
  if (jsonDepth(stored) > 64) return { $unreadable: 'nested too deep to show' };
  try {
    return JSON.parse(stored) as unknown;
  } catch {
    return { $unreadable: 'not valid JSON' };
  }
}

/** Fixed one-minute windows per key, in this process. */
class RateWindows {
  private readonly windows = new LRUCache<string, { count: number; endsAt: number }>({
    max: 100_000,
  });

  /** Seconds to wait when `count` more would pass `limit`, else 0 (and they are counted). */
  wait(keys: Array<[string, number, number]>, now: number): number {
    let wait = 0;
    for (const [key, count, limit] of keys) {
      const window = this.windows.get(key);
      if (window && window.endsAt > now && window.count + count > limit)
        wait = Math.max(wait, Math.ceil((window.endsAt - now) / 1000));
    }
    if (wait > 0) return wait;
    for (const [key, count] of keys) {
      let window = this.windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { count: 0, endsAt: now + 60_000 };
        this.windows.set(key, window);
      }
      window.count += count;
    }
    return 0;
  }
}

const REMOTE_CONFIG = {
  supportedCompression: ['gzip-js', 'base64'],
  hasFeatureFlags: false,
  autocapture_opt_out: true,
  autocaptureExceptions: false,
  captureDeadClicks: false,
  capturePerformance: false,
  elementsChainAsString: true,
  heatmaps: false,
  sessionRecording: false,
  surveys: false,
  toolbarParams: {},
  defaultIdentifiedOnly: true,
  siteApps: [],
};
const EMPTY_FLAGS = {
  flags: {},
  featureFlags: {},
  featureFlagPayloads: {},
  errorsWhileComputingFlags: false,
  quotaLimited: [],
  requestId: '00000000-0000-0000-0000-000000000000',
};
const projectToken = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'not a project token');

export function registerAnalyticsCapture(analytics: Hono<AppEnv>, ctx: ServicesContext): void {
  const limits = ctx.analyticsLimits;
  const rates = new RateWindows();
  let inserts = 0;

  /** The group the request's session belongs to (its tenant, or the root group), or null. */
  const sessionGroup = async (c: Context<AppEnv>): Promise<{ id: number; name: string } | null> => {
    const { token } = readRequestToken(c);
    if (!token) return null;
    const caller = await ctx.sessions.authenticate(token).catch(() => undefined);
    const group = caller ? (caller.tenant ?? caller.group) : undefined;
    return group ? { id: group.id, name: group.name } : null;
  };

  const capture = async (c: Context<AppEnv>) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const body = decodeBody(raw, c.req.query(), {
      encoding: c.req.header('content-encoding'),
      type: c.req.header('content-type'),
    });
    const events = parseOrThrow(captureBody, body, 'body');
    for (const [index, event] of events.entries()) {
      const problem = outOfBounds({ properties: event.properties, $set: event.$set }, limits);
      if (problem)
        throw new HttpError(400, `Invalid body: event ${index}: properties ${problem}`, {
          [`${index}.properties`]: problem,
        });
    }
    const receivedAt = Date.now();
    const clientIds = new Map<string, number>();
    for (const event of events) {
      const clientId = text(event.properties?.clientId, 200);
      if (clientId) clientIds.set(clientId, (clientIds.get(clientId) ?? 0) + 1);
    }
    const wait = rates.wait(
      [
        [`a:${clientAddress(c)}`, events.length, limits.perAddressPerMinute],
        ...[...clientIds].map(([id, count]): [string, number, number] => [
          `c:${id}`,
          count,
          limits.perClientIdPerMinute,
        ]),
      ],
      receivedAt,
    );
    if (wait > 0)
      throw new HttpError(
        429,
        `Too many analytics events: try again in ${wait} seconds`,
        undefined,
        { 'Retry-After': String(wait) },
        { retryAfter: wait },
      );
    const group = await sessionGroup(c);
    const rows = events.map((event) => {
      const distinct =
        text(event.distinct_id, 400) ??
        text(event.properties?.distinct_id, 400) ??
        text(event.properties?.$distinct_id, 400) ??
        '';
      return {
        event: event.event,
        distinctId: distinct,
        groupId: group?.id ?? null,
        tenant: group?.name ?? null,
        properties: JSON.stringify(event.properties ?? {}),
        timestamp: event.timestamp ?? new Date(receivedAt).toISOString(),
        receivedAt,
      };
    });
    if (rows.length > 0) {
      await ctx.db.insertInto('analyticsEvents').values(rows).execute();
      inserts += 1;
      // The stored events stay bounded: anonymous ones at every insert, a group's now and then.
      if (!group) await keepNewest(ctx, null, limits.maxAnonymousEvents);
      else if (inserts % 100 === 0) await keepNewest(ctx, group.id, limits.maxEventsPerGroup);
    }
    return c.json({ status: 1 });
  };
  for (const path of [
    '/e',
    '/e/',
    '/i/v0/e',
    '/i/v0/e/',
    '/batch',
    '/batch/',
    '/capture',
    '/capture/',
    '/track',
    '/track/',
  ]) {
    analytics.post(path, capture);
  }
  for (const path of ['/flags', '/flags/', '/decide', '/decide/']) {
    analytics.on(['GET', 'POST'], path, (c) => c.json(EMPTY_FLAGS));
  }
  analytics.get('/array/:token/config', (c) => {
    const token = parseOrThrow(projectToken, c.req.param('token'), 'token');
    return c.json({ token, ...REMOTE_CONFIG });
  });
  analytics.get('/array/:token/config.js', (c) => {
    const token = parseOrThrow(projectToken, c.req.param('token'), 'token');
    const config = JSON.stringify({ config: { token, ...REMOTE_CONFIG }, siteApps: [] }).replace(
      /</g,
      '\\u003c',
    );
    return c.body(
      `(function(){var w=window;w._POSTHOG_REMOTE_CONFIG=w._POSTHOG_REMOTE_CONFIG||{};w._POSTHOG_REMOTE_CONFIG[${JSON.stringify(token)}]=${config};})();\n`,
      200,
      { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
    );
  });
  analytics.all('*', (c) => c.json({ error: 'Not found' }, 404));
}

const readQuery = z
  .object({
    event: z.string().min(1).max(200).optional(),
    pageSize: z.coerce.number().int().min(1).max(1000).default(100),
    pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
    _: z.string().optional(),
  })
  .strict();

/** Deletes all but the newest `keep` events of a group (null: the anonymous ones). */
async function keepNewest(
  ctx: ServicesContext,
  groupId: number | null,
  keep: number,
): Promise<void> {
  const scoped = groupId === null ? ('is' as const) : ('=' as const);
  await ctx.db
    .deleteFrom('analyticsEvents')
    .where('groupId', scoped, groupId)
    .where('id', '<=', (eb) =>
      eb
        .selectFrom('analyticsEvents')
        .select('id')
        .where('groupId', scoped, groupId)
        .orderBy('id', 'desc')
        .limit(1)
        .offset(keep),
    )
    .execute();
}

export function registerAnalyticsRead(api: Hono<AppEnv>, ctx: ServicesContext): void {
  api.get('/analytics/events', async (c) => {
    const query = parseOrThrow(readQuery, c.req.query(), 'query');
    const caller = c.get('caller');
    let select = ctx.db.selectFrom('analyticsEvents');
    if (query.event) select = select.where('event', '=', query.event);
    // Scoped by the group recorded from the capturing session; root reads every event.
    if (!caller.isRoot) select = select.where('groupId', '=', caller.tenant?.id ?? caller.group.id);
    const { total } = await select
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await select
      .selectAll()
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize)
      .execute();
    return c.json({
      total: Number(total),
      results: rows.map((row) => ({
        event: row.event,
        distinctId: row.distinctId,
        properties: readableProperties(row.properties),
        timestamp: row.timestamp,
      })),
    });
  });
}

// A posthog-compatible capture endpoint (so posthog-js pointed at <origin>/analytics records events
// here) and GET /riot-core-services/api/analytics/events to read them back.
import { gunzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServicesContext } from '../http/app-env.ts';
import { HttpError, parseOrThrow } from '../http/http-error.ts';
import { endsWith } from '../db/sql-helpers.ts';

const MAX_EVENTS_PER_REQUEST = 500;
const MAX_INFLATED_BYTES = 2 * 1024 * 1024;

const captureEvent = z.object({
  event: z.string().min(1).max(200),
  distinct_id: z.union([z.string(), z.number()]).optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  timestamp: z.string().max(64).optional(),
  $set: z.record(z.string(), z.unknown()).optional(),
});
type CaptureEvent = z.infer<typeof captureEvent>;
const captureBody = z.union([
  z.array(captureEvent).max(MAX_EVENTS_PER_REQUEST),
  z.object({ batch: z.array(captureEvent).max(MAX_EVENTS_PER_REQUEST) }).transform((body) => body.batch),
  captureEvent.transform((event) => [event]),
]);

/** Decodes a capture body: gzip (`compression=gzip-js` or Content-Encoding), `data=<base64>` forms, or JSON. */
function decodeBody(raw: Uint8Array, query: Record<string, string>, headers: { encoding?: string; type?: string }): unknown {
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
  if (query.compression === 'base64' || (headers.type ?? '').startsWith('application/x-www-form-urlencoded') || text.startsWith('data=')) {
    const data = new URLSearchParams(text).get('data');
    if (data === null) throw new HttpError(400, 'Invalid body: the form has no data field', { data: 'required' });
    text = Buffer.from(data, 'base64').toString('utf8');
  }
  if (text.trim() === '') throw new HttpError(400, 'Invalid body: empty', { body: 'required' });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'Invalid body: not valid JSON', { body: 'not valid JSON' });
  }
}

function tenantOf(event: CaptureEvent): string | null {
  const candidates = [event.properties?.tenant, event.$set?.tenant, (event.properties?.$set as Record<string, unknown> | undefined)?.tenant];
  const found = candidates.find((value): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200);
  return found ?? null;
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
const EMPTY_FLAGS = { flags: {}, featureFlags: {}, featureFlagPayloads: {}, errorsWhileComputingFlags: false, quotaLimited: [], requestId: '00000000-0000-0000-0000-000000000000' };
const projectToken = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'not a project token');

export function registerAnalyticsCapture(analytics: Hono<AppEnv>, ctx: ServicesContext): void {
  const capture = async (c: Context<AppEnv>) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const body = decodeBody(raw, c.req.query(), { encoding: c.req.header('content-encoding'), type: c.req.header('content-type') });
    const events = parseOrThrow(captureBody, body, 'body');
    const receivedAt = Date.now();
    const rows = events.map((event) => {
      const distinct = event.distinct_id ?? event.properties?.distinct_id ?? event.properties?.$distinct_id ?? '';
      return {
        event: event.event,
        distinctId: String(distinct).slice(0, 400),
        tenant: tenantOf(event),
        properties: JSON.stringify(event.properties ?? {}),
        timestamp: event.timestamp ?? new Date(receivedAt).toISOString(),
        receivedAt,
      };
    });
    if (rows.length > 0) await ctx.db.insertInto('analyticsEvents').values(rows).execute();
    return c.json({ status: 1 });
  };
  for (const path of ['/e', '/e/', '/i/v0/e', '/i/v0/e/', '/batch', '/batch/', '/capture', '/capture/', '/track', '/track/']) {
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
    const config = JSON.stringify({ config: { token, ...REMOTE_CONFIG }, siteApps: [] }).replace(/</g, '\\u003c');
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

export function registerAnalyticsRead(api: Hono<AppEnv>, ctx: ServicesContext): void {
  api.get('/analytics/events', async (c) => {
    const query = parseOrThrow(readQuery, c.req.query(), 'query');
    const caller = c.get('caller');
    let select = ctx.db.selectFrom('analyticsEvents');
    if (query.event) select = select.where('event', '=', query.event);
    if (!caller.isRoot) {
      const tenant = caller.tenant?.name ?? '';
      select = select.where((eb) => eb.or([eb('tenant', '=', tenant), endsWith('distinctId', tenant)]));
    }
    const { total } = await select.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await select
      .selectAll()
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize)
      .execute();
    return c.json({
      total: Number(total),
      results: rows.map((row) => ({ event: row.event, distinctId: row.distinctId, properties: JSON.parse(row.properties) as unknown, timestamp: row.timestamp })),
    });
  });
}

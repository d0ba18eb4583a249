// The audit trail's read side: GET /auditEntry (filtered, paged on the server, newest first) and
// GET /auditEntry/export.csv (the same filter, every row, streamed). Entries are append-only:
// every other method on these paths answers 405.
import type { Context, Hono } from 'hono';
import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { AuditEntry, AuditFieldChange } from '@portico/core';
import { z } from 'zod';
import type { AuditEntryTable, Database } from '../db/schema.ts';
import { parseOrThrow } from '../http/http-error.ts';
import { pathId } from '../http/id-param.ts';
import { auditScope, refuseAuditChange } from '../policies/audit-policy.ts';
import { csvCell } from '../resources/serialize.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';

const MAX_PAGE_SIZE = 500;
const EXPORT_CHUNK = 1000;

/** A time as milliseconds since the epoch, or an ISO 8601 date or date-time. */
const instant = z.string().transform((text, context) => {
  const value = /^\d{1,15}$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(value)) {
    context.addIssue({ code: 'custom', message: 'must be a time (ISO 8601 or milliseconds)' });
    return z.NEVER;
  }
  return value;
});
const word = z.string().min(1).max(100);

export const auditQuery = z.strictObject({
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  pageNumber: pathId.optional(),
  /** The actor: a user id, or a username (exact, any case). */
  user: word.optional(),
  resource: word.optional(),
  record: pathId.optional(),
  action: word.optional(),
  from: instant.optional(),
  to: instant.optional(),
  order: z.enum(['at:desc', 'at:asc']).optional(),
});
type AuditQuery = z.infer<typeof auditQuery>;

/** A stored entry as Kysely reads it (bigint columns may come back as strings on PostgreSQL). */
type EntryRow = Selectable<AuditEntryTable>;

function toJson(row: EntryRow): AuditEntry {
  const at = Number(row.at);
  return {
    id: Number(row.id),
    at: new Date(at).toISOString(),
    time: at,
    tenantId: row.tenantId === null ? null : Number(row.tenantId),
    user: { id: row.actorId === null ? null : Number(row.actorId), username: row.actorName },
    address: row.address,
    requestId: row.requestId,
    action: row.action,
    resource: row.resource,
    recordId: row.recordId === null ? null : Number(row.recordId),
    recordName: row.recordName,
    changes: JSON.parse(row.changes) as AuditFieldChange[],
    apiKeyId: row.apiKeyId === null ? null : Number(row.apiKeyId),
  };
}

export function registerAuditRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  function filtered(c: Context<AppEnv>, query: AuditQuery) {
    const scope = auditScope(c.get('caller'));
    let select: SelectQueryBuilder<Database, 'auditEntries', object> =
      ctx.db.selectFrom('auditEntries');
    if (scope !== undefined)
      select =
        scope.tenantId === null
          ? select.where('tenantId', 'is', null)
          : select.where('tenantId', '=', scope.tenantId);
    if (query.user !== undefined)
      select = /^\d+$/.test(query.user)
        ? select.where('actorId', '=', Number(query.user))
        : select.where((eb) => eb(eb.fn('lower', ['actorName']), '=', query.user!.toLowerCase()));
    if (query.resource !== undefined) select = select.where('resource', '=', query.resource);
    if (query.record !== undefined) select = select.where('recordId', '=', query.record);
    if (query.action !== undefined) select = select.where('action', '=', query.action);
    if (query.from !== undefined) select = select.where('at', '>=', query.from);
    if (query.to !== undefined) select = select.where('at', '<=', query.to);
    return select;
  }

  api.get('/auditEntry', async (c) => {
    const query = parseOrThrow(auditQuery, c.req.query(), 'query');
    const select = filtered(c, query);
    const pageSize = query.pageSize ?? 50;
    const pageNumber = query.pageNumber ?? 1;
    const direction = query.order === 'at:asc' ? 'asc' : 'desc';
    const [count, rows] = await Promise.all([
      select.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      select
        .selectAll()
        .orderBy('at', direction)
        .orderBy('id', direction)
        .limit(pageSize)
        .offset((pageNumber - 1) * pageSize)
        .execute(),
    ]);
    return c.json({ total: Number(count.total), results: rows.map(toJson) });
  });

  api.get('/auditEntry/export.csv', (c) => {
    const query = parseOrThrow(auditQuery, c.req.query(), 'query');
    const ascending = query.order === 'at:asc';
    // keyset pages on the id (entries are appended in time order): an entry appended while the
    // export runs neither shifts a page nor repeats a row
    const filter = filtered(c, query);
    let last: number | undefined;
    const page = () =>
      (last === undefined ? filter : filter.where('id', ascending ? '>' : '<', last))
        .selectAll()
        .orderBy('id', ascending ? 'asc' : 'desc')
        .limit(EXPORT_CHUNK)
        .execute();
    const columns = [
      'id',
      'at',
      'user',
      'address',
      'requestId',
      'action',
      'resource',
      'recordId',
      'recordName',
      'changes',
    ];
    const encoder = new TextEncoder();
    let first = true;
    const stream = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          try {
            const rows = await page();
            last = rows.length > 0 ? Number(rows[rows.length - 1]!.id) : last;
            let text = first ? `\uFEFF${columns.map(csvCell).join(',')}\r\n` : '';
            first = false;
            for (const row of rows) {
              const entry = toJson(row);
              const cells = [
                entry.id,
                entry.at,
                entry.user.username,
                entry.address,
                entry.requestId,
                entry.action,
                entry.resource,
                entry.recordId ?? '',
                entry.recordName,
                JSON.stringify(entry.changes),
              ];
              text += `${cells.map(csvCell).join(',')}\r\n`;
            }
            if (text) controller.enqueue(encoder.encode(text));
            if (rows.length < EXPORT_CHUNK) controller.close();
          } catch (error) {
            ctx.log(
              `export of the audit trail failed: ${error instanceof Error ? error.message : String(error)}`,
            );
            controller.error(error);
          }
        },
      },
      { highWaterMark: 1 },
    );
    return c.body(stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="audit.csv"',
    });
  });

  for (const path of ['/auditEntry', '/auditEntry/:id']) {
    api.on(['POST', 'PUT', 'PATCH', 'DELETE'], path, () => refuseAuditChange());
  }
  api.get('/auditEntry/:id{[0-9]+}', async (c) => {
    const select = filtered(c, {});
    const row = await select
      .selectAll()
      .where('id', '=', Number(c.req.param('id')))
      .executeTakeFirst();
    if (!row) return c.json({ error: `Audit entry ${c.req.param('id')} not found` }, 404);
    return c.json(toJson(row));
  });
}

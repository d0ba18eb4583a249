// POST /{resource}/bulk: one action over many records, chosen by ids or by the list's own query
// (`match`: its search, filters and `where`, so "select all 1 234 matching" means the same rows the
// list counted, not only the page on screen).
//
// Each record is its own transaction: it is checked, written and audited exactly as a single write
// of it would be, and succeeds or fails on its own. All-or-nothing would turn one record still in
// use into "nothing happened" for the thousand others, would hold the database's write lock for
// the whole run, and could not give the grouped answer people need ("3 deleted; 2 still used by 5
// assets: Dock 1, Dock 2"). The answer lists what was done and what was not, and why.
import type { Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { BulkFailure, BulkResult } from '@portico/core';
import { UNDO_WINDOW_MS, softDeletes } from '../db/soft-delete-tables.ts';
import { HttpError, parseOrThrow } from '../http/http-error.ts';
import { readJson } from '../http/read-json.ts';
import { readableFor, readableGroups, ownerOf } from '../policies/access.ts';
import { requireBulkPermission } from '../policies/bulk-policy.ts';
import { recordNameOf } from '../audit/audit-log.ts';
import { filteredSelect, parseListQuery } from '../resources/list-query.ts';
import { usageOf } from '../resources/references.ts';
import { RESOURCES } from '../resources/definitions/index.ts';
import type { ResourceSpec, Row } from '../resources/resource-spec.ts';
import type { ResourceWrites } from './resources/resource-routes.ts';
import { parseWriteBody } from '../resources/write-body.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';

type AnyDb = Kysely<Record<string, Row>>;

/** The most records one bulk request acts on (a larger selection is refused, not cut). */
export const MAX_BULK_RECORDS = 10_000;
/** List parameters that shape a page, not the rows: a `match` may carry them and they are ignored. */
const PAGE_ONLY = new Set(['pageSize', 'pageNumber', 'order', 'extra', 'only', '_', 'ts']);

const recordId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const bulkBody = z
  .object({
    action: z.enum(['delete', 'update', 'restore']),
    ids: z.array(recordId).min(1).max(MAX_BULK_RECORDS).optional(),
    match: z.record(z.string().max(100), z.string().max(4000)).optional(),
    values: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .superRefine((body, issue) => {
    if ((body.ids === undefined) === (body.match === undefined))
      issue.addIssue({ code: 'custom', path: ['ids'], message: 'give either ids or match' });
    if (body.action === 'restore' && body.ids === undefined)
      issue.addIssue({ code: 'custom', path: ['ids'], message: 'a restore names its ids' });
    if (body.action === 'update' && Object.keys(body.values ?? {}).length === 0)
      issue.addIssue({ code: 'custom', path: ['values'], message: 'an update needs values' });
    if (body.action !== 'update' && body.values !== undefined)
      issue.addIssue({ code: 'custom', path: ['values'], message: `a ${body.action} takes none` });
  });

export function registerBulkRoutes(
  api: Hono<AppEnv>,
  ctx: ServicesContext,
  writes: ResourceWrites,
): void {
  const db = ctx.db as unknown as AnyDb;

  /** The ids of the records the list's query selects for this caller, in the list's tenant scope. */
  async function matchingIds(
    c: Context<AppEnv>,
    spec: ResourceSpec,
    match: Record<string, string>,
  ): Promise<number[]> {
    const query = Object.fromEntries(Object.entries(match).filter(([key]) => !PAGE_ONLY.has(key)));
    const parsed = parseListQuery(spec, { ...query, pageSize: '-1' });
    const { readable } = readableFor(c.get('caller'), spec);
    const { select } = filteredSelect(db, ctx.dialect, spec, parsed, readable);
    const rows = await select
      .select('id')
      .orderBy('id')
      .limit(MAX_BULK_RECORDS + 1)
      .execute();
    if (rows.length > MAX_BULK_RECORDS)
      throw new HttpError(
        400,
        `Invalid body: match: more than ${MAX_BULK_RECORDS} records match; narrow the filter`,
        { match: `more than ${MAX_BULK_RECORDS} records` },
      );
    return rows.map((row) => Number(row.id));
  }

  /** The names of failed records the caller may read (others stay unnamed). */
  async function readableNames(
    c: Context<AppEnv>,
    spec: ResourceSpec,
    ids: number[],
  ): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    const readable = readableGroups(c.get('caller'), spec);
    for (let start = 0; start < ids.length; start += 500) {
      const rows = await db
        .selectFrom(spec.table)
        .selectAll()
        .where('id', 'in', ids.slice(start, start + 500))
        .execute();
      for (const row of rows)
        if (!readable || readable.has(ownerOf(spec, row)))
          names.set(Number(row.id), recordNameOf(row) || `#${String(row.id)}`);
    }
    return names;
  }

  async function handleBulk(c: Context<AppEnv>, spec: ResourceSpec): Promise<Response> {
    const caller = c.get('caller');
    const body = parseOrThrow(bulkBody, await readJson(c.req), 'body');
    requireBulkPermission(caller, spec, body.action);
    // Bad values are refused before any record is touched.
    const values =
      body.action === 'update' ? parseWriteBody(spec, body.values, 'patch') : undefined;
    const ids = body.ids ? [...new Set(body.ids)] : await matchingIds(c, spec, body.match ?? {});
    const started = Date.now();
    const result: BulkResult = { action: body.action, total: ids.length, done: [], failed: [] };
    const failures: Array<Omit<BulkFailure, 'name'>> = [];
    for (const id of ids) {
      try {
        let name: string;
        if (body.action === 'delete') name = await writes.deleteRow(c, caller, spec, id);
        else if (body.action === 'restore') name = await writes.restoreRow(c, caller, spec, id);
        else {
          const json = await writes.updateRow(c, caller, spec, id, { ...values });
          name = recordNameOf(json) || `#${id}`;
        }
        result.done.push({ id, name: name || `#${id}` });
      } catch (error) {
        if (!(error instanceof HttpError) || error.status === 401) throw error;
        const failure: Omit<BulkFailure, 'name'> = {
          id,
          status: error.status,
          error: error.message,
        };
        if (body.action === 'delete' && error.status === 409) {
          const usage = await usageOf(db as unknown as Parameters<typeof usageOf>[0], spec, id);
          if (usage) failure.usedBy = usage;
        }
        failures.push(failure);
      }
    }
    const names =
      failures.length > 0
        ? await readableNames(
            c,
            spec,
            failures.map((f) => f.id),
          )
        : new Map<number, string>();
    // a 403 or 404 on a record the caller cannot read names nothing
    result.failed = failures.map((failure) => ({
      ...failure,
      name: failure.status === 404 ? null : (names.get(failure.id) ?? null),
    }));
    if (body.action === 'delete' && softDeletes(spec.table) && result.done.length > 0)
      result.restorableUntil = started + UNDO_WINDOW_MS;
    return c.json(result);
  }

  for (const spec of RESOURCES) api.post(`/${spec.path}/bulk`, (c) => handleBulk(c, spec));
}

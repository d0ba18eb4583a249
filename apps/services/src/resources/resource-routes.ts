// The generic resource mechanism: list / export / get / create / update / delete for every
// ResourceSpec. The handlers only sequence the parts: who may do it (policies/access.ts), the list
// query (list-query.ts), the write body (write-body.ts), the JSON (serialize.ts), the resource's own
// hooks (resource-definitions.ts), each write in one transaction.
import type { Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { softDeletes } from '../db/soft-delete-tables.ts';
import { appendAudit, fieldChanges, recordNameOf } from '../audit/audit-log.ts';
import { auditOrigin } from '../http/audit-origin.ts';
import { parseOrThrow } from '../http/http-error.ts';
import {
  checkReferences,
  findReadableRow,
  readableFor,
  requirePermission,
  requireWritable,
  requireWritableGroup,
} from '../policies/access.ts';
import { readJson } from '../http/read-json.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';
import { ALL_ROWS_CAP, ListPages, filteredSelect, parseListQuery } from './list-query.ts';
import { applyExtraAndOnly, checkExtra, visibilityScope } from './projection.ts';
import { requireUnreferenced } from './references.ts';
import { findRestorableRow } from './soft-delete.ts';
import { RESOURCES } from './resource-definitions.ts';
import type { ResourceSpec, Row, WriteContext } from './resource-spec.ts';
import { EXPORT_CHUNK_ROWS, csvLayout, toJson } from './serialize.ts';
import { thingFromPlatformForm } from './platform-forms.ts';
import {
  checkUnique,
  hasPlatformKeys,
  parseWriteBody,
  storage,
  uniqueScopeOf,
  uniqueViolationAsHttp,
} from './write-body.ts';

type AnyDb = Kysely<Record<string, Row>>;

const idParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
/** Columns a hook computes (beforeWrite) that a client may not write but the insert stores. */
const COMPUTED_ON_CREATE = [
  'treeLevel',
  'fqnBase',
  'hierarchyCode',
  'createdBy',
  'createdByUserId',
  'passwordHash',
];

/** What other route modules may ask of the resource mechanism. */
export interface ResourceWrites {
  /** An update with every check of `PATCH /{resource}/{id}`, and its audit entry (see updateRow). */
  updateRow(
    c: Context<AppEnv>,
    caller: WriteContext['caller'],
    spec: ResourceSpec,
    id: number,
    values: Row,
  ): Promise<Record<string, unknown> | undefined>;
  /**
   * A delete with every check of `DELETE /{resource}/{id}` and its audit entry, in one transaction:
   * soft where the table keeps deleted rows for an undo (db/soft-delete-tables.ts). Returns the
   * deleted row's name.
   */
  deleteRow(
    c: Context<AppEnv>,
    caller: WriteContext['caller'],
    spec: ResourceSpec,
    id: number,
  ): Promise<string>;
  /** Brings back a row deleted less than UNDO_WINDOW_MS ago (needs the delete permission); audited. */
  restoreRow(
    c: Context<AppEnv>,
    caller: WriteContext['caller'],
    spec: ResourceSpec,
    id: number,
  ): Promise<string>;
}

export function registerResourceRoutes(api: Hono<AppEnv>, ctx: ServicesContext): ResourceWrites {
  const db = ctx.db as unknown as AnyDb;
  const lists = new ListPages(ctx);

  /** After a committed write: every worker drops what the write made stale, before the answer goes out. */
  async function afterCommit(spec: ResourceSpec): Promise<void> {
    await ctx.bus.publish({ type: 'table', table: spec.table });
    if (spec.invalidatesDirectory) await ctx.bus.publish({ type: 'directory' });
  }

  /** The groups a list reads: the caller's, narrowed by the platform's visibility parameters. */
  async function listScope(c: Context<AppEnv>, spec: ResourceSpec, query: Record<string, string>) {
    const caller = c.get('caller');
    const readable = readableFor(caller, spec);
    if (
      query.visibilityGroupId === undefined &&
      query.upVisibility === undefined &&
      query.downVisibility === undefined
    )
      return readable;
    return visibilityScope(ctx, caller, spec, readable, parseListQuery(spec, query));
  }

  async function handleList(c: Context<AppEnv>, spec: ResourceSpec): Promise<Response> {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'r');
    const url = c.req.url;
    const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    const query = c.req.query();
    checkExtra(spec, query.extra);
    const { total, rows } = await lists.page(spec, search, query, await listScope(c, spec, query));
    const results = await toJson(ctx, spec, rows, caller);
    if (query.extra !== undefined || query.only !== undefined)
      await applyExtraAndOnly(ctx, spec, results, caller, query.extra, query.only);
    const body: Record<string, unknown> = { total, results };
    // pageSize=-1 ("all") within the cap: say so when the cap cut the list
    if (query.pageSize === '-1' && total > rows.length) {
      body.truncated = true;
      body.cap = ALL_ROWS_CAP;
    }
    return c.json(body);
  }

  /**
   * `GET /{resource}/tree`: the list's rows (same query, all of them within the cap) as a forest:
   * each row with `children`, by `parentId` where the resource has one (groups); `topId` roots it at
   * one row. Resources without a parent answer every row as a root with no children.
   */
  async function handleTree(c: Context<AppEnv>, spec: ResourceSpec): Promise<Response> {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'r');
    const query = c.req.query();
    const parsed = parseListQuery(spec, { pageSize: '-1', ...query });
    checkExtra(spec, parsed.extra);
    const scope = await listScope(c, spec, query);
    const { ordered } = filteredSelect(db, spec, parsed, scope.readable);
    const rows = await ordered.limit(ALL_ROWS_CAP).execute();
    const items = await toJson(ctx, spec, rows, caller);
    if (parsed.extra !== undefined || parsed.only !== undefined)
      await applyExtraAndOnly(ctx, spec, items, caller, parsed.extra, parsed.only);
    const hasParent = 'parentId' in spec.fields;
    const byId = new Map(items.map((item, index) => [Number(item.id), { item, row: rows[index] }]));
    const roots: Array<Record<string, unknown>> = [];
    for (const item of items) item.children = [];
    for (const { item, row } of byId.values()) {
      const parentId = hasParent ? Number(row?.parentId) : Number.NaN;
      const parent = byId.get(parentId);
      const isTop = parsed.topId !== undefined ? Number(item.id) === parsed.topId : !parent;
      if (isTop) roots.push(item);
      else if (parent) (parent.item.children as unknown[]).push(item);
    }
    return c.json({ total: roots.length, results: roots });
  }

  /**
   * `GET /{resource}/export.csv?…`: every row the list query selects (no paging), as CSV, streamed a
   * chunk at a time as the client reads: never the whole table in memory. Same permission,
   * tenant scope, search, filters and order as the list.
   */
  async function handleExport(c: Context<AppEnv>, spec: ResourceSpec): Promise<Response> {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'r');
    const { readable } = readableFor(caller, spec);
    const { ordered } = filteredSelect(db, spec, parseListQuery(spec, c.req.query()), readable);
    const layout = csvLayout(spec);
    const encoder = new TextEncoder();
    let offset = 0;
    let header = true;
    const stream = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          try {
            const rows = await ordered.limit(EXPORT_CHUNK_ROWS).offset(offset).execute();
            offset += rows.length;
            const items = await toJson(ctx, spec, rows, caller);
            let text = header ? `\uFEFF${layout.header}` : '';
            header = false;
            for (const item of items) text += layout.line(item);
            if (text) controller.enqueue(encoder.encode(text));
            if (rows.length < EXPORT_CHUNK_ROWS) controller.close();
          } catch (error) {
            ctx.log(
              `export of ${spec.path} failed: ${error instanceof Error ? error.message : String(error)}`,
            );
            controller.error(error);
          }
        },
      },
      { highWaterMark: 1 },
    );
    return c.body(stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${spec.path}.csv"`,
    });
  }

  async function handleGet(c: Context<AppEnv>, spec: ResourceSpec): Promise<Response> {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'r');
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const { extra, only } = c.req.query();
    checkExtra(spec, extra);
    const row = await findReadableRow(db, spec, id, caller);
    const json = await toJson(ctx, spec, [row], caller);
    if (extra !== undefined || only !== undefined)
      await applyExtraAndOnly(ctx, spec, json, caller, extra, only);
    return c.json(json[0] ?? {});
  }

  /**
   * After the row is written, in its transaction: its audit entry (the field-level difference of the
   * row before and after), then the row shaped for the answer. The entry goes through the same
   * transaction: if it cannot be written, the change is rolled back with it.
   */
  async function auditAndReadBack(
    c: Context<AppEnv>,
    write: WriteContext,
    spec: ResourceSpec,
    id: number,
    action: 'create' | 'update',
  ) {
    const row = await write.trx
      .selectFrom(spec.table)
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await audit(c, write, spec, action, id, write.existing, row);
    return (await toJson(ctx, spec, [row], write.caller, write.trx))[0];
  }

  async function audit(
    c: Context<AppEnv>,
    write: WriteContext,
    spec: ResourceSpec,
    action: 'create' | 'update' | 'delete' | 'restore',
    id: number,
    before: Row | undefined,
    after: Row | undefined,
  ): Promise<void> {
    const row = after ?? before ?? {};
    const owner = Number(spec.ownerColumn === 'id' ? id : row.groupId);
    const tenant = Number.isFinite(owner)
      ? await ctx.directory.tenantOf(owner, write.trx as unknown as ServicesContext['db'])
      : null;
    const ignore = new Set([spec.createdAt, spec.modifiedAt].filter((key) => key !== undefined));
    await appendAudit(write.trx as unknown as ServicesContext['db'], auditOrigin(c), {
      action,
      resource: spec.path,
      recordId: id,
      recordName: recordNameOf(row),
      tenantId: tenant?.id ?? null,
      actorId: write.caller.user.id,
      actorName: write.caller.user.username,
      changes: fieldChanges(before, after, ignore),
    });
  }

  /**
   * Reads a write body. The real platform's form (a create by `PUT /{r}/`, or any body giving a
   * reference as a dotted `x.id` key) is lenient as the platform is: keys that are no field are
   * skipped, and named in the `X-Portico-Skipped-Fields` answer header. Portico's own form is strict.
   */
  async function readWriteBody(
    c: Context<AppEnv>,
    spec: ResourceSpec,
    mode: 'create' | 'replace' | 'patch',
    platformCreate: boolean,
  ) {
    let body = await readJson(c.req);
    const skipped: string[] = [];
    const lenient = platformCreate || hasPlatformKeys(body);
    if (platformCreate && spec.path === 'thing')
      body = await thingFromPlatformForm(ctx, c.get('caller'), body, skipped);
    const values = parseWriteBody(spec, body, mode, { lenient, skipped });
    if (skipped.length > 0)
      c.header(
        'X-Portico-Skipped-Fields',
        skipped
          .join(',')
          .slice(0, 1000)
          .replace(/[^\x20-\x7e]/g, '?'),
      );
    return values;
  }

  async function handleCreate(
    c: Context<AppEnv>,
    spec: ResourceSpec,
    platformCreate = false,
  ): Promise<Response> {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'i');
    const values = await readWriteBody(c, spec, 'create', platformCreate);
    if (spec.ownerColumn !== 'id') {
      values.groupId ??= caller.group.id;
      requireWritableGroup(caller, values.groupId as number);
    }
    const json = await db
      .transaction()
      .execute(async (trx) => {
        const write: WriteContext = { ctx, caller, trx };
        await spec.beforeWrite?.(values, write);
        const groupId = spec.ownerColumn === 'id' ? undefined : (values.groupId as number);
        await checkReferences(spec, values, groupId, write);
        await checkUnique(spec, values, groupId, write);
        const stored = storage(spec, values);
        for (const key of COMPUTED_ON_CREATE) if (key in values) stored[key] = values[key];
        const scope = await uniqueScopeOf(spec, groupId, write);
        if (scope !== undefined) stored.uniqueScope = scope;
        const now = Date.now();
        if (spec.createdAt) stored[spec.createdAt] = now;
        if (spec.modifiedAt) stored[spec.modifiedAt] = now;
        const inserted = await trx
          .insertInto(spec.table)
          .values(stored)
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = Number(inserted.id);
        await spec.afterInsert?.(id, values, write);
        await spec.afterWrite?.(id, values, write);
        return auditAndReadBack(c, write, spec, id, 'create');
      })
      .catch((error: unknown) => {
        // two concurrent writes of one value: the unique index refused the second
        throw uniqueViolationAsHttp(spec, error);
      });
    await afterCommit(spec);
    return c.json(json ?? {}, 201);
  }

  /**
   * Applies `values` (a parsed write body) to row `id` in one transaction, with every check of an
   * update (permission, visibility, the resource's hooks, references, unique values) and its audit
   * entry (`c`: the request it records), and tells every worker. Also the path of writes made
   * through other routes (a role's members, an administrator's password reset).
   */
  async function updateRow(
    c: Context<AppEnv>,
    caller: WriteContext['caller'],
    spec: ResourceSpec,
    id: number,
    values: Row,
  ): Promise<Record<string, unknown> | undefined> {
    requirePermission(caller, spec, 'u');
    const json = await db
      .transaction()
      .execute(async (trx) => {
        const existing = await findReadableRow(trx, spec, id, caller);
        requireWritable(spec, existing, caller);
        if (spec.ownerColumn !== 'id' && values.groupId !== undefined)
          requireWritableGroup(caller, values.groupId as number);
        const write: WriteContext = { ctx, caller, trx, existing };
        await spec.beforeWrite?.(values, write);
        const groupId =
          spec.ownerColumn === 'id' ? undefined : Number(values.groupId ?? existing.groupId);
        await checkReferences(spec, values, groupId, write);
        await checkUnique(spec, values, groupId, write, id);
        const stored = storage(spec, values);
        if ('passwordHash' in values) stored.passwordHash = values.passwordHash;
        if (values.groupId !== undefined) {
          const scope = await uniqueScopeOf(spec, groupId, write);
          if (scope !== undefined) stored.uniqueScope = scope;
        }
        if (spec.modifiedAt) stored[spec.modifiedAt] = Date.now();
        if (Object.keys(stored).length > 0)
          await trx.updateTable(spec.table).set(stored).where('id', '=', id).execute();
        await spec.afterWrite?.(id, { ...values, archived: stored.archived }, write);
        return auditAndReadBack(c, write, spec, id, 'update');
      })
      .catch((error: unknown) => {
        throw uniqueViolationAsHttp(spec, error);
      });
    await afterCommit(spec);
    return json;
  }

  async function handleUpdate(
    c: Context<AppEnv>,
    spec: ResourceSpec,
    mode: 'replace' | 'patch',
  ): Promise<Response> {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'u');
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const values = await readWriteBody(c, spec, mode, false);
    return c.json((await updateRow(c, caller, spec, id, values)) ?? {});
  }

  async function deleteRow(
    c: Context<AppEnv>,
    caller: WriteContext['caller'],
    spec: ResourceSpec,
    id: number,
  ): Promise<string> {
    requirePermission(caller, spec, 'd');
    const name = await db.transaction().execute(async (trx) => {
      const existing = await findReadableRow(trx, spec, id, caller);
      requireWritable(spec, existing, caller);
      const write: WriteContext = { ctx, caller, trx, existing };
      await spec.beforeDelete?.(existing, write);
      await requireUnreferenced(spec, id, write);
      if (softDeletes(spec.table))
        await trx
          .updateTable(spec.table)
          .set({ deletedAt: Date.now() })
          .where('id', '=', id)
          .execute();
      else await trx.deleteFrom(spec.table).where('id', '=', id).execute();
      await spec.afterDelete?.(write);
      await audit(c, write, spec, 'delete', id, existing, undefined);
      return recordNameOf(existing);
    });
    // A deleted user's sessions went with it (its beforeDelete); afterCommit's directory event empties the caches.
    await afterCommit(spec);
    return name;
  }

  async function restoreRow(
    c: Context<AppEnv>,
    caller: WriteContext['caller'],
    spec: ResourceSpec,
    id: number,
  ): Promise<string> {
    requirePermission(caller, spec, 'd');
    const name = await db.transaction().execute(async (trx) => {
      const existing = await findRestorableRow(trx, spec, id, caller);
      requireWritable(spec, existing, caller);
      const write: WriteContext = { ctx, caller, trx, existing };
      // what it points at may have gone meanwhile: the restore is refused rather than left dangling
      const references: Row = {};
      for (const [field, definition] of Object.entries(spec.fields))
        if (definition.ref && definition.write) references[field] = existing[field];
      await checkReferences(spec, references, Number(existing.groupId), write);
      await trx.updateTable(spec.table).set({ deletedAt: null }).where('id', '=', id).execute();
      await audit(c, write, spec, 'restore', id, existing, existing);
      return recordNameOf(existing);
    });
    await afterCommit(spec);
    return name;
  }

  async function handleDelete(c: Context<AppEnv>, spec: ResourceSpec): Promise<Response> {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'd');
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    await deleteRow(c, caller, spec, id);
    return c.body(null, 204);
  }

  for (const spec of RESOURCES) {
    const base = `/${spec.path}`;
    api.get(base, (c) => handleList(c, spec));
    api.get(`${base}/`, (c) => handleList(c, spec));
    api.post(base, (c) => handleCreate(c, spec));
    // the platform's create: PUT on the collection (with or without the slash), 201
    api.put(base, (c) => handleCreate(c, spec, true));
    api.put(`${base}/`, (c) => handleCreate(c, spec, true));
    api.get(`${base}/export.csv`, (c) => handleExport(c, spec));
    api.get(`${base}/tree`, (c) => handleTree(c, spec));
    api.get(`${base}/:id`, (c) => handleGet(c, spec));
    api.put(`${base}/:id`, (c) => handleUpdate(c, spec, 'replace'));
    api.patch(`${base}/:id`, (c) => handleUpdate(c, spec, 'patch'));
    api.delete(`${base}/:id`, (c) => handleDelete(c, spec));
  }
  return { updateRow, deleteRow, restoreRow };
}

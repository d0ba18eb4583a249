// The generic resource mechanism: list / get / create / update / delete for every ResourceSpec, with
// permission, group-tree and tenant checks, validation, and writes in transactions.
import type { Context, Hono } from 'hono';
import type { CompiledQuery, Kysely } from 'kysely';
import { z } from 'zod';
import type { Caller } from '../auth/directory.ts';
import type { Database } from '../db/schema.ts';
import { containsIgnoringCase } from '../db/sql-helpers.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';
import { HttpError, parseOrThrow } from '../http/http-error.ts';
import { readJson } from '../routes/session-routes.ts';
import { RESOURCES, RESOURCES_BY_PATH } from './resource-definitions.ts';
import type { Json, ReadContext, ResourceSpec, Row, WriteContext } from './resource-spec.ts';
import { allFields, parseJsonColumn } from './resource-fields.ts';
import { CACHE_BUSTER, IGNORED_QUERY, listQuerySchema } from './list-query.ts';
import { EXPORT_CHUNK_ROWS, csvCell, csvValue, outputPlan } from './serialize.ts';
import { parseWriteBody, storage } from './write-body.ts';
import { ownerOf, readableGroups, requirePermission, requireWritable } from '../policies/access.ts';

type AnyDb = Kysely<Record<string, Row>>;

const CACHE_TTL_MS = 30_000;
const idParam = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });









export function registerResourceRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  const db = ctx.db as unknown as AnyDb;
  const counts = new Map<string, { total: Promise<number>; generation: number; at: number }>();
  const querySchemas = new Map(RESOURCES.map((spec) => [spec.path, listQuerySchema(spec)]));
  const generation = (table: string) => ctx.tableGenerations.get(table) ?? 0;
  const nameCaches = new Map<string, { generation: number; at: number; byId: Map<number, unknown> }>();

  /** The cached display names of a table's rows, valid for its current generation and at most the TTL. */
  function displayNames(table: string): Map<number, unknown> {
    let entry = nameCaches.get(table);
    if (!entry || entry.generation !== generation(table) || Date.now() - entry.at >= CACHE_TTL_MS || entry.byId.size > 100_000) {
      entry = { generation: generation(table), at: Date.now(), byId: new Map() };
      nameCaches.set(table, entry);
    }
    return entry.byId;
  }

  async function toJson(spec: ResourceSpec, rows: Row[], caller: Caller, reader: AnyDb = db): Promise<Json[]> {
    const plan = outputPlan(spec);
    const items = rows.map((row) => {
      const item: Json = { id: row.id };
      for (const { name, kind } of plan.columns) {
        if (!(name in row)) continue;
        const value = row[name];
        if (kind === 'boolean') item[name] = value === 1 || value === true;
        else if (kind === 'json') item[name] = parseJsonColumn(value, {});
        else if (kind === 'idList' || kind === 'stringList') item[name] = parseJsonColumn(value, []);
        else item[name] = value;
      }
      return item;
    });
    for (const { name, key, target, display } of plan.refs) {
      const ids = new Set<number>();
      for (const item of items) {
        const value = item[name];
        if (typeof value === 'number') ids.add(value);
        if (Array.isArray(value)) for (const v of value) if (typeof v === 'number') ids.add(v);
      }
      const names = new Map<number, unknown>();
      if (target.table === 'groups') {
        const groups = await ctx.directory.groupsById(reader === db ? undefined : (reader as unknown as Kysely<Database>));
        for (const id of ids) names.set(id, groups.get(id)?.name);
      } else if (ids.size > 0) {
        // Display names come from a cache that every write to the target table empties (in every
        // worker, through the bus); inside a transaction they are read fresh.
        const cache = reader === db ? displayNames(target.table) : undefined;
        const missing = cache ? [...ids].filter((id) => !cache.has(id)) : [...ids];
        if (cache) ctx.ops.metrics.cacheLookup('reference-names', missing.length === 0);
        if (missing.length > 0) {
          const found = await reader.selectFrom(target.table).select(['id', display]).where('id', 'in', missing).execute();
          for (const row of found) cache?.set(Number(row.id), row[display]);
          for (const row of found) names.set(Number(row.id), row[display]);
        }
        if (cache) for (const id of ids) if (cache.has(id)) names.set(id, cache.get(id));
      }
      const resolve = (id: unknown) => (typeof id === 'number' && names.has(id) ? { id, [display]: names.get(id) } : null);
      for (const item of items) {
        const value = item[name];
        item[key] = Array.isArray(value) ? value.map(resolve).filter(Boolean) : resolve(value);
      }
    }
    if (spec.decorate) await spec.decorate(items, rows, { ctx, caller, db: reader } satisfies ReadContext);
    return items;
  }

  async function findRow(spec: ResourceSpec, id: number, caller: Caller, reader: AnyDb = db): Promise<Row> {
    const row = await reader.selectFrom(spec.table).selectAll().where('id', '=', id).executeTakeFirst();
    const readable = readableGroups(caller, spec);
    if (!row || (readable && !readable.has(ownerOf(spec, row)))) throw new HttpError(404, `${spec.path} ${id} not found`);
    return row;
  }

  /** Checks that every reference points at a row the caller can read, in the same tenant as the row. */
  async function checkReferences(spec: ResourceSpec, values: Row, rowGroupId: number | undefined, write: WriteContext): Promise<void> {
    const fields = allFields(spec);
    const inTransaction = write.trx as unknown as Kysely<Database>;
    const rowTenant = rowGroupId === undefined ? undefined : ((await ctx.directory.tenantOf(rowGroupId, inTransaction))?.id ?? null);
    for (const [name, field] of Object.entries(fields)) {
      if (!field.ref || !field.write || !(name in values) || name === 'groupId') continue;
      if (spec.ownerColumn === 'id' && name === 'parentId') continue;
      const target = RESOURCES_BY_PATH.get(field.ref);
      if (!target) continue;
      const value = values[name];
      const ids = Array.isArray(value) ? (value as number[]) : value === null || value === undefined ? [] : [value as number];
      for (const id of ids) {
        const row = await write.trx.selectFrom(target.table).selectAll().where('id', '=', id).executeTakeFirst();
        const readable = readableGroups(write.caller, target);
        const owner = row ? ownerOf(target, row) : undefined;
        const sameTenant = owner !== undefined && (rowTenant === undefined || ((await ctx.directory.tenantOf(owner, inTransaction))?.id ?? null) === rowTenant);
        if (!row || owner === undefined || (readable && !readable.has(owner)) || !sameTenant) {
          throw new HttpError(400, `Invalid body: ${name}: no ${target.path} ${id} in this tenant`, { [name]: `no ${target.path} ${id}` });
        }
      }
    }
  }

  /**
   * Refuses a value already taken where it must be unique (issue 15): 409 `{error, field}` naming the
   * field, checked inside the write's transaction (SQLite writes are serialized; on PostgreSQL two
   * concurrent writers can still both pass, a unique index would be the stricter guard).
   */
  async function checkUnique(spec: ResourceSpec, values: Row, rowGroupId: number | undefined, write: WriteContext, selfId?: number): Promise<void> {
    for (const [name, field] of Object.entries(allFields(spec))) {
      const value = values[name];
      if (!field.unique || typeof value !== 'string' || value.trim() === '') continue;
      let query = write.trx.selectFrom(spec.table).select('id').where(name, '=', value);
      if (selfId !== undefined) query = query.where('id', '!=', selfId);
      if (field.unique === 'tenant' && rowGroupId !== undefined && spec.ownerColumn !== 'id') {
        const inTransaction = write.trx as unknown as Kysely<Database>;
        const tenant = await ctx.directory.tenantOf(rowGroupId, inTransaction);
        const groups = tenant ? [...(await ctx.directory.groupsById(inTransaction)).values()].filter((group) => group.hierarchyCode.startsWith(tenant.hierarchyCode)).map((group) => group.id) : [rowGroupId];
        query = query.where('groupId', 'in', groups);
      }
      if (await query.limit(1).executeTakeFirst()) {
        throw new HttpError(409, `A ${spec.path} with this ${name} already exists: ${name} must be unique`, { [name]: 'duplicate' });
      }
    }
  }

  /** After a committed write: every worker drops what the write made stale, before the answer goes out. */
  async function afterCommit(spec: ResourceSpec): Promise<void> {
    await ctx.bus.publish({ type: 'table', table: spec.table });
    if (spec.invalidatesDirectory) await ctx.bus.publish({ type: 'directory' });
  }

  /** The SQL of one list request: validated, built and compiled once per (resource, readable groups, query). */
  interface ListPlan {
    countKey: string;
    count: CompiledQuery<{ total: number }>;
    page: CompiledQuery<Row>;
  }
  const listPlans = new Map<string, ListPlan>();
  const readableKeys = new WeakMap<Caller, Map<ResourceSpec, { readable: ReadonlySet<number> | undefined; key: string }>>();

  /** The caller's readable groups for a resource and their key (both kept with the cached caller). */
  function readableFor(caller: Caller, spec: ResourceSpec): { readable: ReadonlySet<number> | undefined; key: string } {
    let bySpec = readableKeys.get(caller);
    if (!bySpec) {
      bySpec = new Map();
      readableKeys.set(caller, bySpec);
    }
    let entry = bySpec.get(spec);
    if (!entry) {
      const readable = readableGroups(caller, spec);
      entry = { readable, key: readable ? [...readable].join(',') : '*' };
      bySpec.set(spec, entry);
    }
    return entry;
  }

  type ListQuery = Record<string, unknown> & { pageSize: number; pageNumber: number; order?: Array<{ field: string; direction: 'asc' | 'desc' }>; filter?: string };

  function parseListQuery(c: Context<AppEnv>, spec: ResourceSpec): ListQuery {
    const schema = querySchemas.get(spec.path) ?? listQuerySchema(spec);
    const rawQuery = Object.fromEntries(Object.entries(c.req.query()).filter(([key]) => !IGNORED_QUERY.has(key)));
    return parseOrThrow(schema, rawQuery, 'query') as ListQuery;
  }

  /** The rows a list query selects (readable groups, text search, exact filters), and their order with `id` last. */
  function filteredSelect(spec: ResourceSpec, query: ListQuery, readable: ReadonlySet<number> | undefined) {
    const fields = allFields(spec);
    const ownerColumn = spec.ownerColumn ?? 'groupId';
    let select = db.selectFrom(spec.table);
    if (readable) select = select.where(ownerColumn, 'in', [...readable]);
    const filterText = query.filter?.trim();
    if (filterText) {
      const columns = Object.entries(fields).filter(([, f]) => f.search && f.kind === 'string' && !f.hidden).map(([name]) => name);
      select = select.where((eb) => eb.or(columns.map((column) => containsIgnoringCase(column, filterText))));
    }
    const exact: Array<[string, unknown]> = [];
    for (const [name, field] of Object.entries(fields)) {
      if (field.filter && query[name] !== undefined) {
        exact.push([name, query[name]]);
        select = select.where(name, '=', query[name]);
      }
    }
    let ordered = select.selectAll();
    for (const { field, direction } of query.order ?? []) ordered = ordered.orderBy(field, direction);
    if (!query.order?.some((o) => o.field === 'id')) ordered = ordered.orderBy('id', 'asc');
    return { select, filterText, exact, ordered };
  }

  function planList(c: Context<AppEnv>, spec: ResourceSpec, readable: ReadonlySet<number> | undefined, readableKey: string): ListPlan {
    const query = parseListQuery(c, spec);
    const { select, filterText, exact, ordered } = filteredSelect(spec, query, readable);
    const page = ordered;
    return {
      countKey: `${spec.table}|${readableKey}|${filterText ?? ''}|${JSON.stringify(exact)}`,
      count: select.select((eb) => eb.fn.countAll<number>().as('total')).compile(),
      page: page.limit(query.pageSize).offset((query.pageNumber - 1) * query.pageSize).compile() as CompiledQuery<Row>,
    };
  }

  async function handleList(c: Context<AppEnv>, spec: ResourceSpec): Promise<Response> {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'r');
    const { readable, key: readableKey } = readableFor(caller, spec);
    const url = c.req.url;
    const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    // A query with a cache-busting parameter is planned but not kept (each would be a new entry).
    const keep = !CACHE_BUSTER.test(search);
    const planKey = `${spec.path}|${readableKey}|${search}`;
    let plan = keep ? listPlans.get(planKey) : undefined;
    if (!plan) {
      plan = planList(c, spec, readable, readableKey);
      if (keep) {
        if (listPlans.size > 2000) listPlans.clear();
        listPlans.set(planKey, plan);
      }
    }
    // Counting a large table costs far more than a page: one count per (query, table generation) is
    // shared by concurrent requests and reused until a write (in any worker) or the TTL.
    let entry = counts.get(plan.countKey);
    const fresh = entry !== undefined && entry.generation === generation(spec.table) && Date.now() - entry.at < CACHE_TTL_MS;
    ctx.ops.metrics.cacheLookup('list-totals', fresh);
    if (!entry || !fresh) {
      const countKey = plan.countKey;
      const total = db.executeQuery(plan.count).then((result) => Number(result.rows[0]?.total ?? 0));
      entry = { total, generation: generation(spec.table), at: Date.now() };
      if (counts.size > 5000) counts.clear();
      counts.set(countKey, entry);
      total.catch(() => counts.delete(countKey));
    }
    const total = await entry.total;
    const { rows } = await db.executeQuery(plan.page);
    return c.json({ total, results: await toJson(spec, rows, caller) });
  }

  /**
   * `GET /{resource}/export.csv?…`: every row the list query selects (no paging), as CSV, streamed a
   * chunk at a time as the client reads (issue 15): never the whole table in memory. Same permission,
   * tenant scope, search, filters and order as the list.
   */
  async function handleExport(c: Context<AppEnv>, spec: ResourceSpec): Promise<Response> {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'r');
    const { readable } = readableFor(caller, spec);
    const { ordered } = filteredSelect(spec, parseListQuery(c, spec), readable);
    const plan = outputPlan(spec);
    const kinds = new Map(plan.columns.map((column) => [column.name, column.kind]));
    const columns = ['id', ...plan.columns.map((column) => column.name).filter((name) => name !== 'id'), ...plan.refs.map((ref) => ref.key)];
    const displays = new Map(plan.refs.map((ref) => [ref.key, ref.display]));
    const encoder = new TextEncoder();
    let offset = 0;
    let header = true;
    const stream = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          try {
            const rows = await ordered.limit(EXPORT_CHUNK_ROWS).offset(offset).execute();
            offset += rows.length;
            const items = await toJson(spec, rows, caller);
            let text = header ? `\uFEFF${columns.map(csvCell).join(',')}\r\n` : '';
            header = false;
            for (const item of items) {
              text += `${columns.map((name) => csvCell(csvValue(item[name], kinds.get(name), displays.get(name)))).join(',')}\r\n`;
            }
            if (text) controller.enqueue(encoder.encode(text));
            if (rows.length < EXPORT_CHUNK_ROWS) controller.close();
          } catch (error) {
            ctx.log(`export of ${spec.path} failed: ${error instanceof Error ? error.message : String(error)}`);
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
    const row = await findRow(spec, id, caller);
    const [json] = await toJson(spec, [row], caller);
    return c.json(json ?? {});
  }

  async function handleCreate(c: Context<AppEnv>, spec: ResourceSpec): Promise<Response> {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'i');
    const values = parseWriteBody(spec, await readJson(c.req), 'create');
    if (spec.ownerColumn !== 'id') {
      values.groupId ??= caller.group.id;
      if (!caller.visibleGroupIds.has(values.groupId as number)) throw new HttpError(400, 'Invalid body: groupId: not a group you can write to', { groupId: 'not a group you can write to' });
    }
    const json = await db.transaction().execute(async (trx) => {
      const write: WriteContext = { ctx, caller, trx };
      await spec.beforeWrite?.(values, write);
      await checkReferences(spec, values, spec.ownerColumn === 'id' ? undefined : (values.groupId as number), write);
      await checkUnique(spec, values, spec.ownerColumn === 'id' ? undefined : (values.groupId as number), write);
      const stored = storage(spec, values);
      for (const key of ['treeLevel', 'fqnBase', 'hierarchyCode', 'createdBy', 'createdByUserId', 'passwordHash']) if (key in values) stored[key] = values[key];
      const now = Date.now();
      if (spec.createdAt) stored[spec.createdAt] = now;
      if (spec.modifiedAt) stored[spec.modifiedAt] = now;
      const inserted = await trx.insertInto(spec.table).values(stored).returning('id').executeTakeFirstOrThrow();
      const id = Number(inserted.id);
      await spec.afterInsert?.(id, values, write);
      await spec.afterWrite?.(id, values, write);
      const row = await trx.selectFrom(spec.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return (await toJson(spec, [row], caller, trx))[0];
    });
    await afterCommit(spec);
    return c.json(json ?? {}, 201);
  }

  async function handleUpdate(c: Context<AppEnv>, spec: ResourceSpec, mode: 'replace' | 'patch'): Promise<Response> {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'u');
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const values = parseWriteBody(spec, await readJson(c.req), mode);
    const json = await db.transaction().execute(async (trx) => {
      const existing = await findRow(spec, id, caller, trx);
      requireWritable(spec, existing, caller);
      if (spec.ownerColumn !== 'id' && values.groupId !== undefined && !caller.visibleGroupIds.has(values.groupId as number)) {
        throw new HttpError(400, 'Invalid body: groupId: not a group you can write to', { groupId: 'not a group you can write to' });
      }
      const write: WriteContext = { ctx, caller, trx, existing };
      await spec.beforeWrite?.(values, write);
      const groupId = spec.ownerColumn === 'id' ? undefined : Number(values.groupId ?? existing.groupId);
      await checkReferences(spec, values, groupId, write);
      await checkUnique(spec, values, groupId, write, id);
      const stored = storage(spec, values);
      if ('passwordHash' in values) stored.passwordHash = values.passwordHash;
      if (spec.modifiedAt) stored[spec.modifiedAt] = Date.now();
      if (Object.keys(stored).length > 0) await trx.updateTable(spec.table).set(stored).where('id', '=', id).execute();
      await spec.afterWrite?.(id, { ...values, archived: stored.archived }, write);
      const row = await trx.selectFrom(spec.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return (await toJson(spec, [row], caller, trx))[0];
    });
    await afterCommit(spec);
    return c.json(json ?? {});
  }

  async function handleDelete(c: Context<AppEnv>, spec: ResourceSpec): Promise<Response> {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'd');
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    await db.transaction().execute(async (trx) => {
      const existing = await findRow(spec, id, caller, trx);
      requireWritable(spec, existing, caller);
      const write: WriteContext = { ctx, caller, trx, existing };
      await spec.beforeDelete?.(existing, write);
      for (const other of RESOURCES) {
        for (const [name, field] of Object.entries(allFields(other))) {
          if (field.ref !== spec.path) continue;
          if (field.kind === 'idList') {
            const rows = await trx.selectFrom(other.table).select(['id', name]).where(name, 'like', `%${id}%`).execute();
            if (rows.some((row) => (parseJsonColumn(row[name], []) as unknown[]).includes(id))) throw new HttpError(409, `This ${spec.path} is still used by a ${other.path}`);
          } else {
            const used = await trx.selectFrom(other.table).select('id').where(name, '=', id).limit(1).executeTakeFirst();
            if (used) throw new HttpError(409, `This ${spec.path} is still used by a ${other.path}`);
          }
        }
      }
      if (spec.table === 'users') {
        await trx.deleteFrom('sessions').where('userId', '=', id).execute();
        await trx.deleteFrom('userFields').where('ownerId', '=', id).execute();
      }
      if (spec.table === 'groups') await trx.deleteFrom('groupFields').where('ownerId', '=', id).execute();
      await trx.deleteFrom(spec.table).where('id', '=', id).execute();
      await spec.afterDelete?.(write);
    });
    // A deleted user's sessions went with it (above); afterCommit's directory event empties the caches.
    await afterCommit(spec);
    return c.body(null, 204);
  }

  for (const spec of RESOURCES) {
    const base = `/${spec.path}`;
    api.get(base, (c) => handleList(c, spec));
    api.post(base, (c) => handleCreate(c, spec));
    api.get(`${base}/export.csv`, (c) => handleExport(c, spec));
    api.get(`${base}/:id`, (c) => handleGet(c, spec));
    api.put(`${base}/:id`, (c) => handleUpdate(c, spec, 'replace'));
    api.patch(`${base}/:id`, (c) => handleUpdate(c, spec, 'patch'));
    api.delete(`${base}/:id`, (c) => handleDelete(c, spec));
  }
}

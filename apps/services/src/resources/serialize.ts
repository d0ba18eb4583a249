// How rows of a resource become JSON (typed values, references resolved to `{id, name}`, the
// resource's own decorations) and CSV.
import type { Kysely } from 'kysely';
import type { Caller, GroupRow } from '../auth/directory.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import type { ServicesContext } from '../services-context.ts';
import { RESOURCES_BY_PATH } from './definitions/index.ts';
import { allFields, parseJsonColumn, resolvedKey } from './resource-fields.ts';
import type { FieldSpec, Json, ReadContext, ResourceSpec, Row } from './resource-spec.ts';

type AnyDb = Kysely<Record<string, Row>>;

/** How long a display name is served from memory (every write to its table empties the cache sooner). */
const NAME_TTL_MS = 30_000;
const MAX_NAMES_PER_TABLE = 100_000;

interface OutputPlan {
  /** The visible columns, in output order. */
  readonly columns: ReadonlyArray<{ name: string; kind: FieldSpec['kind'] }>;
  /** References to resolve into `{id, <display>}` objects under `key`. */
  readonly refs: ReadonlyArray<{
    name: string;
    key: string;
    target: ResourceSpec;
    display: string;
  }>;
}

const outputPlans = new WeakMap<ResourceSpec, OutputPlan>();

/** How a spec's rows become JSON, worked out once per spec (every row of every list page uses it). */
export function outputPlan(spec: ResourceSpec): OutputPlan {
  let plan = outputPlans.get(spec);
  if (plan) return plan;
  const fields = Object.entries(allFields(spec));
  const refs: Array<OutputPlan['refs'][number]> = [];
  for (const [name, field] of fields) {
    if ((field.kind !== 'ref' && field.kind !== 'idList') || !field.ref) continue;
    const target = RESOURCES_BY_PATH.get(field.ref);
    if (target)
      refs.push({ name, key: resolvedKey(name), target, display: target.displayField ?? 'name' });
  }
  plan = {
    columns: fields
      .filter(([, field]) => !field.hidden)
      .map(([name, field]) => ({ name, kind: field.kind })),
    refs,
  };
  outputPlans.set(spec, plan);
  return plan;
}

/** Rows read per chunk of a CSV export. */
export const EXPORT_CHUNK_ROWS = 500;

/** A CSV value of a JSON item's key: times as ISO 8601, references by their name, lists and objects as JSON. */
function csvValue(
  value: unknown,
  kind: FieldSpec['kind'] | undefined,
  display: string | undefined,
): unknown {
  if (value === null || value === undefined) return '';
  if (display !== undefined) {
    const named = (item: unknown) =>
      item && typeof item === 'object' ? (item as Record<string, unknown>)[display] : item;
    return Array.isArray(value) ? value.map(named).join('; ') : named(value);
  }
  if (kind === 'time' && typeof value === 'number')
    return value > 0 ? new Date(value).toISOString() : '';
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

/**
 * One CSV cell (RFC 4180: quoted when it holds a comma, quote or line break). Text that a spreadsheet
 * would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) is prefixed with `'`.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The display names (and owning group) of referenced rows, by table and id. */
function referenceNames(ctx: ServicesContext) {
  return ctx.tableCaches.family<number, { value: unknown; groupId?: number }>({
    name: 'reference-names',
    max: MAX_NAMES_PER_TABLE,
    ttlMs: NAME_TTL_MS,
  });
}

/**
 * The JSON of `rows`. `trx` is the transaction of a write in progress: names are then read through
 * it, fresh, and not kept (it may roll back).
 */
export async function toJson(
  ctx: ServicesContext,
  spec: ResourceSpec,
  rows: Row[],
  caller: Caller,
  trx?: AnyDb,
): Promise<Json[]> {
  const reader = trx ?? (ctx.db as unknown as AnyDb);
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
    for (const [alias, field] of Object.entries(spec.aliases ?? {}))
      if (field in item) item[alias] = item[field];
    return item;
  });
  let groups: Map<number, GroupRow> | undefined;
  const groupsById = async () =>
    (groups ??= await ctx.directory.groupsById(trx as unknown as Kysely<Database> | undefined));
  for (const { name, key, target, display } of plan.refs) {
    const ids = new Set<number>();
    for (const item of items) {
      const value = item[name];
      if (typeof value === 'number') ids.add(value);
      if (Array.isArray(value)) for (const v of value) if (typeof v === 'number') ids.add(v);
    }
    const names = new Map<number, unknown>();
    // What tells look-alike names apart: a group's path, another record's site (its group's name).
    const context = new Map<number, { path: string } | { site: string }>();
    const owned = target.ownerColumn !== 'id';
    if (target.table === 'groups') {
      const byId = await groupsById();
      for (const id of ids) {
        names.set(id, byId.get(id)?.name);
        if (byId.has(id)) context.set(id, { path: groupPath(byId, id) });
      }
    } else if (ids.size > 0) {
      // Display names come from a cache that every write to the target table empties (in every
      // worker, through the bus); inside a transaction they are read fresh.
      const cache = trx ? undefined : referenceNames(ctx).of(target.table);
      const epoch = cache?.epoch;
      const owners = new Map<number, number | undefined>();
      for (const id of ids) {
        const cached = cache?.get(id);
        if (cached) {
          names.set(id, cached.value);
          owners.set(id, cached.groupId);
        }
      }
      const missing = [...ids].filter((id) => !names.has(id));
      if (cache) ctx.ops.metrics.cacheLookup('reference-names', missing.length === 0);
      if (missing.length > 0) {
        const found = await reader
          .selectFrom(target.table)
          .select(owned ? ['id', display, 'groupId'] : ['id', display])
          .where('id', 'in', missing)
          .execute();
        for (const row of found) {
          const groupId = owned ? Number(row.groupId) : undefined;
          cache?.set(Number(row.id), { value: row[display], groupId }, epoch);
          names.set(Number(row.id), row[display]);
          owners.set(Number(row.id), groupId);
        }
      }
      if (owned && owners.size > 0) {
        const byId = await groupsById();
        for (const [id, groupId] of owners) {
          const site = groupId === undefined ? undefined : byId.get(groupId)?.name;
          if (site !== undefined) context.set(id, { site });
        }
      }
    }
    const resolve = (id: unknown) =>
      typeof id === 'number' && names.has(id)
        ? { id, [display]: names.get(id), ...context.get(id) }
        : null;
    for (const item of items) {
      const value = item[name];
      item[key] = Array.isArray(value) ? value.map(resolve).filter(Boolean) : resolve(value);
    }
  }
  if (spec.decorate)
    await spec.decorate(items, rows, { ctx, caller, db: reader } satisfies ReadContext);
  return items;
}

/**
 * A group's place in its tenant, from the tenant down, as people read it: "Acme › North DC". The
 * root (the platform's own group) is left out; the root itself is its own name.
 */
export function groupPath(byId: ReadonlyMap<number, GroupRow>, id: number): string {
  const chain: string[] = [];
  let current = byId.get(id);
  while (current && chain.length < 64) {
    if (current.treeLevel > 1 || chain.length === 0) chain.unshift(current.name);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return chain.join(' › ');
}

/**
 * The names a CSV export's `columns=` may hold: `id`, every readable field (a reference field also
 * brings its referred row's name after it) and each reference's name alone (`thingType`).
 */
function exportColumnsOf(spec: ResourceSpec): Map<string, readonly string[]> {
  const plan = outputPlan(spec);
  const refKeys = new Map(plan.refs.map((ref) => [ref.name, ref.key]));
  const names = new Map<string, readonly string[]>([['id', ['id']]]);
  for (const column of plan.columns) {
    const key = refKeys.get(column.name);
    names.set(column.name, key ? [column.name, key] : [column.name]);
  }
  for (const ref of plan.refs) if (!names.has(ref.key)) names.set(ref.key, [ref.key]);
  return names;
}

/**
 * The CSV columns of a resource: its header line and how each JSON item becomes a line. `chosen`:
 * the names of a `columns=` parameter, in their order (throws a 400 naming an unknown one); without
 * it, every column.
 */
export function csvLayout(
  spec: ResourceSpec,
  chosen?: readonly string[],
): { header: string; line(item: Json): string } {
  const plan = outputPlan(spec);
  const kinds = new Map(plan.columns.map((column) => [column.name, column.kind]));
  let columns = [
    'id',
    ...plan.columns.map((column) => column.name).filter((name) => name !== 'id'),
    ...plan.refs.map((ref) => ref.key),
  ];
  if (chosen) {
    const known = exportColumnsOf(spec);
    const unknown = chosen.filter((name) => !known.has(name));
    if (chosen.length === 0 || unknown.length > 0) {
      const message =
        unknown.length > 0
          ? `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: one of ${[...known.keys()].join(', ')}`
          : `at least one of ${[...known.keys()].join(', ')}`;
      throw new HttpError(400, `Invalid query: columns: ${message}`, { columns: message });
    }
    columns = [...new Set(chosen.flatMap((name) => known.get(name)!))];
  }
  const displays = new Map(plan.refs.map((ref) => [ref.key, ref.display]));
  return {
    header: `${columns.map(csvCell).join(',')}\r\n`,
    line: (item) =>
      `${columns.map((name) => csvCell(csvValue(item[name], kinds.get(name), displays.get(name)))).join(',')}\r\n`,
  };
}

// The query of a list request (`?pageSize=50&pageNumber=1&order=name:asc&filter=…&thingTypeId=3`):
// validation, the rows it selects (readable groups, text search, exact filters), order and paging,
// and the two caches that keep a busy list cheap: its compiled SQL, and its total.
import type { CompiledQuery, Kysely } from 'kysely';
import { z } from 'zod';
import { BoundedCache } from '../cache/bounded-cache.ts';
import { softDeletes } from '../db/soft-delete-tables.ts';
import { containsIgnoringCase } from '../db/sql-helpers.ts';
import type { Dialect } from '../db/dialect.ts';
import { parseOrThrow } from '../http/http-error.ts';
import type { Readable } from '../policies/access.ts';
import type { ServicesContext } from '../services-context.ts';
import { allFields } from './resource-fields.ts';
import type { ResourceSpec, Row } from './resource-spec.ts';
import {
  MAX_WHERE_LENGTH,
  WhereSyntaxError,
  parseWhere,
  whereExpression,
  whereHttpError,
} from './where-query.ts';
import type { WhereField, WhereNode } from './where-query.ts';
import { commaItems } from './comma-items.ts';

type AnyDb = Kysely<Record<string, Row>>;

const MAX_PAGE_SIZE = 1000;
/** The platform's page size when a request names none (Portico's own clients always name one). */
export const DEFAULT_PAGE_SIZE = 10;
/** `pageSize=-1` (the platform's "all"): at most this many rows; the answer says when it cut. */
export const ALL_ROWS_CAP = 10_000;
const IGNORED_QUERY = new Set(['_', 'ts', 'timestamp']);
const CACHE_BUSTER = /(^|&)(_|ts|timestamp)=/;
/** How long a total is reused (every write to its table empties the cache sooner). */
const TOTAL_TTL_MS = 30_000;
const MAX_TOTALS_PER_TABLE = 5000;
const MAX_PLANS = 2000;

function listQuerySchema(spec: ResourceSpec) {
  const fields = allFields(spec);
  const sortable = [
    'id',
    ...Object.entries(fields)
      .filter(
        ([, f]) =>
          !f.hidden &&
          f.sort !== false &&
          ['string', 'integer', 'time', 'ref', 'boolean'].includes(f.kind),
      )
      .map(([name]) => name),
  ];
  // the platform's reference paths: `group.id:asc` orders by groupId
  const orderAliases = new Map(
    [...whereFields(spec)]
      .filter(([name]) => name.endsWith('.id') || Object.hasOwn(spec.aliases ?? {}, name))
      .map(([name, f]) => [name, f.column]),
  );
  const order = z
    .string()
    .max(300)
    .transform((value, issue) => {
      const parts = commaItems(value);
      const result: Array<{ field: string; direction: 'asc' | 'desc' }> = [];
      for (const part of parts) {
        const separator = part.lastIndexOf(':');
        if (separator < 0) {
          issue.addIssue({
            code: 'custom',
            message: `${part} should finish with ":asc" or ":desc"`,
          });
          return z.NEVER;
        }
        const named = part.slice(0, separator);
        const direction = part.slice(separator + 1);
        const field = orderAliases.get(named) ?? named;
        if (!sortable.includes(field)) {
          issue.addIssue({
            code: 'custom',
            message: `cannot order by ${field}; one of ${sortable.join(', ')}`,
          });
          return z.NEVER;
        }
        if (direction !== 'asc' && direction !== 'desc') {
          issue.addIssue({
            code: 'custom',
            message: `direction must be asc or desc, not ${direction}`,
          });
          return z.NEVER;
        }
        result.push({ field, direction });
      }
      return result;
    });
  const flag = z.enum(['true', 'false', '']).optional();
  const shape: Record<string, z.ZodType> = {
    pageSize: z.coerce
      .number()
      .int()
      .min(-1)
      .max(MAX_PAGE_SIZE)
      .refine((size) => size !== 0, 'a positive number, or -1 for all')
      .default(DEFAULT_PAGE_SIZE),
    pageNumber: z.coerce.number().int().min(1).max(10_000_000).default(1),
    order: order.optional(),
    filter: z.string().max(200).optional(),
    where: z.string().max(MAX_WHERE_LENGTH).optional(),
    extra: z.string().max(1000).optional(),
    only: z.string().max(1000).optional(),
    upVisibility: flag,
    downVisibility: flag,
    visibilityGroupId: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1)
      .optional(),
    topId: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1)
      .optional(),
  };
  for (const [name, field] of Object.entries(fields)) {
    if (!field.filter) continue;
    if (field.kind === 'ref' || field.kind === 'integer')
      shape[name] = z.coerce
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1)
        .optional();
    else if (field.kind === 'boolean')
      shape[name] = z
        .enum(['true', 'false'])
        .transform((v) => (v === 'true' ? 1 : 0))
        .optional();
    else shape[name] = z.string().max(200).optional();
  }
  return z.object(shape).strict();
}

const querySchemas = new WeakMap<ResourceSpec, ReturnType<typeof listQuerySchema>>();

export type ListQuery = Record<string, unknown> & {
  /** -1: every row (at most ALL_ROWS_CAP). */
  pageSize: number;
  pageNumber: number;
  order?: Array<{ field: string; direction: 'asc' | 'desc' }>;
  filter?: string;
  where?: string;
  /** The parsed `where` (set by parseListQuery). */
  whereTree?: WhereNode;
  extra?: string;
  only?: string;
  upVisibility?: 'true' | 'false' | '';
  downVisibility?: 'true' | 'false' | '';
  visibilityGroupId?: number;
  topId?: number;
};

const whereFieldsBySpec = new WeakMap<ResourceSpec, ReadonlyMap<string, WhereField>>();

/**
 * The allow-list of a resource's `where` (and of `order`'s reference paths): every visible scalar
 * field by its name, and each reference `xxxId` also as the platform names it, `xxx.id` and `xxx`.
 */
export function whereFields(spec: ResourceSpec): ReadonlyMap<string, WhereField> {
  let fields = whereFieldsBySpec.get(spec);
  if (fields) return fields;
  const map = new Map<string, WhereField>([['id', { column: 'id', kind: 'integer' }]]);
  for (const [name, field] of Object.entries(allFields(spec))) {
    if (field.hidden) continue;
    if (
      field.kind !== 'string' &&
      field.kind !== 'integer' &&
      field.kind !== 'time' &&
      field.kind !== 'ref' &&
      field.kind !== 'boolean'
    )
      continue;
    const groupTree = field.kind === 'ref' && field.ref === 'group';
    const entry: WhereField = {
      column: name,
      kind: field.kind,
      ...(groupTree ? { groupTree } : {}),
    };
    map.set(name, entry);
    if (field.kind === 'ref' && name.endsWith('Id')) {
      const base = name.slice(0, -2);
      map.set(`${base}.id`, entry);
      if (!map.has(base)) map.set(base, entry);
    }
  }
  for (const [alias, field] of Object.entries(spec.aliases ?? {})) {
    const entry = map.get(field);
    if (entry && !map.has(alias)) map.set(alias, entry);
  }
  fields = map;
  whereFieldsBySpec.set(spec, fields);
  return fields;
}

/** The schema a list's query is parsed with (built once per spec). */
export function listQuerySchemaOf(spec: ResourceSpec) {
  let schema = querySchemas.get(spec);
  if (!schema) {
    schema = listQuerySchema(spec);
    querySchemas.set(spec, schema);
  }
  return schema;
}

/** Validates a list request's query parameters (cache-busting ones are ignored); 400 otherwise. */
export function parseListQuery(spec: ResourceSpec, query: Record<string, string>): ListQuery {
  const schema = listQuerySchemaOf(spec);
  const rawQuery = Object.fromEntries(
    Object.entries(query).filter(([key]) => !IGNORED_QUERY.has(key)),
  );
  const parsed = parseOrThrow(schema, rawQuery, 'query') as ListQuery;
  if (parsed.where !== undefined) {
    try {
      const tree = parseWhere(parsed.where);
      if (tree) parsed.whereTree = tree;
    } catch (error) {
      if (error instanceof WhereSyntaxError) throw whereHttpError(error);
      throw error;
    }
  }
  return parsed;
}

/** The rows a list query selects (readable groups, text search, exact filters), and their order with `id` last. */
export function filteredSelect(
  db: AnyDb,
  dialect: Dialect,
  spec: ResourceSpec,
  query: ListQuery,
  readable: ReadonlySet<number> | undefined,
) {
  const fields = allFields(spec);
  const ownerColumn = spec.ownerColumn ?? 'groupId';
  let select = db.selectFrom(spec.table);
  if (softDeletes(spec.table)) select = select.where('deletedAt', 'is', null);
  if (readable) select = select.where(ownerColumn, 'in', [...readable]);
  const filterText = query.filter?.trim();
  if (filterText) {
    const columns = Object.entries(fields)
      .filter(([, f]) => f.search && f.kind === 'string' && !f.hidden)
      .map(([name]) => name);
    select = select.where((eb) =>
      eb.or(columns.map((column) => containsIgnoringCase(column, filterText, dialect))),
    );
  }
  const tree = query.whereTree;
  if (tree) {
    const allowed = whereFields(spec);
    // compiled here so that a field outside the allow-list is a 400 before any SQL runs
    try {
      select = select.where((eb) => whereExpression(eb, tree, allowed, 'groups'));
      select.compile();
    } catch (error) {
      if (error instanceof WhereSyntaxError) throw whereHttpError(error);
      throw error;
    }
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

/** The SQL of one list request: validated, built and compiled once per (resource, readable groups, query). */
interface ListPlan {
  countKey: string;
  count: CompiledQuery<{ total: number }>;
  page: CompiledQuery<Row>;
}

/** The pages of one server's lists (its compiled SQL is per dialect, so the plans are per context). */
export class ListPages {
  private readonly db: AnyDb;
  private readonly plans = new BoundedCache<string, ListPlan>({
    name: 'list-plans',
    max: MAX_PLANS,
  });

  constructor(private readonly ctx: ServicesContext) {
    this.db = ctx.db as unknown as AnyDb;
  }

  private get totals() {
    return this.ctx.tableCaches.family<string, Promise<number>>({
      name: 'list-totals',
      max: MAX_TOTALS_PER_TABLE,
      ttlMs: TOTAL_TTL_MS,
      onLookup: (cache, hit) => this.ctx.ops.metrics.cacheLookup(cache, hit),
    });
  }

  private plan(
    spec: ResourceSpec,
    query: Record<string, string>,
    { readable, key: readableKey }: Readable,
  ): ListPlan {
    const parsed = parseListQuery(spec, query);
    const { select, filterText, exact, ordered } = filteredSelect(
      this.db,
      this.ctx.dialect,
      spec,
      parsed,
      readable,
    );
    return {
      countKey: `${spec.table}|${readableKey}|${filterText ?? ''}|${JSON.stringify(exact)}|${parsed.where ?? ''}`,
      count: select.select((eb) => eb.fn.countAll<number>().as('total')).compile(),
      page: (parsed.pageSize === -1
        ? ordered.limit(ALL_ROWS_CAP)
        : ordered.limit(parsed.pageSize).offset((parsed.pageNumber - 1) * parsed.pageSize)
      ).compile() as CompiledQuery<Row>,
    };
  }

  /** The total and the rows of one page. `search` is the raw query string, `query` its parameters. */
  async page(
    spec: ResourceSpec,
    search: string,
    query: Record<string, string>,
    readable: Readable,
  ): Promise<{ total: number; rows: Row[] }> {
    // A query with a cache-busting parameter is planned but not kept (each would be a new entry).
    const keep = !CACHE_BUSTER.test(search);
    const planKey = `${spec.path}|${readable.key}|${search}`;
    let plan = keep ? this.plans.get(planKey) : undefined;
    if (!plan) {
      plan = this.plan(spec, query, readable);
      if (keep) this.plans.set(planKey, plan);
    }
    // Counting a large table costs far more than a page: one count per query is shared by concurrent
    // requests and reused until a write to the table (in any worker) or the time to live.
    const totals = this.totals.of(spec.table);
    let total = totals.get(plan.countKey);
    if (!total) {
      const countKey = plan.countKey;
      total = this.db.executeQuery(plan.count).then((result) => Number(result.rows[0]?.total ?? 0));
      totals.set(countKey, total);
      total.catch(() => totals.delete(countKey));
    }
    const count = await total;
    const { rows } = await this.db.executeQuery(plan.page);
    return { total: count, rows };
  }
}

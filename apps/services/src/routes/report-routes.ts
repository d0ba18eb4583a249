// Reports that run (the real platform's ReportExecutionController):
// POST /reportExecution/{id}?pageSize=&pageNumber=   one page of the report's rows (or of its groups
//                                                    with a group-by), its columns and its totals
// GET  /reportExecution/{id}/export.csv              every row (or group) as CSV, streamed
// The caller needs report_definition:r and read on the reported resource; the rows are exactly those
// of the caller's own list of that resource (same tenant scope and list query machinery).
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { checkReportDefinition, reportColumns, reportField, resolveTimeZone } from '@portico/core';
import type { ReportQuery } from '@portico/core';
import type { Caller } from '../auth/directory.ts';
import { HttpError, parseOrThrow } from '../http/http-error.ts';
import { describeRoute } from '../http/route-registry.ts';
import { findReadableRow, readableFor } from '../policies/access.ts';
import { requireReportReader, requireReportTarget } from '../policies/report-policy.ts';
import { RESOURCES_BY_PATH } from '../resources/definitions/index.ts';
import { REPORT_DEFINITION } from '../resources/definitions/analytics.ts';
import { ALL_ROWS_CAP, filteredSelect } from '../resources/list-query.ts';
import { reportListQuery } from '../resources/report-query.ts';
import { parseJsonColumn } from '../resources/resource-fields.ts';
import type { Json, ResourceSpec, Row } from '../resources/resource-spec.ts';
import { csvCell, outputPlan, toJson } from '../resources/serialize.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';
import type { AnyDb } from './resources/resource-env.ts';
import { csvDownload } from './resources/export-handler.ts';
import { idParam } from '../http/id-param.ts';

const pageQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(1000).default(50),
  pageNumber: z.coerce.number().int().min(1).max(10_000_000).default(1),
});

/** A report ready to run: its stored row, its checked query, the resource it lists. */
interface Runnable {
  row: Row;
  query: ReportQuery;
  spec: ResourceSpec;
  groupBy: string | undefined;
  /** The caller's time zone: a date in a time filter is a day on this clock. */
  timeZone: string;
}

/** The time zone the caller's console shows times in: the user's own, else its group's. */
async function callerTimeZone(ctx: ServicesContext, caller: Caller): Promise<string> {
  const [userFields, groupFields] = await Promise.all([
    ctx.directory.userFields(caller.user.id),
    ctx.directory.inheritedGroupFields(caller.user.groupId),
  ]);
  return resolveTimeZone({
    userValue: userFields.get('timeZoneConfiguration'),
    groupValue: groupFields.get('timeZoneConfiguration')?.value,
  });
}

/** The report `id` the caller may run: 403 without the permissions, 404 when it is not the caller's tenant's. */
async function runnable(ctx: ServicesContext, db: AnyDb, c: Context<AppEnv>): Promise<Runnable> {
  const caller = c.get('caller');
  requireReportReader(caller);
  const { id } = parseOrThrow(idParam, c.req.param(), 'path');
  const row = await findReadableRow(db, REPORT_DEFINITION, id, caller);
  const checked = checkReportDefinition({
    resource: row.resource,
    reportProperty: parseJsonColumn(row.reportProperty, []),
    reportFilter: parseJsonColumn(row.reportFilter, []),
    reportGroupBy: parseJsonColumn(row.reportGroupBy, []),
    sortBy: parseJsonColumn(row.sortBy, null),
  });
  if (!checked.ok) {
    const first = checked.problems[0];
    throw new HttpError(
      400,
      `This report's definition is not valid: ${first?.path}: ${first?.message}`,
      Object.fromEntries(checked.problems.map((p) => [p.path, p.message])),
    );
  }
  const spec = RESOURCES_BY_PATH.get(checked.query.resource);
  if (!spec) throw new HttpError(400, `Reports cannot list ${checked.query.resource}`);
  requireReportTarget(caller, spec);
  return {
    row,
    query: checked.query,
    spec,
    groupBy: checked.query.reportGroupBy[0]?.propertyName,
    timeZone: await callerTimeZone(ctx, caller),
  };
}

/**
 * The report's rows as the caller's own list of its resource reads them (`page` where the answer is
 * paged; the groups and the CSV read every row).
 */
function reportSelect(
  ctx: ServicesContext,
  db: AnyDb,
  caller: Caller,
  { query, spec, timeZone }: Runnable,
  page = { pageSize: 1, pageNumber: 1 },
) {
  return filteredSelect(
    db,
    ctx.dialect,
    spec,
    reportListQuery(query, page, timeZone),
    readableFor(caller, spec).readable,
  );
}

/** The columns of the answer: each field's kind, and what a client needs to show its values. */
function columnsJson(resource: string, names: readonly string[]): Json[] {
  return names.map((propertyName) => {
    const field = reportField(resource, propertyName);
    return {
      propertyName,
      kind: field?.kind ?? 'number',
      ...(field?.reference ? { reference: field.reference } : {}),
      ...(field?.values ? { values: field.values } : {}),
    };
  });
}

/** Every group of a grouped report, largest first (or by value when the report sorts by it). */
async function readGroups(
  ctx: ServicesContext,
  db: AnyDb,
  caller: Caller,
  report: Runnable & { groupBy: string },
): Promise<{ groups: Json[]; rows: number }> {
  const { query, spec, groupBy } = report;
  const { select } = reportSelect(ctx, db, caller, report);
  let grouped = select
    .select((eb) => [eb.ref(groupBy).as('value'), eb.fn.countAll<number>().as('count')])
    .groupBy(groupBy);
  grouped =
    query.sortBy?.propertyName === groupBy
      ? grouped.orderBy(groupBy, query.sortBy.direction)
      : grouped.orderBy('count', 'desc').orderBy(groupBy, 'asc');
  const found = await grouped.limit(ALL_ROWS_CAP).execute();
  const boolean = reportField(query.resource, groupBy)?.kind === 'boolean';
  const groups: Json[] = found.map((group) => ({
    [groupBy]: boolean && group.value !== null ? Number(group.value) === 1 : group.value,
    count: Number(group.count),
  }));
  // a reference's group is named as the list names it: `{id, name}` under the list's key
  const ref = outputPlan(spec).refs.find((candidate) => candidate.name === groupBy);
  if (ref) {
    const ids = groups.map((group) => group[groupBy]).filter((id) => typeof id === 'number');
    const names = ids.length
      ? await db
          .selectFrom(ref.target.table)
          .select(['id', ref.display])
          .where('id', 'in', ids)
          .execute()
      : [];
    const byId = new Map(names.map((name) => [Number(name.id), name[ref.display]]));
    for (const group of groups) {
      const id = Number(group[groupBy]);
      group[ref.key] = byId.has(id) ? { id, [ref.display]: byId.get(id) } : null;
    }
  }
  return { groups, rows: groups.reduce((sum, group) => sum + Number(group.count), 0) };
}

/** An item with only the report's columns (and each reference's resolved `{id, name}`). */
function project(spec: ResourceSpec, item: Json, columns: readonly string[]): Json {
  const refs = new Map(outputPlan(spec).refs.map((ref) => [ref.name, ref.key]));
  const out: Json = { id: item.id };
  for (const column of columns) {
    out[column] = item[column] ?? null;
    const key = refs.get(column);
    if (key) out[key] = item[key] ?? null;
  }
  return out;
}

export function registerReportRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  const db = ctx.db as unknown as AnyDb;
  const tag = 'reportExecution';

  describeRoute(api, 'POST', '/reportExecution/:id', {
    summary: 'Run a report: one page of its rows (or groups), its columns and totals',
    tag,
    query: pageQuery,
  });
  api.post('/reportExecution/:id', async (c) => {
    const caller = c.get('caller');
    const report = await runnable(ctx, db, c);
    const page = parseOrThrow(pageQuery, c.req.query(), 'query');
    const { row, query, spec, groupBy } = report;
    const head = {
      reportDefinition: {
        id: row.id,
        name: row.name,
        description: row.description,
        reportType: row.reportType,
        resource: query.resource,
      },
      pageSize: page.pageSize,
      pageNumber: page.pageNumber,
    };
    if (groupBy !== undefined) {
      const { groups, rows } = await readGroups(ctx, db, caller, { ...report, groupBy });
      const start = (page.pageNumber - 1) * page.pageSize;
      return c.json({
        ...head,
        columns: [
          ...columnsJson(query.resource, [groupBy]),
          { propertyName: 'count', kind: 'count' },
        ],
        groupBy,
        total: groups.length,
        totals: { rows, groups: groups.length },
        results: groups.slice(start, start + page.pageSize),
      });
    }
    const columns = reportColumns(query);
    const { select, ordered } = reportSelect(ctx, db, caller, report, page);
    const counted = await select
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst();
    const total = Number(counted?.total ?? 0);
    const rows = await ordered
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize)
      .execute();
    const items = await toJson(ctx, spec, rows, caller);
    return c.json({
      ...head,
      columns: columnsJson(query.resource, columns),
      groupBy: null,
      total,
      totals: { rows: total },
      results: items.map((item) => project(spec, item, columns)),
    });
  });

  describeRoute(api, 'GET', '/reportExecution/:id/export.csv', {
    summary: 'Run a report: every row (or group) as CSV',
    tag,
  });
  api.get('/reportExecution/:id/export.csv', async (c) => {
    const caller = c.get('caller');
    const report = await runnable(ctx, db, c);
    const { row, query, spec, groupBy } = report;
    const filename = `report-${String(row.id)}.csv`;
    if (groupBy === undefined) {
      const { ordered } = reportSelect(ctx, db, caller, report);
      return csvDownload(c, ctx, spec, caller, ordered, reportColumns(query), filename);
    }
    const { groups } = await readGroups(ctx, db, caller, { ...report, groupBy });
    const ref = outputPlan(spec).refs.find((candidate) => candidate.name === groupBy);
    const header = ref ? [groupBy, ref.key, 'count'] : [groupBy, 'count'];
    let text = `\uFEFF${header.map(csvCell).join(',')}\r\n`;
    for (const group of groups) {
      const named = ref ? (group[ref.key] as Json | null)?.[ref.display] : undefined;
      const cells = ref ? [group[groupBy], named, group.count] : [group[groupBy], group.count];
      text += `${cells.map(csvCell).join(',')}\r\n`;
    }
    return c.body(text, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    });
  });
}

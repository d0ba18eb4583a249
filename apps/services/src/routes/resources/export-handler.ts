// The list as a CSV download, streamed.
import type { Context } from 'hono';
import type { Caller } from '../../auth/directory.ts';
import { readableFor } from '../../policies/access.ts';
import { filteredSelect, parseListQuery } from '../../resources/list-query.ts';
import { EXPORT_CHUNK_ROWS, csvLayout, toJson } from '../../resources/serialize.ts';
import type { ResourceSpec, Row } from '../../resources/resource-spec.ts';
import type { AppEnv, ServicesContext } from '../../services-context.ts';
import { permittedCaller } from './resource-env.ts';
import type { ResourceHandler } from './resource-env.ts';

/** A select of rows in their order, read a chunk at a time (filteredSelect's `ordered`). */
interface OrderedRows {
  limit(limit: number): { offset(offset: number): { execute(): Promise<Row[]> } };
}

/**
 * Answers `ordered`'s rows as a CSV download, streamed a chunk at a time as the client reads: never
 * the whole result in memory. `columns`: the names of a `columns=` parameter (csvLayout).
 */
export function csvDownload(
  c: Context<AppEnv>,
  ctx: ServicesContext,
  spec: ResourceSpec,
  caller: Caller,
  ordered: OrderedRows,
  columns: readonly string[] | undefined,
  filename: string,
): Response {
  const layout = csvLayout(spec, columns);
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
    'Content-Disposition': `attachment; filename="${filename}"`,
  });
}

/**
 * `GET /{resource}/export.csv?…`: every row the list query selects (no paging), as CSV, streamed a
 * chunk at a time as the client reads: never the whole table in memory. Same permission,
 * tenant scope, search, filters and order as the list; `columns=a,b` keeps those columns, in that
 * order (a list exports what it shows).
 */
export const handleExport: ResourceHandler = async (env, c, spec) => {
  const { ctx, db } = env;
  const caller = permittedCaller(c, spec, 'r');
  const { readable } = readableFor(caller, spec);
  const { columns, ...query } = c.req.query();
  const chosen =
    columns === undefined
      ? undefined
      : columns
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== '');
  // the columns are checked before any row is read (a 400 names an unknown one)
  csvLayout(spec, chosen);
  const { ordered } = filteredSelect(db, ctx.dialect, spec, parseListQuery(spec, query), readable);
  return csvDownload(c, ctx, spec, caller, ordered, chosen, `${spec.path}.csv`);
};

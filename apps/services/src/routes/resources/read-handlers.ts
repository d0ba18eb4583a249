// The reads of the resource mechanism: a page of the list, the list as a tree, one row.
import { parseOrThrow } from '../../http/http-error.ts';
import { findReadableRow } from '../../policies/access.ts';
import { ALL_ROWS_CAP, filteredSelect, parseListQuery } from '../../resources/list-query.ts';
import { applyExtraAndOnly, checkExtra } from '../../resources/projection.ts';
import { toJson } from '../../resources/serialize.ts';
import { idParam, listScope, permittedCaller } from './resource-env.ts';
import type { ResourceHandler } from './resource-env.ts';

export const handleList: ResourceHandler = async (env, c, spec) => {
  const { ctx, lists } = env;
  const caller = permittedCaller(c, spec, 'r');
  const url = c.req.url;
  const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const query = c.req.query();
  checkExtra(spec, query.extra);
  const { total, rows } = await lists.page(
    spec,
    search,
    query,
    await listScope(env, c, spec, query),
  );
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
};

/**
 * `GET /{resource}/tree`: the list's rows (same query, all of them within the cap) as a forest:
 * each row with `children`, by `parentId` where the resource has one (groups); `topId` roots it at
 * one row. Resources without a parent answer every row as a root with no children.
 */
export const handleTree: ResourceHandler = async (env, c, spec) => {
  const { ctx, db } = env;
  const caller = permittedCaller(c, spec, 'r');
  const query = c.req.query();
  const parsed = parseListQuery(spec, { pageSize: '-1', ...query });
  checkExtra(spec, parsed.extra);
  const scope = await listScope(env, c, spec, query);
  const { ordered } = filteredSelect(db, ctx.dialect, spec, parsed, scope.readable);
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
};

export const handleGet: ResourceHandler = async (env, c, spec) => {
  const { ctx, db } = env;
  const caller = permittedCaller(c, spec, 'r');
  const { id } = parseOrThrow(idParam, c.req.param(), 'path');
  const { extra, only } = c.req.query();
  checkExtra(spec, extra);
  const row = await findReadableRow(db, spec, id, caller);
  const json = await toJson(ctx, spec, [row], caller);
  if (extra !== undefined || only !== undefined)
    await applyExtraAndOnly(ctx, spec, json, caller, extra, only);
  return c.json(json[0] ?? {});
};

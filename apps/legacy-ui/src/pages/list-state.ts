// The pure state of a resource list: what its address holds (search, sort, filters, page and size),
// which fields it filters on, and the text of a cell. No React: the list page renders it.
import { keyMetric } from '@portico/core';
import type { ApiRow } from '../api-client.ts';
import type { ColumnDef, FieldDef, ResourceDef } from '../resources.ts';

export const PAGE_SIZES = [10, 25, 50, 100];
export const DEFAULT_PAGE_SIZE = 25;

export type Order = { field: string; direction: 'asc' | 'desc' };

/** The list state a URL holds (sort, filters and page survive reload and can be shared). */
export interface ListState {
  filter: string;
  order: Order;
  pageNumber: number;
  pageSize: number;
  filters: Record<string, string>;
}

/** The fields a list can be filtered on: enumerations and references (exact match in the API). */
export function filterFields(resource: ResourceDef): FieldDef[] {
  return resource.fields.filter(
    (field) =>
      !field.createOnly &&
      (field.kind === 'select' || field.kind === 'modelStatus' || field.kind === 'reference'),
  );
}

/** Reads the list state from a location's query; unknown or bad values fall back to the defaults. */
export function readListState(resource: ResourceDef, query: URLSearchParams): ListState {
  const sortable = new Set(resource.columns.filter(isSortable).map((column) => column.field));
  const [field = '', direction = ''] = (query.get('sort') ?? '').split(':');
  const order: Order = sortable.has(field)
    ? { field, direction: direction === 'desc' ? 'desc' : 'asc' }
    : { field: resource.titleField, direction: 'asc' };
  const page = Number(query.get('page'));
  const size = Number(query.get('size'));
  const filters: Record<string, string> = {};
  for (const candidate of filterFields(resource)) {
    const value = query.get(candidate.name);
    if (value === null || value === '') continue;
    if (candidate.kind !== 'reference' && !(candidate.options ?? []).includes(value)) continue;
    if (candidate.kind === 'reference' && !/^[1-9]\d{0,9}$/.test(value)) continue;
    filters[candidate.name] = value;
  }
  return {
    filter: (query.get('q') ?? '').slice(0, 200),
    order,
    pageNumber: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    pageSize: PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    filters,
  };
}

/** The query of a list state, defaults left out (`sort=serial:desc&status=active&page=2`). */
export function writeListState(resource: ResourceDef, state: ListState): string {
  const params = new URLSearchParams();
  if (state.filter) params.set('q', state.filter);
  if (state.order.field !== resource.titleField || state.order.direction !== 'asc')
    params.set('sort', `${state.order.field}:${state.order.direction}`);
  for (const [field, value] of Object.entries(state.filters))
    if (value !== '') params.set(field, value);
  if (state.pageNumber > 1) params.set('page', String(state.pageNumber));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(state.pageSize));
  return params.toString();
}

/** Whether the list can be ordered by a column (not by a metrics object: the API sorts no JSON). */
export function isSortable(column: ColumnDef): boolean {
  return column.kind !== 'metric';
}

/** The text of one cell (`formatNumber`: a metric's value in the user's language). */
export function cellText(
  row: ApiRow,
  column: ColumnDef,
  format: (value: unknown) => string,
  formatNumber: (value: number) => string = String,
): string {
  const value = row[column.field];
  if (column.kind === 'datetime') return format(value);
  if (column.kind === 'metric') {
    const metric = keyMetric(value);
    return metric ? `${metric.name} ${formatNumber(metric.value)}` : '';
  }
  if (column.kind === 'reference' && column.object) {
    const object = row[column.object] as
      { name?: unknown; username?: unknown; path?: unknown } | null | undefined;
    // a group column may name groups by their path, so look-alike names in two sites read apart
    if (column.path && object && typeof object.path === 'string' && object.path !== '')
      return object.path;
    if (object && typeof object.name === 'string') return object.name;
    if (object && typeof object.username === 'string') return object.username;
    return '';
  }
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The columns a phone's card shows (the resource's `card`, else the name and the next two). */
export function cardColumns(resource: ResourceDef): ReadonlySet<string> {
  if (resource.card) return new Set(resource.card);
  const rest = resource.columns
    .map((column) => column.field)
    .filter((field) => field !== 'id' && field !== resource.titleField);
  return new Set([resource.titleField, ...rest.slice(0, 2)]);
}

// A report definition's query as the resource lists run it: its filters become the tree of a list's
// `where` (where-query.ts), its order the list's `order`, so that filteredSelect (list-query.ts)
// selects exactly the rows the caller's own list of that resource would show.
import { operatorTakesValue, reportField, reportTimeSpan } from '@portico/core';
import type { ReportFilter, ReportQuery } from '@portico/core';
import type { ListQuery } from './list-query.ts';
import type { WhereNode, WhereOperator } from './where-query.ts';

/** A LIKE pattern that matches `text` literally (`\` is the where machinery's LIKE escape). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The where tree of one checked filter. A time value names a span (core's `reportTimeSpan`: a date
 * is that whole day in `timeZone`): "before" ends where it starts, "on or before" takes all of it,
 * "after" starts where it ends, "on or after" takes all of it.
 */
export function filterNode(
  resource: string,
  filter: ReportFilter,
  position: number,
  timeZone = 'UTC',
): WhereNode {
  const field = reportField(resource, filter.propertyName);
  const kind = field?.kind ?? 'text';
  const condition = (operator: WhereOperator, value: string | null): WhereNode => ({
    type: 'condition',
    field: filter.propertyName,
    operator,
    value,
    position,
  });
  // on text an empty value also matches no value (where-query.ts); on other kinds, no value
  const empty = condition('=', kind === 'text' ? '' : null);
  if (kind === 'time' && operatorTakesValue(filter.operator)) {
    const span = reportTimeSpan(filter.value, timeZone);
    const start = String(span?.start ?? '');
    const end = String(span?.end ?? '');
    switch (filter.operator) {
      case '<':
        return condition('<', start);
      case '<=':
        return condition('<', end);
      case '>':
        return { type: 'not', item: condition('<', end) };
      case '>=':
        return { type: 'not', item: condition('<', start) };
    }
  }
  const value = filter.value;
  switch (filter.operator) {
    case '=':
      return condition('=', value);
    case '!=':
      // "not equal" keeps the rows with no value at all
      return { type: 'or', items: [{ type: 'not', item: condition('=', value) }, empty] };
    case '~':
      return condition('~', `%${likeLiteral(value)}%`);
    case 'startsWith':
      return condition('~', `${likeLiteral(value)}%`);
    case '<':
    case '>':
      return condition(filter.operator, value);
    case '<=':
      return { type: 'not', item: condition('>', value) };
    case '>=':
      return { type: 'not', item: condition('<', value) };
    case 'isEmpty':
      return empty;
    case 'isNotEmpty':
      return { type: 'not', item: empty };
  }
}

/** The list query of a checked report query: every filter, its order, one page. */
export function reportListQuery(
  query: ReportQuery,
  page: { pageSize: number; pageNumber: number },
  timeZone = 'UTC',
): ListQuery {
  const items = query.reportFilter.map((filter, index) =>
    filterNode(query.resource, filter, index, timeZone),
  );
  const listQuery: ListQuery = { pageSize: page.pageSize, pageNumber: page.pageNumber };
  if (items.length === 1) listQuery.whereTree = items[0];
  else if (items.length > 1) listQuery.whereTree = { type: 'and', items };
  if (query.sortBy)
    listQuery.order = [{ field: query.sortBy.propertyName, direction: query.sortBy.direction }];
  return listQuery;
}

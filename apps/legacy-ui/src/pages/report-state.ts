// The report builder's and the report run's state, without React: which fields a report can use
// (core's report fields the legacy UI can name), the builder's draft and the body it saves, the
// problems core finds in it, and how a run's cell reads.
import {
  REPORT_OPERATORS,
  checkReportDefinition,
  formatDateTime,
  operatorTakesValue,
  reportFields,
} from '@portico/core';
import type {
  DateTimePreferences,
  ReportField,
  ReportOperator,
  ReportProblem,
} from '@portico/core';
import type { ApiRow, ReportRunColumn } from '../api-client.ts';
import { RESOURCES } from '../resources.ts';
import type { ColumnDef, FieldDef, ResourceDef } from '../resources.ts';

/** How the legacy UI names a report field: the resource's list column, else its form field. */
export function fieldDefOf(resource: string, name: string): ColumnDef | FieldDef | undefined {
  const def: ResourceDef | undefined = RESOURCES[resource];
  if (!def) return undefined;
  return (
    def.columns.find((column) => column.field === name) ??
    def.fields.find((field) => field.name === name)
  );
}

/** A field the builder offers: core's report field, with how the UI names it. */
export interface BuilderField extends ReportField {
  readonly def: ColumnDef | FieldDef;
}

/** The report fields of `resource` that the legacy UI can name, in catalog order. */
export function builderFields(resource: string): BuilderField[] {
  const fields: BuilderField[] = [];
  for (const field of reportFields(resource)) {
    const def = fieldDefOf(resource, field.name);
    if (def) fields.push({ ...field, def });
  }
  return fields;
}

/** One filter row of the builder. */
export interface FilterDraft {
  propertyName: string;
  operator: ReportOperator;
  value: string;
}

/** What the builder edits. */
export interface ReportDraft {
  name: string;
  description: string;
  folderId: string;
  resource: string;
  columns: string[];
  filters: FilterDraft[];
  groupBy: string;
  sortField: string;
  sortDirection: 'asc' | 'desc';
}

const isList = (value: unknown): value is Array<Record<string, unknown>> => Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A new report: things, with their list's columns. */
export function newDraft(): ReportDraft {
  return {
    name: '',
    description: '',
    folderId: '',
    resource: 'thing',
    columns: defaultColumns('thing'),
    filters: [],
    groupBy: '',
    sortField: '',
    sortDirection: 'asc',
  };
}

/** The columns a report of `resource` starts with: its list's. */
export function defaultColumns(resource: string): string[] {
  return builderFields(resource)
    .filter((field) => field.listed)
    .map((field) => field.name);
}

/** The draft of a stored definition. */
export function draftOf(row: ApiRow): ReportDraft {
  const resource = text(row.resource) || 'thing';
  const columns = isList(row.reportProperty)
    ? row.reportProperty.map((p) => text(p.propertyName)).filter(Boolean)
    : [];
  const sort = row.sortBy as { propertyName?: unknown; direction?: unknown } | null | undefined;
  const group = isList(row.reportGroupBy) ? text(row.reportGroupBy[0]?.propertyName) : '';
  return {
    name: text(row.name),
    description: text(row.description),
    folderId: typeof row.folderId === 'number' ? String(row.folderId) : '',
    resource,
    columns: columns.length > 0 ? columns : defaultColumns(resource),
    filters: isList(row.reportFilter)
      ? row.reportFilter.map((f) => ({
          propertyName: text(f.propertyName),
          operator: text(f.operator) as ReportOperator,
          value: text(f.value),
        }))
      : [],
    groupBy: group,
    sortField: text(sort?.propertyName),
    sortDirection: sort?.direction === 'desc' ? 'desc' : 'asc',
  };
}

/** The body the builder saves. */
export function bodyOf(draft: ReportDraft): Record<string, unknown> {
  return {
    name: draft.name.trim(),
    description: draft.description,
    folderId: draft.folderId === '' ? null : Number(draft.folderId),
    resource: draft.resource,
    reportProperty: draft.columns.map((propertyName) => ({ propertyName })),
    reportFilter: draft.filters.map((filter) => ({
      ...filter,
      value: operatorTakesValue(filter.operator) ? filter.value : '',
    })),
    reportGroupBy: draft.groupBy ? [{ propertyName: draft.groupBy }] : [],
    sortBy: draft.sortField
      ? { propertyName: draft.sortField, direction: draft.sortDirection }
      : null,
  };
}

/** What is wrong with a draft before it is saved: its name, then what core finds. */
export function draftProblems(draft: ReportDraft): ReportProblem[] {
  const problems: ReportProblem[] = [];
  if (draft.name.trim() === '')
    problems.push({ path: 'name', code: 'valueRequired', message: 'a name is required' });
  if (draft.columns.length === 0)
    problems.push({ path: 'reportProperty', code: 'valueRequired', message: 'a column' });
  const result = checkReportDefinition(bodyOf(draft));
  if (!result.ok) problems.push(...result.problems);
  return problems;
}

/** The filter a field starts with: its first operator, no value. */
export function newFilter(field: ReportField): FilterDraft {
  return { propertyName: field.name, operator: REPORT_OPERATORS[field.kind][0]!, value: '' };
}

/** A run's cell as text (a reference by its name, a time in the user's format, a flag as given). */
export function runCellText(
  row: ApiRow,
  column: ReportRunColumn,
  preferences: DateTimePreferences,
  objectKey: string | undefined,
): string {
  const value = row[column.propertyName];
  if (column.kind === 'reference' && objectKey) {
    const object = row[objectKey] as { name?: unknown; username?: unknown } | null | undefined;
    if (object && typeof object.name === 'string') return object.name;
    if (object && typeof object.username === 'string') return object.username;
    return '';
  }
  if (value === null || value === undefined) return '';
  if (column.kind === 'time') return formatDateTime(value, preferences);
  return String(value);
}

/** The key of a reference field's resolved `{id, name}` in a row (`zoneId` → `zone`). */
export function objectKeyOf(propertyName: string): string | undefined {
  return propertyName.endsWith('Id') ? propertyName.slice(0, -2) : undefined;
}

/**
 * What a report definition says it reports on, and the rule that checks one: the resource of the
 * resource catalog it lists, its columns (`reportProperty`), its filters (`reportFilter`: field,
 * operator, value), its order (`sortBy`) and an optional group-by (`reportGroupBy`: one row per
 * value of a field, with its count). The names follow the real platform's `ReportDefinition`,
 * `ReportProperty`, `ReportFilter` and `ReportGroupBy` (`propertyName`, `operator`, `value`).
 *
 * The services check a definition with {@link checkReportDefinition} before they store it, the
 * legacy UI's report builder before it saves, and both offer the operators of
 * {@link REPORT_OPERATORS} by the field's kind.
 */
import { timeZoneOffsetMinutes } from '../config/time-zones.ts';
import { RESOURCE_CATALOG, enumerationOf } from './resource-catalog.ts';
import type { CatalogField, CatalogPath } from './resource-catalog.ts';

/** The resources a report lists: the catalog's records a person counts and tabulates. */
export const REPORTABLE_RESOURCES = [
  'thing',
  'thingType',
  'zone',
  'zoneType',
  'zoneGroup',
  'logicalReader',
  'group',
  'groupType',
  'user',
  'role',
  'edgebox',
  'scheduledRule',
  'streamApp',
  'deviceProfile',
  'connection',
] as const satisfies readonly CatalogPath[];

/** One of {@link REPORTABLE_RESOURCES}. */
export type ReportableResource = (typeof REPORTABLE_RESOURCES)[number];

/** How a report compares a field: the catalog's kinds, as a filter reads them. */
export type ReportFieldKind = 'text' | 'number' | 'time' | 'boolean' | 'enumeration' | 'reference';

/**
 * A filter's operator (the platform's `=`, `!=`, `~`, `<`, `>`, `<=`, `>=`, `isEmpty`,
 * `isNotEmpty`, and `startsWith`).
 */
export type ReportOperator =
  '=' | '!=' | '~' | 'startsWith' | '<' | '>' | '<=' | '>=' | 'isEmpty' | 'isNotEmpty';

/** The operators each kind of field offers, in the order a select shows them. */
export const REPORT_OPERATORS: Readonly<Record<ReportFieldKind, readonly ReportOperator[]>> = {
  text: ['=', '!=', '~', 'startsWith', 'isEmpty', 'isNotEmpty'],
  number: ['=', '!=', '<', '>', '<=', '>=', 'isEmpty', 'isNotEmpty'],
  time: ['<', '>', '<=', '>=', 'isEmpty', 'isNotEmpty'],
  boolean: ['='],
  enumeration: ['=', '!=', 'isEmpty', 'isNotEmpty'],
  reference: ['=', '!=', 'isEmpty', 'isNotEmpty'],
};

/** Whether an operator compares with a value (`isEmpty` and `isNotEmpty` take none). */
export function operatorTakesValue(operator: ReportOperator): boolean {
  return operator !== 'isEmpty' && operator !== 'isNotEmpty';
}

/** A field a report may show, filter, sort or group by. */
export interface ReportField {
  readonly name: string;
  readonly kind: ReportFieldKind;
  /** For `reference`: the resource referred to (its API path). */
  readonly reference?: string;
  /** For `enumeration`: its values. */
  readonly values?: readonly string[];
  readonly maxLength?: number;
  /** The report can count its rows by it (every kind but a time and free text). */
  readonly groupable: boolean;
  /** A column of the resource's own list: the report's columns when it names none. */
  readonly listed: boolean;
}

const KIND_OF: Readonly<Partial<Record<CatalogField['kind'], ReportFieldKind>>> = {
  text: 'text',
  longText: 'text',
  email: 'text',
  color: 'text',
  integer: 'number',
  time: 'time',
  boolean: 'boolean',
  enumeration: 'enumeration',
  reference: 'reference',
};

/** Whether `resource` is one a report lists. */
export function isReportableResource(resource: unknown): resource is ReportableResource {
  return (REPORTABLE_RESOURCES as readonly unknown[]).includes(resource);
}

/** The fields of a reportable resource a report may use, in catalog order (none for another). */
export function reportFields(resource: string): readonly ReportField[] {
  if (!isReportableResource(resource)) return [];
  const fields: Readonly<Record<string, CatalogField>> = RESOURCE_CATALOG[resource].fields;
  const result: ReportField[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const kind = KIND_OF[field.kind];
    if (!kind) continue;
    const values = kind === 'enumeration' ? enumerationOf(resource, name) : undefined;
    result.push({
      name,
      kind,
      ...(field.reference ? { reference: field.reference } : {}),
      ...(values ? { values } : {}),
      ...(field.maxLength ? { maxLength: field.maxLength } : {}),
      groupable: kind !== 'time' && field.kind !== 'longText',
      listed: field.list === true,
    });
  }
  return result;
}

/** One field of a reportable resource, if it is one a report may use. */
export function reportField(resource: string, name: string): ReportField | undefined {
  return reportFields(resource).find((field) => field.name === name);
}

/** A column of the report (the platform's `ReportProperty`; its place is its display order). */
export interface ReportProperty {
  readonly propertyName: string;
}

/** A condition every row of the report meets (the platform's `ReportFilter`). */
export interface ReportFilter {
  readonly propertyName: string;
  readonly operator: ReportOperator;
  /** The value compared with, as text (empty for `isEmpty` and `isNotEmpty`). */
  readonly value: string;
}

/** The field a report counts its rows by (the platform's `ReportGroupBy`). */
export interface ReportGroupBy {
  readonly propertyName: string;
}

/** The report's order. */
export interface ReportSort {
  readonly propertyName: string;
  readonly direction: 'asc' | 'desc';
}

/** What a report lists: a checked definition's query part. */
export interface ReportQuery {
  readonly resource: ReportableResource;
  readonly reportProperty: readonly ReportProperty[];
  readonly reportFilter: readonly ReportFilter[];
  /** At most one. */
  readonly reportGroupBy: readonly ReportGroupBy[];
  readonly sortBy: ReportSort | null;
}

/** What is wrong with a definition, as a code a UI translates (with the message in English). */
export type ReportProblemCode =
  | 'notReportable'
  | 'notAList'
  | 'tooMany'
  | 'unknownField'
  | 'duplicate'
  | 'badOperator'
  | 'valueRequired'
  | 'notANumber'
  | 'notATime'
  | 'notABoolean'
  | 'notInEnumeration'
  | 'notAnId'
  | 'tooLong'
  | 'notGroupable'
  | 'badDirection';

/** One problem of a definition: where (`reportFilter.1.value`), what, and the English message. */
export interface ReportProblem {
  readonly path: string;
  readonly code: ReportProblemCode;
  readonly message: string;
}

/** The most columns, filters a definition holds. */
export const REPORT_LIMITS = { columns: 30, filters: 20, value: 200 } as const;

/** A time filter value's span: from `start` (inclusive) to `end` (exclusive), in epoch milliseconds. */
export interface ReportTimeSpan {
  readonly start: number;
  readonly end: number;
}

const TIME_VALUE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Epoch milliseconds of a wall-clock time (given as if it were UTC) in `timeZone`. */
function wallClockInZone(wall: number, timeZone: string): number {
  const offsetAt = (at: number) => timeZoneOffsetMinutes(timeZone, new Date(at)) ?? 0;
  const first = wall - offsetAt(wall) * 60_000;
  // across a change of offset the first guess is off by the change: ask again at the guess
  return wall - offsetAt(first) * 60_000;
}

/**
 * The span a time filter's value names, or undefined when it is not a time:
 * - digits: that millisecond;
 * - a date (`2026-01-31`): the whole day in `timeZone` (the person's who runs the report);
 * - a date and time: the minute, second or millisecond it names, at its own offset (`Z`,
 *   `+02:00`) or, without one, on the clock of `timeZone`.
 * So "on or before 2026-01-31" keeps the whole of that day, and "after" it starts the next.
 */
export function reportTimeSpan(value: string, timeZone = 'UTC'): ReportTimeSpan | undefined {
  const text = value.trim();
  if (/^\d{1,15}$/.test(text)) return { start: Number(text), end: Number(text) + 1 };
  const match = TIME_VALUE.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, milli, offset] = match;
  const parts = [year, month, day, hour ?? 0, minute ?? 0, second ?? 0].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Number((milli ?? '').padEnd(3, '0'));
  const wall = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5], ms);
  const back = new Date(wall);
  // a day or an hour that does not exist (2026-02-30, 25:00) is not a time
  if (
    back.getUTCFullYear() !== parts[0] ||
    back.getUTCMonth() !== parts[1] - 1 ||
    back.getUTCDate() !== parts[2] ||
    back.getUTCHours() !== parts[3] ||
    back.getUTCMinutes() !== parts[4] ||
    back.getUTCSeconds() !== parts[5]
  )
    return undefined;
  if (hour === undefined) {
    const nextDay = Date.UTC(parts[0], parts[1] - 1, parts[2] + 1);
    return { start: wallClockInZone(wall, timeZone), end: wallClockInZone(nextDay, timeZone) };
  }
  const length = milli !== undefined ? 1 : second !== undefined ? 1_000 : 60_000;
  let start: number;
  if (offset === undefined) start = wallClockInZone(wall, timeZone);
  else if (offset === 'Z') start = wall;
  else {
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    start = wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return { start, end: start + length };
}

/**
 * A time filter's value as milliseconds: where its span starts ({@link reportTimeSpan}, a date
 * alone in UTC); undefined when it is not a time.
 */
export function reportTimeValue(value: string): number | undefined {
  return reportTimeSpan(value)?.start;
}

/** What is wrong with a filter value of `field` (with a value-taking operator); undefined when right. */
export function filterValueProblem(
  field: ReportField,
  value: string,
): { code: ReportProblemCode; message: string } | undefined {
  const text = value.trim();
  if (text === '') return { code: 'valueRequired', message: 'a value is required' };
  if (value.length > (field.maxLength ?? REPORT_LIMITS.value))
    return {
      code: 'tooLong',
      message: `at most ${field.maxLength ?? REPORT_LIMITS.value} characters`,
    };
  switch (field.kind) {
    case 'number':
      return /^-?\d{1,15}$/.test(text)
        ? undefined
        : { code: 'notANumber', message: `"${text.slice(0, 40)}" is not a whole number` };
    case 'time':
      return reportTimeValue(text) === undefined
        ? { code: 'notATime', message: `"${text.slice(0, 40)}" is not a date such as 2026-01-31` }
        : undefined;
    case 'boolean':
      return text === 'true' || text === 'false'
        ? undefined
        : { code: 'notABoolean', message: 'true or false' };
    case 'enumeration':
      return field.values?.includes(text)
        ? undefined
        : {
            code: 'notInEnumeration',
            message: `one of ${(field.values ?? []).join(', ')}`,
          };
    case 'reference':
      return /^[1-9]\d{0,9}$/.test(text)
        ? undefined
        : { code: 'notAnId', message: `"${text.slice(0, 40)}" is not a record id` };
    default:
      return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a definition's query part (`resource`, `reportProperty`, `reportFilter`, `reportGroupBy`,
 * `sortBy`; absent lists are empty, an absent `sortBy` is none): the checked definition, or every
 * problem found. An empty `reportProperty` is allowed: the report then shows the list's columns.
 */
export function checkReportDefinition(
  input: Readonly<Record<string, unknown>>,
): { ok: true; query: ReportQuery } | { ok: false; problems: ReportProblem[] } {
  const problems: ReportProblem[] = [];
  const problem = (path: string, code: ReportProblemCode, message: string) =>
    problems.push({ path, code, message });
  const resource = input.resource;
  if (!isReportableResource(resource)) {
    problem('resource', 'notReportable', `one of ${REPORTABLE_RESOURCES.join(', ')}`);
    return { ok: false, problems };
  }
  // every report field sorts (report-definition.test.ts holds the catalog to it)
  const fieldOf = (path: string, name: unknown, use: 'show' | 'group') => {
    const field = typeof name === 'string' ? reportField(resource, name) : undefined;
    if (!field) {
      const names = reportFields(resource).map((f) => f.name);
      problem(path, 'unknownField', `not a field of ${resource}; one of ${names.join(', ')}`);
    } else if (use === 'group' && !field.groupable)
      problem(path, 'notGroupable', `rows cannot be counted by ${field.name}`);
    else return field;
    return undefined;
  };
  const listOf = (key: string, max: number): unknown[] => {
    const value = input[key] ?? [];
    if (!Array.isArray(value)) {
      problem(key, 'notAList', 'a list');
      return [];
    }
    if (value.length > max) problem(key, 'tooMany', `at most ${max}`);
    return value.slice(0, max);
  };

  const reportProperty: ReportProperty[] = [];
  listOf('reportProperty', REPORT_LIMITS.columns).forEach((item, index) => {
    const path = `reportProperty.${index}.propertyName`;
    const field = fieldOf(path, isObject(item) ? item.propertyName : undefined, 'show');
    if (!field) return;
    if (reportProperty.some((p) => p.propertyName === field.name))
      problem(path, 'duplicate', `${field.name} is already a column`);
    else reportProperty.push({ propertyName: field.name });
  });

  const reportFilter: ReportFilter[] = [];
  listOf('reportFilter', REPORT_LIMITS.filters).forEach((item, index) => {
    const path = `reportFilter.${index}`;
    const filter = isObject(item) ? item : {};
    const field = fieldOf(`${path}.propertyName`, filter.propertyName, 'show');
    if (!field) return;
    const operators = REPORT_OPERATORS[field.kind];
    const operator = operators.find((candidate) => candidate === filter.operator);
    if (!operator) {
      problem(`${path}.operator`, 'badOperator', `one of ${operators.join(' ')}`);
      return;
    }
    const raw = typeof filter.value === 'string' ? filter.value : '';
    const value = operatorTakesValue(operator) ? raw.trim() : '';
    const wrong = operatorTakesValue(operator) ? filterValueProblem(field, raw) : undefined;
    if (wrong) problem(`${path}.value`, wrong.code, wrong.message);
    else reportFilter.push({ propertyName: field.name, operator, value });
  });

  const reportGroupBy: ReportGroupBy[] = [];
  listOf('reportGroupBy', 1).forEach((item) => {
    const field = fieldOf(
      'reportGroupBy.0.propertyName',
      isObject(item) ? item.propertyName : undefined,
      'group',
    );
    if (field) reportGroupBy.push({ propertyName: field.name });
  });

  let sortBy: ReportSort | null = null;
  const sort = input.sortBy;
  if (sort !== undefined && sort !== null) {
    const given = isObject(sort) ? sort : {};
    const field = fieldOf('sortBy.propertyName', given.propertyName, 'show');
    const direction = given.direction ?? 'asc';
    if (direction !== 'asc' && direction !== 'desc')
      problem('sortBy.direction', 'badDirection', 'asc or desc');
    else if (field) sortBy = { propertyName: field.name, direction };
  }

  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, query: { resource, reportProperty, reportFilter, reportGroupBy, sortBy } };
}

/** The columns a report shows: its own, or (when it names none) its resource's list columns. */
export function reportColumns(query: Pick<ReportQuery, 'resource' | 'reportProperty'>): string[] {
  if (query.reportProperty.length > 0) return query.reportProperty.map((p) => p.propertyName);
  return reportFields(query.resource)
    .filter((field) => field.listed)
    .map((field) => field.name);
}

// The pure form conversion of a resource form: a row's values as the form's strings, the strings
// back as the API's body, the problems found before sending, and the form's title and record name.
// No React: resource-form.tsx renders it.
import { metricRows, metricsInput, metricsOf } from './model-state.ts';
import {
  PASSWORD_PROBLEM_TEXT,
  checkPasswordRules,
  cronProblem,
  parsePermissionLines,
} from '@portico/core';
import type { ApiRow } from '../api-client.ts';
import type { Translate } from '../i18n.ts';
import { lowerFirst, sentence } from '../labels.ts';
import type { FieldDef, ResourceDef } from '../resources.ts';

export type Values = Record<string, string>;

/** The shortest signing secret the services accept for a webhook endpoint. */
export const MIN_SECRET_LENGTH = 16;

/** The ids of a roles value (`"4,3"`). */
export function roleIdsOf(value: string): number[] {
  return value
    .split(',')
    .map((item) => Number(item.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

export function toInput(field: FieldDef, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'list' || field.kind === 'permissions' || field.kind === 'events')
    return Array.isArray(value) ? value.join('\n') : String(value);
  if (field.kind === 'flag') return value === true || value === 1 ? 'true' : 'false';
  if (field.kind === 'secret') return '';
  if (field.kind === 'roles') return Array.isArray(value) ? value.join(',') : '';
  if (field.kind === 'metrics') return metricsInput(value);
  if (field.kind === 'json' || field.kind === 'appConfig')
    return typeof value === 'object' && Object.keys(value).length === 0
      ? ''
      : JSON.stringify(value, null, 2);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A form value the API would refuse before it is sent (a JSON field that does not parse). */
export class FormValueError extends Error {
  readonly code = 'FORM_VALUE';
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/** Converts the form's strings to the API's types (ids and numbers as numbers, lists as arrays, JSON parsed). */
export function toBody(
  fields: FieldDef[],
  values: Values,
  creating: boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.createOnly && !creating) continue;
    const raw = values[field.name] ?? '';
    if (field.kind === 'reference' || field.kind === 'number')
      body[field.name] = raw.trim() === '' ? null : Number(raw);
    else if (field.kind === 'roles') body[field.name] = roleIdsOf(raw);
    else if (field.kind === 'permissions') body[field.name] = parsePermissionLines(raw).permissions;
    else if (field.kind === 'flag') body[field.name] = raw === 'true';
    else if (field.kind === 'list' || field.kind === 'events')
      body[field.name] = raw
        .split(/[\n,]/)
        .map((item) => item.trim())
        .filter(Boolean);
    else if (field.kind === 'metrics') {
      const metrics = metricsOf(metricRows(raw));
      if (!metrics) throw new FormValueError(field.name, 'metrics');
      body[field.name] = metrics;
    } else if (field.kind === 'json' || field.kind === 'appConfig') {
      if (raw.trim() === '') body[field.name] = {};
      else {
        try {
          body[field.name] = JSON.parse(raw) as unknown;
        } catch {
          throw new FormValueError(field.name, 'json');
        }
      }
    } else if ((field.kind === 'select' || field.kind === 'color') && raw.trim() === '')
      continue; // the API keeps its default or the current value
    else if ((field.kind === 'password' || field.kind === 'secret') && raw === '' && !creating)
      continue;
    else body[field.name] = raw;
  }
  return body;
}

/**
 * Problems the form finds before sending: required values, JSON, numbers, the password rules (the
 * services' own, from core), permission lines (reason codes for describeFieldError).
 */
export function checkValues(
  fields: FieldDef[],
  values: Values,
  creating = true,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const raw = (values[field.name] ?? '').trim();
    const required =
      field.required && !((field.kind === 'password' || field.kind === 'secret') && !creating);
    if (required && raw === '') problems[field.name] = 'required';
    else if (field.kind === 'secret' && raw !== '' && raw.length < MIN_SECRET_LENGTH)
      problems[field.name] = 'secretLength';
    else if (field.kind === 'password' && values[field.name]) {
      const problem = checkPasswordRules(values[field.name] ?? '', values.username);
      if (problem) problems[field.name] = PASSWORD_PROBLEM_TEXT[problem];
    } else if (field.kind === 'permissions' && parsePermissionLines(raw).problems.length > 0)
      problems[field.name] = 'permissionLines';
    else if (field.kind === 'metrics' && metricsOf(metricRows(raw)) === null)
      problems[field.name] = 'metrics';
    else if (field.kind === 'number' && raw !== '' && !/^\d{1,7}$/.test(raw))
      problems[field.name] = 'number';
    else if (field.kind === 'cron' && raw !== '') {
      const problem = cronProblem(raw);
      if (problem) problems[field.name] = `cron:${problem.code}`;
    } else if ((field.kind === 'json' || field.kind === 'appConfig') && raw !== '') {
      try {
        const parsed = JSON.parse(raw) as unknown;
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
          problems[field.name] = 'json';
      } catch {
        problems[field.name] = 'json';
      }
    }
  }
  return problems;
}

/** Values of a new record: required enumerations start on their first value, everything else empty. */
export function initialValues(fields: FieldDef[]): Values {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      field.initial ??
        (field.kind === 'select' && field.required ? (field.options?.[0] ?? '') : ''),
    ]),
  );
}

/** The current `{id, name}` of a reference field, as the API resolved it in the row. */
export function currentReference(field: FieldDef, row: ApiRow | null): ApiRow | null {
  if (!row || !field.object) return null;
  const object = row[field.object] as { id?: unknown } | null | undefined;
  return object && typeof object.id === 'number' ? (object as ApiRow) : null;
}

/** The title of the form for a resource row ("Edit asset", "New asset", "Asset details"). */
export function formTitle(t: Translate, one: string, creating: boolean, canSave: boolean): string {
  const resource = lowerFirst(one);
  if (creating) return sentence(t('form.create', { resource }));
  return sentence(canSave ? t('form.edit', { resource }) : t('form.view', { resource }));
}

/** The name a row goes by (its title field), for toasts and confirmations. */
export function recordName(resource: ResourceDef, row: ApiRow | null, values?: Values): string {
  const fromValues = values?.[resource.titleField]?.trim();
  if (fromValues) return fromValues;
  const value = row?.[resource.titleField];
  return typeof value === 'string' && value !== '' ? value : row ? `#${row.id}` : '';
}

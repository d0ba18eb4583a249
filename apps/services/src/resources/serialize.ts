// How rows of a resource become JSON and CSV.
import { RESOURCES_BY_PATH } from './resource-definitions.ts';
import { allFields, resolvedKey } from './resource-fields.ts';
import type { FieldSpec, ResourceSpec } from './resource-spec.ts';

export interface OutputPlan {
  /** The visible columns, in output order. */
  readonly columns: ReadonlyArray<{ name: string; kind: FieldSpec['kind'] }>;
  /** References to resolve into `{id, <display>}` objects under `key`. */
  readonly refs: ReadonlyArray<{ name: string; key: string; target: ResourceSpec; display: string }>;
}

export const outputPlans = new WeakMap<ResourceSpec, OutputPlan>();

/** How a spec's rows become JSON, worked out once per spec (every row of every list page uses it). */
export function outputPlan(spec: ResourceSpec): OutputPlan {
  let plan = outputPlans.get(spec);
  if (plan) return plan;
  const fields = Object.entries(allFields(spec));
  const refs: Array<OutputPlan['refs'][number]> = [];
  for (const [name, field] of fields) {
    if ((field.kind !== 'ref' && field.kind !== 'idList') || !field.ref) continue;
    const target = RESOURCES_BY_PATH.get(field.ref);
    if (target) refs.push({ name, key: resolvedKey(name), target, display: target.displayField ?? 'name' });
  }
  plan = { columns: fields.filter(([, field]) => !field.hidden).map(([name, field]) => ({ name, kind: field.kind })), refs };
  outputPlans.set(spec, plan);
  return plan;
}

/** Rows read per chunk of a CSV export. */
export const EXPORT_CHUNK_ROWS = 500;

/** A CSV value of a JSON item's key: times as ISO 8601, references by their name, lists and objects as JSON. */
export function csvValue(value: unknown, kind: FieldSpec['kind'] | undefined, display: string | undefined): unknown {
  if (value === null || value === undefined) return '';
  if (display !== undefined) {
    const named = (item: unknown) => (item && typeof item === 'object' ? (item as Record<string, unknown>)[display] : item);
    return Array.isArray(value) ? value.map(named).join('; ') : named(value);
  }
  if (kind === 'time' && typeof value === 'number') return value > 0 ? new Date(value).toISOString() : '';
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

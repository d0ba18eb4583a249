// The fields of a resource as the generic mechanism sees them.
import { z } from 'zod';
import type { FieldSpec, ResourceSpec } from './resource-spec.ts';

const GROUP_ID_FIELD: FieldSpec = {
  kind: 'ref',
  ref: 'group',
  filter: true,
  write: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
};
const fieldsBySpec = new WeakMap<ResourceSpec, Record<string, FieldSpec>>();

/** The spec's fields plus the generic `groupId` owner reference (built once per spec: every request reads it). */
export function allFields(spec: ResourceSpec): Record<string, FieldSpec> {
  if (spec.ownerColumn === 'id') return spec.fields;
  let fields = fieldsBySpec.get(spec);
  if (!fields) {
    fields = { groupId: GROUP_ID_FIELD, ...spec.fields };
    fieldsBySpec.set(spec, fields);
  }
  return fields;
}

/** The JSON key of a resolved reference: `zoneId` → `zone`, `roleIds` → `roles`. */
export function resolvedKey(field: string): string {
  if (field.endsWith('Ids')) return `${field.slice(0, -3)}s`;
  return field.endsWith('Id') ? field.slice(0, -2) : `${field}Ref`;
}

/** A JSON text column's value; `fallback` when it is absent or malformed. */
export function parseJsonColumn(value: unknown, fallback: unknown): unknown {
  if (typeof value !== 'string') return fallback;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return fallback;
  }
}

// The body of a write: validation against the spec and its storage form.
import { HttpError } from '../http/http-error.ts';
import { allFields, resolvedKey } from './resource-fields.ts';
import type { FieldSpec, ResourceSpec, Row } from './resource-spec.ts';

/** Storage form of a validated value. */
export function toColumn(field: FieldSpec, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  switch (field.kind) {
    case 'boolean':
      return value === true || value === 1 ? 1 : 0;
    case 'json':
    case 'idList':
    case 'stringList':
      return JSON.stringify(value);
    default:
      return value;
  }
}

/** Validates a write body against the spec: known writable keys only (echoed read-only keys are ignored). */
export function parseWriteBody(spec: ResourceSpec, body: unknown, mode: 'create' | 'replace' | 'patch'): Row {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'Invalid body: a JSON object is required', { body: 'must be an object' });
  const fields = allFields(spec);
  const ignorable = new Set(['id', ...Object.keys(fields), ...(spec.outputOnly ?? []), ...Object.keys(fields).map(resolvedKey)]);
  const values: Row = {};
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const field = fields[key];
    if (field?.write) {
      const result = field.write.safeParse(value);
      if (result.success) values[key] = result.data;
      else errors[key] = result.error.issues[0]?.message ?? 'invalid';
    } else if (!ignorable.has(key)) {
      errors[key] = 'unknown field';
    }
  }
  if (mode !== 'patch') {
    for (const [key, field] of Object.entries(fields)) {
      if (field.required && field.write && !(key in values) && !(key in errors)) errors[key] = 'required';
    }
  }
  if (mode === 'create') {
    for (const [key, field] of Object.entries(fields)) if (!(key in values) && field.default !== undefined) values[key] = field.default;
  }
  const names = Object.keys(errors);
  if (names.length > 0) throw new HttpError(400, `Invalid body: ${names.slice(0, 5).map((name) => `${name}: ${errors[name]}`).join('; ')}`, errors);
  return values;
}

export function storage(spec: ResourceSpec, values: Row): Row {
  const fields = allFields(spec);
  const stored: Row = {};
  for (const [key, value] of Object.entries(values)) {
    const field = fields[key];
    if (field) stored[key] = toColumn(field, value);
  }
  return stored;
}


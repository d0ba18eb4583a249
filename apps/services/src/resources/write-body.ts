// The body of a write: validation against the spec, the uniqueness of its values, its storage form.
import type { Kysely } from 'kysely';
import { isRecord } from '@portico/core';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import { allFields, resolvedKey } from './resource-fields.ts';
import type { FieldSpec, ResourceSpec, Row, WriteContext } from './resource-spec.ts';

/** Storage form of a validated value. */
function toColumn(field: FieldSpec, value: unknown): unknown {
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
export function parseWriteBody(
  spec: ResourceSpec,
  body: unknown,
  mode: 'create' | 'replace' | 'patch',
): Row {
  if (!isRecord(body))
    throw new HttpError(400, 'Invalid body: a JSON object is required', {
      body: 'must be an object',
    });
  const fields = allFields(spec);
  const ignorable = new Set([
    'id',
    ...Object.keys(fields),
    ...(spec.outputOnly ?? []),
    ...Object.keys(fields).map(resolvedKey),
  ]);
  const values: Row = {};
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
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
      if (field.required && field.write && !(key in values) && !(key in errors))
        errors[key] = 'required';
    }
  }
  if (mode === 'create') {
    for (const [key, field] of Object.entries(fields))
      if (!(key in values) && field.default !== undefined) values[key] = field.default;
  }
  const names = Object.keys(errors);
  if (names.length > 0)
    throw new HttpError(
      400,
      `Invalid body: ${names
        .slice(0, 5)
        .map((name) => `${name}: ${errors[name]}`)
        .join('; ')}`,
      errors,
    );
  return values;
}

/** The columns to store for validated `values` (keys that are not fields are left out). */
export function storage(spec: ResourceSpec, values: Row): Row {
  const fields = allFields(spec);
  const stored: Row = {};
  for (const [key, value] of Object.entries(values)) {
    const field = fields[key];
    if (field) stored[key] = toColumn(field, value);
  }
  return stored;
}

/**
 * Refuses a value already taken where it must be unique (issue 15): 409 `{error, field}` naming the
 * field, checked inside the write's transaction (SQLite writes are serialized; on PostgreSQL two
 * concurrent writers can still both pass, a unique index would be the stricter guard).
 */
export async function checkUnique(
  spec: ResourceSpec,
  values: Row,
  rowGroupId: number | undefined,
  write: WriteContext,
  selfId?: number,
): Promise<void> {
  const { ctx } = write;
  for (const [name, field] of Object.entries(allFields(spec))) {
    const value = values[name];
    if (!field.unique || typeof value !== 'string' || value.trim() === '') continue;
    let query = write.trx.selectFrom(spec.table).select('id').where(name, '=', value);
    if (selfId !== undefined) query = query.where('id', '!=', selfId);
    if (field.unique === 'tenant' && rowGroupId !== undefined && spec.ownerColumn !== 'id') {
      const inTransaction = write.trx as unknown as Kysely<Database>;
      const tenant = await ctx.directory.tenantOf(rowGroupId, inTransaction);
      const groups = tenant
        ? [...(await ctx.directory.groupsById(inTransaction)).values()]
            .filter((group) => group.hierarchyCode.startsWith(tenant.hierarchyCode))
            .map((group) => group.id)
        : [rowGroupId];
      query = query.where('groupId', 'in', groups);
    }
    if (await query.limit(1).executeTakeFirst()) {
      throw new HttpError(
        409,
        `A ${spec.path} with this ${name} already exists: ${name} must be unique`,
        { [name]: 'duplicate' },
      );
    }
  }
}

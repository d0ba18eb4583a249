// The body of a write: validation against the spec, the uniqueness of its values, its storage form.
import type { Kysely } from 'kysely';
import { isRecord } from '@portico/core';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { UNIQUE_SCOPE_TABLES, violatedUniqueKey } from '../db/unique-fields.ts';
import { AuthError, USERNAME_TAKEN } from '../auth/auth-error.ts';
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

/**
 * The real platform's write form, as Portico's: a reference as a dotted key (`"group.id": 3`,
 * `"thingType.id": 5`) or as an object with an id (`"group": {"id": 3}`) becomes the field
 * (`groupId`, `thingTypeId`). A key given both ways takes the platform's (a platform client sends
 * Portico's key back only as an echo of a GET; its dotted key is what it means). Objects are read as references
 * only in the platform form (in Portico's own, `group: {id, name}` is an echo of a GET: ignored).
 */
export function normalizePlatformKeys(
  spec: ResourceSpec,
  body: Record<string, unknown>,
  platformForm: boolean,
): Record<string, unknown> {
  const fields = allFields(spec);
  const out: Record<string, unknown> = {};
  const fromReferences: Record<string, unknown> = {};
  const aliases = spec.aliases ?? {};
  for (const [key, value] of Object.entries(body)) {
    const aliased = Object.hasOwn(aliases, key) ? aliases[key] : undefined;
    if (aliased !== undefined) {
      // the field's own key, when sent too, wins
      if (!Object.hasOwn(body, aliased)) out[aliased] = value;
      continue;
    }
    const dotted = /^([A-Za-z][A-Za-z0-9]*)\.id$/.exec(key);
    const field = dotted ? `${dotted[1]}Id` : undefined;
    if (field && fields[field]?.kind === 'ref') {
      fromReferences[field] = value;
      continue;
    }
    const asField = `${key}Id`;
    if (
      platformForm &&
      fields[asField]?.kind === 'ref' &&
      isRecord(value) &&
      typeof value.id === 'number'
    ) {
      fromReferences[asField] = value.id;
      continue;
    }
    out[key] = value;
  }
  for (const [key, value] of Object.entries(fromReferences)) out[key] = value;
  return out;
}

/** Is this body in the real platform's form (a reference given as a dotted `x.id` key)? */
export function hasPlatformKeys(body: unknown): boolean {
  return isRecord(body) && Object.keys(body).some((key) => /^[A-Za-z][A-Za-z0-9]*\.id$/.test(key));
}

export interface WriteBodyOptions {
  /**
   * The real platform's leniency: keys that are no field are skipped (and listed in `skipped`)
   * rather than refused. Portico's own calls stay strict: a misspelt key is a 400.
   */
  lenient?: boolean;
  /** Filled with the keys skipped under `lenient`. */
  skipped?: string[];
}

/**
 * The write body as a schema, for the API document: each writable field's own validator, required
 * where a create or replace needs it (a patch makes every field optional).
 */
export function writeBodySchema(spec: ResourceSpec, mode: 'create' | 'replace' | 'patch') {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(allFields(spec))) {
    if (!field.write) continue;
    shape[key] = field.required && mode !== 'patch' ? field.write : field.write.optional();
  }
  return z.object(shape);
}

/** Validates a write body against the spec: known writable keys only (echoed read-only keys are ignored). */
export function parseWriteBody(
  spec: ResourceSpec,
  rawBody: unknown,
  mode: 'create' | 'replace' | 'patch',
  options: WriteBodyOptions = {},
): Row {
  if (!isRecord(rawBody))
    throw new HttpError(400, 'Invalid body: a JSON object is required', {
      body: 'must be an object',
    });
  const body = normalizePlatformKeys(spec, rawBody, options.lenient === true);
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
      if (options.lenient) options.skipped?.push(key);
      else errors[key] = 'unknown field';
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

/** The 409 of a value already taken, naming the field (the check below and the unique index alike). */
function duplicateError(spec: ResourceSpec, name: string): HttpError {
  return new HttpError(
    409,
    `A ${spec.path} with this ${name} already exists: ${name} must be unique`,
    { [name]: 'duplicate' },
  );
}

/** The groups whose rows a tenant-unique value of a row of `rowGroupId` is compared with, and its scope. */
async function tenantOfRow(
  rowGroupId: number,
  write: WriteContext,
): Promise<{ scope: number; groups: number[] }> {
  const { ctx } = write;
  const inTransaction = write.trx as unknown as Kysely<Database>;
  const tenant = await ctx.directory.tenantOf(rowGroupId, inTransaction);
  if (!tenant) return { scope: rowGroupId, groups: [rowGroupId] };
  const groups = [...(await ctx.directory.groupsById(inTransaction)).values()]
    .filter((group) => group.hierarchyCode.startsWith(tenant.hierarchyCode))
    .map((group) => group.id);
  return { scope: tenant.id, groups };
}

/**
 * Refuses a value already taken where it must be unique: 409 `{error, field}` naming the
 * field, checked inside the write's transaction. On PostgreSQL two concurrent writers can both pass
 * this check: the unique index (db/unique-fields.ts) refuses the second, and uniqueViolationAsHttp
 * turns that failure into this same answer.
 */
export async function checkUnique(
  spec: ResourceSpec,
  values: Row,
  rowGroupId: number | undefined,
  write: WriteContext,
  selfId?: number,
): Promise<void> {
  for (const [name, field] of Object.entries(allFields(spec))) {
    const value = values[name];
    if (!field.unique || typeof value !== 'string' || value.trim() === '') continue;
    let query = write.trx.selectFrom(spec.table).select('id').where(name, '=', value);
    if (selfId !== undefined) query = query.where('id', '!=', selfId);
    if (field.unique === 'tenant' && rowGroupId !== undefined && spec.ownerColumn !== 'id')
      query = query.where('groupId', 'in', (await tenantOfRow(rowGroupId, write)).groups);
    if (await query.limit(1).executeTakeFirst()) throw duplicateError(spec, name);
  }
}

/**
 * The stored `uniqueScope` of a row of `rowGroupId` (the tenant its unique values are unique in),
 * for the tables that hold one; undefined otherwise.
 */
export async function uniqueScopeOf(
  spec: ResourceSpec,
  rowGroupId: number | undefined,
  write: WriteContext,
): Promise<number | undefined> {
  if (rowGroupId === undefined || !UNIQUE_SCOPE_TABLES.has(spec.table)) return undefined;
  return (await tenantOfRow(rowGroupId, write)).scope;
}

/** A write refused by a unique index of one of `spec`'s fields, as the check's 409; else `error`. */
export function uniqueViolationAsHttp(spec: ResourceSpec, error: unknown): unknown {
  const key = violatedUniqueKey(error);
  if (!key || key.table !== spec.table || !(key.column in allFields(spec))) return error;
  // usernames are checked without regard to case before the write (auth/usernames.ts): same answer
  if (key.table === 'users' && key.column === 'username')
    return new AuthError('USERNAME_TAKEN', USERNAME_TAKEN);
  return duplicateError(spec, key.column);
}

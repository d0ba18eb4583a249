// The field builders every area's definitions share, and what they take from core's resource
// catalog: each resource's API path and permission resource, and its field specs (`catalogFields`:
// kind, requirement, length, enumeration, reference, default, search / filter / sort).
import { z } from 'zod';
import {
  FIELD_LENGTHS,
  MAX_SUBSCRIPTION_PATTERNS,
  RESOURCE_CATALOG,
  enumerationOf,
} from '@portico/core';
import type { CatalogEntry, CatalogField, CatalogFieldKind, CatalogPath } from '@portico/core';
import type { FieldKind, FieldSpec, ResourceSpec } from '../resource-spec.ts';

export const name = z.string().trim().min(1, 'must not be empty').max(FIELD_LENGTHS.name);
export const code = z
  .string()
  .trim()
  .max(FIELD_LENGTHS.code)
  .regex(/^[A-Za-z0-9_.-]*$/, 'letters, digits, _ . - only');
export const text = z.string().max(FIELD_LENGTHS.text);
export const id = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export const str = (write: z.ZodType | undefined, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  kind: 'string',
  write,
  search: true,
  ...extra,
});
export const ref = (target: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  kind: 'ref',
  ref: target,
  write: extra.nullable ? id.nullable() : id,
  filter: true,
  ...extra,
});
export const flag: FieldSpec = {
  kind: 'boolean',
  write: z.boolean(),
  default: false,
  filter: true,
};

export function color(): z.ZodType {
  return z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour such as #1f77b4');
}

/**
 * The definition of a plain resource (fields of the catalog's kinds, no hooks): all of it from its
 * catalog entry, which names its table and visibility.
 */
export function plainResource(entry: CatalogEntry): ResourceSpec {
  const { path, permission, table, visibility } = entry;
  if (table === undefined || visibility === undefined)
    throw new Error(
      `${path}: give its catalog entry a table and a visibility, or the services a definition of it`,
    );
  return { path: path as CatalogPath, permission, table, visibility, fields: entryFields(entry) };
}

/** A resource's API path and permission resource, as core's resource catalog names them. */
export function identity(path: CatalogPath): { path: CatalogPath; permission: string } {
  return { path, permission: RESOURCE_CATALOG[path].permission };
}

/** The validator of an enumeration field: one of the values the catalog gives it. */
export function oneOf(path: CatalogPath, field: string): z.ZodType {
  const values = enumerationOf(path, field);
  const [first, ...rest] = values ?? [];
  if (first === undefined) throw new Error(`${path}.${field} has no enumeration in the catalog`);
  return z.enum([first, ...rest]);
}

/** A JSON object of settings, at most 20,000 characters of JSON (checked against a schema by hooks). */
export const jsonObject = z
  .record(z.string().max(100), z.unknown())
  .superRefine((value, context) => {
    if (JSON.stringify(value).length > 20_000)
      context.addIssue({ code: 'custom', message: 'must be at most 20000 characters of JSON' });
  });

/** The services' kind of each catalog kind. */
export const KIND_OF: Readonly<Record<CatalogFieldKind, FieldKind>> = {
  text: 'string',
  longText: 'string',
  email: 'string',
  password: 'string',
  color: 'string',
  enumeration: 'string',
  integer: 'integer',
  boolean: 'boolean',
  time: 'time',
  reference: 'ref',
  references: 'idList',
  permissions: 'stringList',
  json: 'json',
  events: 'stringList',
  outline: 'json',
};

/** The longest text of a field: its catalog length, else the free-text one. */
const lengthOf = (field: CatalogField): number => field.maxLength ?? FIELD_LENGTHS.text;

/** The validator of a writable catalog field (a field named `code` is a code: letters, digits, `_ . -`). */
function validator(path: CatalogPath, fieldName: string, field: CatalogField): z.ZodType {
  switch (field.kind) {
    case 'text':
      if (fieldName === 'code') return code;
      return field.required
        ? z.string().trim().min(1, 'must not be empty').max(lengthOf(field))
        : z.string().trim().max(lengthOf(field));
    case 'longText':
      return z.string().max(lengthOf(field));
    case 'email':
      return z.union([z.literal(''), z.email().max(lengthOf(field))]);
    case 'password':
      return z.string().max(lengthOf(field));
    case 'color':
      return color();
    case 'integer':
    case 'time':
      return z
        .number()
        .int()
        .nonnegative()
        .max(2 ** 31 - 1);
    case 'boolean':
      return z.boolean();
    case 'enumeration':
      return oneOf(path, fieldName);
    case 'reference':
      return field.required ? id : id.nullable();
    case 'references':
      return z.array(id).max(100);
    case 'permissions':
      return z.array(z.string().max(100)).max(500);
    case 'events':
      return z
        .array(z.string().max(100))
        .min(1, 'choose at least one event')
        .max(MAX_SUBSCRIPTION_PATTERNS, `at most ${MAX_SUBSCRIPTION_PATTERNS} events`);
    case 'json':
    case 'outline':
      return jsonObject;
  }
}

/** What a new record holds when the client gives nothing: the catalog's default, else empty. */
function emptyValue(field: CatalogField): unknown {
  if (field.default !== undefined) return field.default;
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'email':
      return '';
    case 'boolean':
      return false;
    case 'reference':
      return null;
    case 'references':
    case 'permissions':
    case 'events':
    case 'outline':
      return [];
    case 'json':
      return {};
    default:
      return undefined;
  }
}

/** The field spec core's catalog gives a field. */
function catalogField(path: CatalogPath, fieldName: string, field: CatalogField): FieldSpec {
  const kind = KIND_OF[field.kind];
  const spec: FieldSpec = { kind };
  if (field.reference !== undefined) spec.ref = field.reference;
  if (field.searchable) spec.search = true;
  if (field.filterable) spec.filter = true;
  if (!field.sortable && !['idList', 'stringList', 'json'].includes(kind)) spec.sort = false;
  if (field.kind === 'password') {
    // written, never read back; the resource's hook asks for it on create
    spec.hidden = true;
  }
  if (field.readOnly) return spec;
  spec.write = validator(path, fieldName, field);
  if (field.required && field.kind !== 'password') spec.required = true;
  else {
    const empty = emptyValue(field);
    if (empty !== undefined) spec.default = empty;
    if (field.kind === 'reference') spec.nullable = true;
  }
  return spec;
}

/**
 * The field specs of a catalog resource, in catalog order (the owner group, `groupId`, is the
 * generic mechanism's, not a field), each merged with its override: what the catalog cannot say (a
 * stricter validator, a uniqueness, a different default). The services' own fields (flags, hashes,
 * audit columns) are added beside them by the definition.
 */
export function catalogFields(
  path: CatalogPath,
  overrides: Readonly<Record<string, Partial<FieldSpec>>> = {},
): Record<string, FieldSpec> {
  return entryFields(RESOURCE_CATALOG[path], overrides);
}

/** The field specs of a catalog entry (`catalogFields`). */
export function entryFields(
  entry: CatalogEntry,
  overrides: Readonly<Record<string, Partial<FieldSpec>>> = {},
): Record<string, FieldSpec> {
  const path = entry.path as CatalogPath;
  for (const fieldName of Object.keys(overrides))
    if (!Object.hasOwn(entry.fields, fieldName))
      throw new Error(
        `${path}.${fieldName} is not a catalog field: declare it beside the catalog's`,
      );
  const fields: Record<string, FieldSpec> = {};
  for (const [fieldName, field] of Object.entries(entry.fields)) {
    if (fieldName === 'groupId') continue;
    fields[fieldName] = { ...catalogField(path, fieldName, field), ...overrides[fieldName] };
  }
  return fields;
}

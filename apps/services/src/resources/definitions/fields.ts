// The field builders every area's definitions share, and what they take from core's resource
// catalog: each resource's API path and permission resource, the lengths, the enumerations.
import { z } from 'zod';
import { FIELD_LENGTHS, RESOURCE_CATALOG, enumerationOf } from '@portico/core';
import type { CatalogPath } from '@portico/core';
import type { FieldSpec } from '../resource-spec.ts';

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

/** A resource's API path and permission resource, as core's resource catalog names them. */
export function identity(path: CatalogPath): { path: string; permission: string } {
  const entry = RESOURCE_CATALOG[path];
  return { path: entry.path, permission: entry.permission };
}

/** The validator of an enumeration field: one of the values the catalog gives it. */
export function oneOf(path: CatalogPath, field: string): z.ZodType {
  const values = enumerationOf(path, field);
  const [first, ...rest] = values ?? [];
  if (first === undefined) throw new Error(`${path}.${field} has no enumeration in the catalog`);
  return z.enum([first, ...rest]);
}

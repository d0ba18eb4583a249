// The field builders every area's definitions share.
import { z } from 'zod';
import type { FieldSpec } from '../resource-spec.ts';

export const name = z.string().trim().min(1, 'must not be empty').max(200);
export const code = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9_.-]*$/, 'letters, digits, _ . - only');
export const text = z.string().max(4000);
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

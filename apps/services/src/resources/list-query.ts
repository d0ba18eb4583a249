// The query of a list request: validation, filters, order, paging.
import { z } from 'zod';
import { allFields } from './resource-fields.ts';
import type { ResourceSpec } from './resource-spec.ts';

export const MAX_PAGE_SIZE = 1000;
export const IGNORED_QUERY = new Set(['_', 'ts', 'timestamp']);
export const CACHE_BUSTER = /(^|&)(_|ts|timestamp)=/;

export function listQuerySchema(spec: ResourceSpec) {
  const fields = allFields(spec);
  const sortable = ['id', ...Object.entries(fields).filter(([, f]) => !f.hidden && f.sort !== false && ['string', 'integer', 'time', 'ref', 'boolean'].includes(f.kind)).map(([name]) => name)];
  const order = z
    .string()
    .max(300)
    .transform((value, issue) => {
      const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
      const result: Array<{ field: string; direction: 'asc' | 'desc' }> = [];
      for (const part of parts) {
        const [field = '', direction = 'asc'] = part.split(':');
        if (!sortable.includes(field)) {
          issue.addIssue({ code: 'custom', message: `cannot order by ${field}; one of ${sortable.join(', ')}` });
          return z.NEVER;
        }
        if (direction !== 'asc' && direction !== 'desc') {
          issue.addIssue({ code: 'custom', message: `direction must be asc or desc, not ${direction}` });
          return z.NEVER;
        }
        result.push({ field, direction });
      }
      return result;
    });
  const shape: Record<string, z.ZodType> = {
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
    pageNumber: z.coerce.number().int().min(1).max(10_000_000).default(1),
    order: order.optional(),
    filter: z.string().max(200).optional(),
  };
  for (const [name, field] of Object.entries(fields)) {
    if (!field.filter) continue;
    if (field.kind === 'ref' || field.kind === 'integer') shape[name] = z.coerce.number().int().min(0).max(2 ** 31 - 1).optional();
    else if (field.kind === 'boolean') shape[name] = z.enum(['true', 'false']).transform((v) => (v === 'true' ? 1 : 0)).optional();
    else shape[name] = z.string().max(200).optional();
  }
  return z.object(shape).strict();
}

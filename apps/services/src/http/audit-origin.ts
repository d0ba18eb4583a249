// Where a request came from, as its audit entry records it.
import type { Context } from 'hono';
import type { AuditOrigin } from '../audit/audit-log.ts';
import { clientAddress } from './client-address.ts';

export function auditOrigin(c: Context): AuditOrigin {
  return { address: clientAddress(c), requestId: String(c.get('requestId') ?? '') };
}

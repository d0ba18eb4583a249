// Where a request came from, as its audit entry records it.
import type { Context } from 'hono';
import type { AuditOrigin } from '../audit/audit-log.ts';
import type { Caller } from '../auth/directory.ts';
import { clientAddress } from './client-address.ts';

export function auditOrigin(c: Context): AuditOrigin {
  const caller = c.get('caller') as Caller | undefined;
  return {
    address: clientAddress(c),
    requestId: String(c.get('requestId') ?? ''),
    apiKeyId: caller?.apiKeyId ?? null,
  };
}

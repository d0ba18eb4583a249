// Where a request came from, as its audit entry records it, and the entry of a change a request made.
import type { AuditedResource } from '@portico/core';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { appendAudit, auditActor } from '../audit/audit-log.ts';
import type { AuditEntryInput, AuditOrigin } from '../audit/audit-log.ts';
import type { Caller } from '../auth/directory.ts';
import type { Database } from '../db/schema.ts';
import type { AppEnv } from '../services-context.ts';
import { clientAddress } from './client-address.ts';

export function auditOrigin(c: Context): AuditOrigin {
  const caller = c.get('caller') as Caller | undefined;
  return {
    address: clientAddress(c),
    requestId: String(c.get('requestId') ?? ''),
    apiKeyId: caller?.apiKeyId ?? null,
  };
}

/**
 * Appends the entry of a change request `c` made through `writer` (the change's own transaction):
 * the signed-in caller is its actor, the request its origin.
 */
export function appendRequestAudit(
  writer: Kysely<Database>,
  c: Context<AppEnv>,
  entry: Omit<AuditEntryInput, 'actorId' | 'actorName'>,
): Promise<void> {
  return appendAudit(writer, auditOrigin(c), { ...entry, ...auditActor(c.get('caller')) });
}

/** The record part of an audit entry: resource `resource`'s row `id`, known by `name`, in tenant `tenantId`. */
export function auditedRecord(
  resource: AuditedResource,
  id: number,
  name: string,
  tenantId: number | null,
): Pick<AuditEntryInput, 'resource' | 'recordId' | 'recordName' | 'tenantId'> {
  return { resource, recordId: id, recordName: name, tenantId };
}

// Who sees what of the health page: root sees the platform (what /readyz checks, this instance,
// every tenant's usage); anyone holding `tenants:x` sees the own tenant's usage; no one else sees
// anything (403).
import type { Caller } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';

/** The view of GET /status the caller is allowed: the platform (root) or its own tenant. */
export function statusScope(
  caller: Caller,
): { kind: 'platform' } | { kind: 'tenant'; tenantId: number } {
  if (caller.isRoot) return { kind: 'platform' };
  if (!caller.permissions.has('tenants:x') || !caller.tenant)
    throw new HttpError(403, 'Permission tenants:x required');
  return { kind: 'tenant', tenantId: caller.tenant.id };
}

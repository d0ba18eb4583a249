// Who may read the audit trail, and which of it: `auditlog:r`, and the entries of the caller's own
// tenant; root (the tree-level-1 group) reads every entry, the root level's own included. No one
// changes or removes an entry through the API.
import type { Caller } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';

/** The tenant whose entries the caller reads; undefined: every tenant (root). Throws 403 without `auditlog:r`. */
export function auditScope(caller: Caller): { tenantId: number | null } | undefined {
  if (!caller.permissions.has('auditlog:r'))
    throw new HttpError(403, 'Permission auditlog:r required');
  if (caller.isRoot) return undefined;
  return { tenantId: caller.tenant?.id ?? null };
}

/** Every change to an entry is refused, whoever asks. */
export function refuseAuditChange(): never {
  throw new HttpError(405, 'Audit entries cannot be changed or deleted', undefined, {
    Allow: 'GET, HEAD',
  });
}

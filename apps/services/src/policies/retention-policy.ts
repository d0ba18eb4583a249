// Who may see and change how long a tenant keeps its data, and whose data that is: the caller's
// tenant (root: the root level). `dataretentionpolicy:r` reads the policies and counts a dry run,
// `:u` changes a maximum age, `:x` purges now.
import type { Caller } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';
import type { RetentionScope } from '../retention/retention-purge.ts';

export function requireRetention(caller: Caller, letter: 'r' | 'u' | 'x'): void {
  if (!caller.permissions.has(`dataretentionpolicy:${letter}`))
    throw new HttpError(403, `Permission dataretentionpolicy:${letter} required`);
}

/** The data a caller's retention policies govern. */
export function retentionScope(caller: Caller): RetentionScope {
  // a root-level caller's group is the root group
  if (!caller.tenant) return { groupId: caller.group.id, tenantId: null };
  return { groupId: caller.tenant.id, tenantId: caller.tenant.id };
}

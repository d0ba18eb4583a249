// Who may start a bulk action on a resource. Each record is then checked again on its own, as a
// single write would be (visibility, the row's group, the resource's own rules), by the write itself.
import type { BulkAction } from '@portico/core';
import { HttpError } from '../http/http-error.ts';
import type { Caller } from '../auth/directory.ts';
import type { ResourceSpec } from '../resources/resource-spec.ts';

/** The permission letter an action needs: deleting and undoing a delete need `d`, an update `u`. */
export function bulkPermissionLetter(action: BulkAction): 'u' | 'd' {
  return action === 'update' ? 'u' : 'd';
}

/** Refuses (403) a bulk action the caller's role does not allow on the resource at all. */
export function requireBulkPermission(
  caller: Caller,
  spec: ResourceSpec,
  action: BulkAction,
): void {
  const letter = bulkPermissionLetter(action);
  if (!caller.permissions.has(`${spec.permission}:${letter}`))
    throw new HttpError(403, `Permission ${spec.permission}:${letter} required`);
}

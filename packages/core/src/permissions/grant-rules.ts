/**
 * Who may hand out a permission: only someone who holds it (the services' authority policy, and the
 * role editors, which offer only what their user may grant). A report-folder instance grant
 * (`_folderinstance_7:r`) needs the same letters on report folders type-wide.
 */
import { REPORT_FOLDER_TYPE } from './folder-permissions.ts';
import { parsePermission, toPermissionSet } from './permission-string.ts';

/** The permission a caller needs to grant `permission`. */
export function grantedBy(permission: string): string {
  const instance = /^_folderinstance_\d+:([riudax]+)$/.exec(permission);
  return instance ? `${REPORT_FOLDER_TYPE}folder:${instance[1]}` : permission;
}

/**
 * The permissions of `permissions` that someone holding `held` may not grant, each once, in order
 * (a string that grants nothing is never missing).
 */
export function missingGrants(held: Iterable<string>, permissions: Iterable<string>): string[] {
  const set = toPermissionSet(held);
  const missing: string[] = [];
  for (const permission of permissions) {
    if (parsePermission(permission) === null) continue;
    if (!set.has(grantedBy(permission)) && !missing.includes(permission)) missing.push(permission);
  }
  return missing;
}

/** True when someone holding `held` may grant every permission of `permissions` (a role's). */
export function mayGrantAll(held: Iterable<string>, permissions: Iterable<string>): boolean {
  return missingGrants(held, permissions).length === 0;
}

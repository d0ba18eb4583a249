// Who may see, take, restore and delete configuration snapshots, and whose configuration that is.
// `versioning:r` lists, reads, compares and exports; `:i` takes a snapshot; `:u` restores one;
// `:d` deletes one. A tenant's caller sees only its tenant's snapshots (another's is a 404, as if it
// did not exist); a root-level caller sees every snapshot and snapshots the root level.
import type { Caller } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';
import type { SnapshotScope } from '../versioning/config-snapshots.ts';

export function requireVersioning(caller: Caller, letter: 'r' | 'i' | 'u' | 'd'): void {
  if (!caller.permissions.has(`versioning:${letter}`))
    throw new HttpError(403, `Permission versioning:${letter} required`);
}

/** The configuration a caller's snapshots hold: its tenant's (root level: the root group's). */
export function versioningScope(caller: Caller): SnapshotScope {
  if (!caller.tenant) return { groupId: caller.group.id, tenantId: null };
  return { groupId: caller.tenant.id, tenantId: caller.tenant.id };
}

/** Whether the caller may see a snapshot of this scope (a tenant's caller: its own tenant only). */
export function maySeeSnapshot(caller: Caller, snapshotScopeGroupId: number): boolean {
  return !caller.tenant || caller.tenant.id === snapshotScopeGroupId;
}

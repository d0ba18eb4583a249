// Who may read and write the rows of a resource.
import type { Caller } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';
import type { ResourceSpec, Row } from '../resources/resource-spec.ts';

/** Groups whose rows the caller may read for this resource; undefined = every group (root). */
export function readableGroups(caller: Caller, spec: ResourceSpec): ReadonlySet<number> | undefined {
  if (caller.isRoot) return undefined;
  if (spec.visibility === 'tree') return caller.visibleGroupIds;
  const extra = spec.visibility === 'tenant' ? caller.tenantAncestorIds : caller.ancestorIds;
  return new Set([...caller.visibleGroupIds, ...extra]);
}

export function ownerOf(spec: ResourceSpec, row: Row): number {
  return Number(spec.ownerColumn === 'id' ? row.id : row.groupId);
}

export function requirePermission(caller: Caller, spec: ResourceSpec, letter: 'r' | 'i' | 'u' | 'd'): void {
  if (!caller.permissions.has(`${spec.permission}:${letter}`)) {
    throw new HttpError(403, `Permission ${spec.permission}:${letter} required`);
  }
}

export function requireWritable(spec: ResourceSpec, row: Row, caller: Caller): void {
  if (!caller.visibleGroupIds.has(ownerOf(spec, row))) throw new HttpError(403, `This ${spec.path} belongs to a parent group: it is read-only for you`);
}


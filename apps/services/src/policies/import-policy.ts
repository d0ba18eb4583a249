// Who may import and see import jobs, and whose jobs they are. `importexport:r` reads the jobs (a
// job's page, its error file); `importexport:x` uploads a file (its dry run), confirms, cancels. A
// file's rows are written with the caller's own permissions on the resource: creating needs
// `thing:i`, updating `thing:u` (checked row by row), and an upload needs at least one of them.
import type { Caller } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';
import type { ResourceSpec } from '../resources/resource-spec.ts';

export function requireImport(caller: Caller, letter: 'r' | 'x'): void {
  if (!caller.permissions.has(`importexport:${letter}`))
    throw new HttpError(403, `Permission importexport:${letter} required`);
}

export function requireImportInto(caller: Caller, spec: ResourceSpec): void {
  if (
    !caller.permissions.has(`${spec.permission}:i`) &&
    !caller.permissions.has(`${spec.permission}:u`)
  )
    throw new HttpError(
      403,
      `Permission ${spec.permission}:i or ${spec.permission}:u required to import ${spec.path} rows`,
    );
}

/** Whose jobs: the caller's tenant (root: every job, its own kept under the root group). */
export function importScope(caller: Caller): {
  groupId: number;
  tenantId: number | null;
  all: boolean;
} {
  if (!caller.tenant) return { groupId: caller.group.id, tenantId: null, all: caller.isRoot };
  return { groupId: caller.tenant.id, tenantId: caller.tenant.id, all: false };
}

// Who may read and write the rows of a resource: the permission of each operation, the groups whose
// rows the caller reads (its tree, plus ancestors for shared model data), the rows it may write (its
// own tree only), and the references a write may make (rows it can read, in the row's tenant). The
// authority rules of users and roles are beside this file (authority-policy.ts).
import { isSoftDeleted } from '../db/soft-delete-tables.ts';
import type { Kysely } from 'kysely';
import type { Caller } from '../auth/directory.ts';
import type { Database } from '../db/schema.ts';
import {
  HttpError,
  platformModelName,
  withPlatformMessage,
  invalidField,
} from '../http/http-error.ts';
import { RESOURCES_BY_PATH } from '../resources/definitions/index.ts';
import { allFields } from '../resources/resource-fields.ts';
import type { ResourceSpec, Row, WriteContext } from '../resources/resource-spec.ts';

type AnyDb = Kysely<Record<string, Row>>;

/** Groups whose rows the caller may read for this resource; undefined = every group (root). */
export function readableGroups(
  caller: Caller,
  spec: ResourceSpec,
): ReadonlySet<number> | undefined {
  if (caller.isRoot) return undefined;
  if (spec.visibility === 'tree') return caller.visibleGroupIds;
  const extra = spec.visibility === 'tenant' ? caller.tenantAncestorIds : caller.ancestorIds;
  return new Set([...caller.visibleGroupIds, ...extra]);
}

export interface Readable {
  readonly readable: ReadonlySet<number> | undefined;
  /** The set as a cache key (`*` = every group). */
  readonly key: string;
}

// Kept with the caller object itself, which the directory caches and drops on every directory change.
const readableByCaller = new WeakMap<Caller, Map<ResourceSpec, Readable>>();

/** The caller's readable groups for a resource and their key (both kept with the cached caller). */
export function readableFor(caller: Caller, spec: ResourceSpec): Readable {
  let bySpec = readableByCaller.get(caller);
  if (!bySpec) {
    bySpec = new Map();
    readableByCaller.set(caller, bySpec);
  }
  let entry = bySpec.get(spec);
  if (!entry) {
    const readable = readableGroups(caller, spec);
    entry = { readable, key: readable ? [...readable].join(',') : '*' };
    bySpec.set(spec, entry);
  }
  return entry;
}

/** The group that places a row in the tree. */
export function ownerOf(spec: ResourceSpec, row: Row): number {
  return Number(spec.ownerColumn === 'id' ? row.id : row.groupId);
}

/** Refuses (403) an operation whose permission (`thing:u`) the caller does not hold. */
export function requirePermission(
  caller: Caller,
  spec: ResourceSpec,
  letter: 'r' | 'i' | 'u' | 'd',
): void {
  if (!caller.permissions.has(`${spec.permission}:${letter}`)) {
    throw new HttpError(403, `Permission ${spec.permission}:${letter} required`);
  }
}

/** Refuses (403) unless the caller holds every one of `needed` (`role:r`), naming the first missing. */
export function requireAllPermissions(caller: Caller, needed: readonly string[]): void {
  for (const permission of needed)
    if (!caller.permissions.has(permission))
      throw new HttpError(403, `Permission ${permission} required`);
}

/**
 * A list's visibility base (`visibilityGroupId`), refused (403) when it is no group or a group whose
 * rows the caller does not read.
 */
export function requireVisibleBase<Group>(
  readable: Readable,
  groupId: number,
  group: Group | undefined,
): Group {
  if (group === undefined || (readable.readable && !readable.readable.has(groupId)))
    throw new HttpError(403, `visibilityGroupId ${groupId} is not a group you can see`);
  return group;
}

/** The row `id` if the caller may read it; 404 otherwise (whether it exists elsewhere is not told). */
export async function findReadableRow(
  reader: AnyDb,
  spec: ResourceSpec,
  id: number,
  caller: Caller,
): Promise<Row> {
  const row = await reader
    .selectFrom(spec.table)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  const readable = readableGroups(caller, spec);
  if (!row || isSoftDeleted(row) || (readable && !readable.has(ownerOf(spec, row))))
    throw withPlatformMessage(
      new HttpError(404, `${spec.path} ${id} not found`),
      `${platformModelName(spec.path)}Id[${id}] not found`,
    );
  return row;
}

/** Refuses (403) a write to a row the caller only reads (one of its ancestors' rows). */
export function requireWritable(spec: ResourceSpec, row: Row, caller: Caller): void {
  if (!caller.visibleGroupIds.has(ownerOf(spec, row)))
    throw new HttpError(
      403,
      `This ${spec.path} belongs to a parent group: it is read-only for you`,
    );
}

/** Row `id` when the caller may change it: 404 when it cannot read it, 403 when it only reads it. */
export async function findWritableRow(
  reader: AnyDb,
  spec: ResourceSpec,
  id: number,
  caller: Caller,
): Promise<Row> {
  const row = await findReadableRow(reader, spec, id, caller);
  requireWritable(spec, row, caller);
  return row;
}

/** Refuses (400) placing a row in a group outside the caller's tree. */
export function requireWritableGroup(caller: Caller, groupId: number): void {
  if (!caller.visibleGroupIds.has(groupId))
    throw invalidField('groupId', 'not a group you can write to');
}

/** Checks that every reference points at a row the caller can read, in the same tenant as the row. */
export async function checkReferences(
  spec: ResourceSpec,
  values: Row,
  rowGroupId: number | undefined,
  write: WriteContext,
): Promise<void> {
  const { ctx } = write;
  const fields = allFields(spec);
  const inTransaction = write.trx as unknown as Kysely<Database>;
  const rowTenant =
    rowGroupId === undefined
      ? undefined
      : ((await ctx.directory.tenantOf(rowGroupId, inTransaction))?.id ?? null);
  for (const [name, field] of Object.entries(fields)) {
    if (!field.ref || !field.write || !(name in values) || name === 'groupId') continue;
    if (spec.ownerColumn === 'id' && name === 'parentId') continue;
    const target = RESOURCES_BY_PATH.get(field.ref);
    if (!target) continue;
    const value = values[name];
    const ids = Array.isArray(value)
      ? (value as number[])
      : value === null || value === undefined
        ? []
        : [value as number];
    for (const id of ids) {
      const row = await write.trx
        .selectFrom(target.table)
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      const readable = readableGroups(write.caller, target);
      const owner = row ? ownerOf(target, row) : undefined;
      const sameTenant =
        owner !== undefined &&
        (rowTenant === undefined ||
          ((await ctx.directory.tenantOf(owner, inTransaction))?.id ?? null) === rowTenant);
      if (
        !row ||
        isSoftDeleted(row) ||
        owner === undefined ||
        (readable && !readable.has(owner)) ||
        !sameTenant
      ) {
        throw new HttpError(400, `Invalid body: ${name}: no ${target.path} ${id} in this tenant`, {
          [name]: `no ${target.path} ${id}`,
        });
      }
    }
  }
}

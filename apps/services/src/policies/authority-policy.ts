// The one answer to "may this caller move authority to or from that record" (DESIGN §7: a policy
// module read by every handler, Outline's server/policies shape). Authority moves when a role is
// assigned or edited, or when a user's password, roles, archived flag, password expiry or group
// changes, or when a user or role is deleted. The rule everywhere: nobody hands out, takes away or
// takes over more than they hold themselves.
//
// Every function reads through the write's transaction (`reader`): in SQLite the transaction holds
// the only connection, and what it reads must be what the write will commit.
import type { Kysely } from 'kysely';
import { createPermissionSet, missingGrants } from '@portico/core';
import type { Caller, GroupRow } from '../auth/directory.ts';
import { parseIdList, parseStringList } from '../auth/directory.ts';
import { ROOT_PERMISSIONS, TENANT_ADMIN_PERMISSIONS } from '../auth/permission-catalog.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';

type Reader = Kysely<Database>;

/** User fields whose change moves authority (the target must hold nothing the caller lacks). */
export const AUTHORITY_FIELDS = [
  'password',
  'passwordHash',
  'roleIds',
  'archived',
  'passwordExpirationTime',
  'groupId',
] as const;

/** The permissions of `permissions` the caller does not hold (core's grant rule). */
export function missingPermissions(caller: Caller, permissions: Iterable<string>): string[] {
  return missingGrants(caller.permissions, permissions);
}

function listed(permissions: string[]): string {
  return (
    permissions.slice(0, 5).join(', ') +
    (permissions.length > 5 ? `, … (${permissions.length} in all)` : '')
  );
}

interface RoleRow {
  id: number;
  name: string;
  permissions: string;
  archived: number;
}

async function rolesById(reader: Reader, ids: readonly number[]): Promise<Map<number, RoleRow>> {
  if (ids.length === 0) return new Map();
  const rows = await reader
    .selectFrom('roles')
    .select(['id', 'name', 'permissions', 'archived'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** What a user's roles grant (archived roles grant nothing), read through `reader`. */
export async function authorityOf(reader: Reader, roleIdsText: string): Promise<string[]> {
  const roles = await rolesById(reader, parseIdList(roleIdsText));
  const permissions = new Set<string>();
  for (const role of roles.values())
    if (!role.archived)
      for (const permission of parseStringList(role.permissions)) permissions.add(permission);
  return [...permissions];
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

interface UserLike {
  id: number;
  username: string;
  roleIds: string;
  archived: number;
  passwordExpirationTime: number | null;
  groupId: number;
}

/** True when `values` (a validated write) would change a field that moves authority. */
function movesAuthority(values: Record<string, unknown>, existing: UserLike): boolean {
  for (const field of AUTHORITY_FIELDS) {
    if (!(field in values) || values[field] === undefined) continue;
    const value = values[field];
    switch (field) {
      case 'roleIds':
        if (!sameIds(value as number[], parseIdList(existing.roleIds))) return true;
        break;
      case 'archived':
        if ((value === true || value === 1 ? 1 : 0) !== existing.archived) return true;
        break;
      case 'passwordExpirationTime':
        if (value !== existing.passwordExpirationTime) return true;
        break;
      case 'groupId':
        if (value !== existing.groupId) return true;
        break;
      default:
        return true; // a new password, whatever it is
    }
  }
  return false;
}

/** Refuses (403) when `target` holds a permission the caller lacks. */
async function requireHoldsAuthorityOf(
  reader: Reader,
  caller: Caller,
  target: UserLike,
  doing: string,
): Promise<void> {
  if (target.id === caller.user.id) return;
  const missing = missingPermissions(caller, await authorityOf(reader, target.roleIds));
  if (missing.length > 0) {
    throw new HttpError(
      403,
      `You cannot ${doing} ${target.username}: they hold permissions you do not hold (${listed(missing)})`,
    );
  }
}

/** Refuses (403) assigning roles whose permissions the caller does not all hold, or without role:r. */
async function requireMayAssign(
  reader: Reader,
  caller: Caller,
  roleIds: readonly number[],
  already: readonly number[],
): Promise<void> {
  const added = [...new Set(roleIds)].filter((id) => !already.includes(id));
  if (added.length === 0) return;
  if (!caller.permissions.has('role:r'))
    throw new HttpError(403, 'Assigning roles needs permission role:r');
  const roles = await rolesById(reader, added);
  for (const id of added) {
    const role = roles.get(id);
    if (!role) continue; // the reference check answers 400 for a role that does not exist
    const missing = missingPermissions(caller, parseStringList(role.permissions));
    if (missing.length > 0)
      throw new HttpError(
        403,
        `You cannot assign role ${role.name}: you need every permission of role ${role.name} (missing ${listed(missing)})`,
      );
  }
}

/** May the caller create a user with these values? (user:i is checked by the resource layer.) */
export async function authorizeUserCreate(
  reader: Reader,
  caller: Caller,
  values: Record<string, unknown>,
): Promise<void> {
  const roleIds = (values.roleIds as number[] | undefined) ?? [];
  await requireMayAssign(reader, caller, roleIds, []);
}

/** May the caller apply `values` (a validated PATCH/PUT body) to `existing`? */
export async function authorizeUserUpdate(
  reader: Reader,
  caller: Caller,
  existing: UserLike,
  values: Record<string, unknown>,
): Promise<void> {
  const current = parseIdList(existing.roleIds);
  const roleIds = values.roleIds as number[] | undefined;
  if (roleIds !== undefined && !sameIds(roleIds, current) && existing.id === caller.user.id) {
    throw new HttpError(403, 'You cannot change your own roles: ask another administrator');
  }
  if (!movesAuthority(values, existing)) return;
  await requireHoldsAuthorityOf(
    reader,
    caller,
    existing,
    'change the password, roles, archived flag, password expiry or group of',
  );
  if (roleIds !== undefined) await requireMayAssign(reader, caller, roleIds, current);
}

/** May the caller delete `existing`? (Deleting oneself is refused by the user resource: 409.) */
export async function authorizeUserDelete(
  reader: Reader,
  caller: Caller,
  existing: UserLike,
): Promise<void> {
  await requireHoldsAuthorityOf(reader, caller, existing, 'delete');
}

/** May the caller write a role with these permissions, over `existing` (the role before, when editing)? */
export function authorizeRoleWrite(
  caller: Caller,
  existing: { name: string; permissions: string } | undefined,
  permissions: string[] | undefined,
): void {
  if (existing) {
    const held = missingPermissions(caller, parseStringList(existing.permissions));
    if (held.length > 0)
      throw new HttpError(
        403,
        `You cannot edit role ${existing.name}: it carries permissions you do not hold (${listed(held)})`,
      );
  }
  const extra = missingPermissions(caller, permissions ?? []);
  if (extra.length > 0)
    throw new HttpError(403, `You cannot grant permissions you do not hold: ${listed(extra)}`);
}

/** May the caller delete this role? */
export function authorizeRoleDelete(
  caller: Caller,
  existing: { name: string; permissions: string },
): void {
  const held = missingPermissions(caller, parseStringList(existing.permissions));
  if (held.length > 0)
    throw new HttpError(
      403,
      `You cannot delete role ${existing.name}: it carries permissions you do not hold (${listed(held)})`,
    );
}

// ---- the last tenant administrator ------------------------------------------------------------

/** The administrators of each scope: a tenant (level-2 group) or the root, by group id. */
export type AdministratorCensus = Map<number, { group: GroupRow; usernames: string[] }>;

/**
 * Who holds every administrator permission of their scope (a tenant's users: the Tenant
 * Administrator role's permissions; root users: the Root Administrator's), among active users.
 */
export async function administratorCensus(
  reader: Reader,
  groupsById: ReadonlyMap<number, GroupRow>,
): Promise<AdministratorCensus> {
  const users = await reader
    .selectFrom('users')
    .select(['username', 'groupId', 'roleIds'])
    .where('archived', '=', 0)
    .execute();
  const roles = await reader
    .selectFrom('roles')
    .select(['id', 'permissions'])
    .where('archived', '=', 0)
    .execute();
  const byRole = new Map(roles.map((role) => [role.id, parseStringList(role.permissions)]));
  const census: AdministratorCensus = new Map();
  for (const user of users) {
    const scope = scopeOf(user.groupId, groupsById);
    if (!scope) continue;
    const held = createPermissionSet(
      parseIdList(user.roleIds).flatMap((id) => byRole.get(id) ?? []),
    );
    const required = scope.treeLevel === 1 ? ROOT_PERMISSIONS : TENANT_ADMIN_PERMISSIONS;
    if (!required.every((permission) => held.has(permission))) continue;
    const entry = census.get(scope.id) ?? { group: scope, usernames: [] };
    entry.usernames.push(user.username);
    census.set(scope.id, entry);
  }
  return census;
}

/** A group's scope: its level-2 ancestor (tenant), or the root group for root users. */
function scopeOf(groupId: number, groupsById: ReadonlyMap<number, GroupRow>): GroupRow | undefined {
  let current = groupsById.get(groupId);
  for (let hops = 0; current && hops < 64; hops += 1) {
    if (current.treeLevel <= 2) return current;
    current = current.parentId === null ? undefined : groupsById.get(current.parentId);
  }
  return undefined;
}

/**
 * Refuses (409) a write after which a scope that had an active administrator has none. `before` is
 * the census taken before the write, `after` the one taken inside the same transaction after it.
 */
export function requireAdministratorsRemain(
  before: AdministratorCensus,
  after: AdministratorCensus,
): void {
  for (const [scopeId, { group, usernames }] of before) {
    if ((after.get(scopeId)?.usernames.length ?? 0) > 0) continue;
    const what = group.treeLevel === 1 ? 'root administrator' : 'tenant-administrator';
    const who =
      usernames.length === 1
        ? `${usernames[0]} is the last active user of ${group.name} holding every ${what} permission`
        : `no active user of ${group.name} would hold every ${what} permission any more`;
    throw new HttpError(
      409,
      `Refused: ${who}. Give another user of ${group.name} those permissions first.`,
    );
  }
}

/** The census once `username` is gone. */
export function withoutUser(census: AdministratorCensus, username: string): AdministratorCensus {
  const result: AdministratorCensus = new Map();
  for (const [scopeId, entry] of census)
    result.set(scopeId, {
      group: entry.group,
      usernames: entry.usernames.filter((name) => name !== username),
    });
  return result;
}

/**
 * May the caller create an API key for user `ownerId` carrying `permissions`? Only for oneself,
 * only when signed in otherwise than by a key (a key never mints keys), and only with permissions
 * the caller holds: a key is a subset of its owner, never more.
 */
export function authorizeApiKeyCreate(
  caller: Caller,
  ownerId: number,
  permissions: readonly string[],
): void {
  if (ownerId !== caller.user.id)
    throw new HttpError(403, 'API keys are created by their owner only: sign in as that user');
  if (caller.apiKeyId !== undefined)
    throw new HttpError(403, 'An API key cannot create API keys: sign in with your password');
  const missing = missingPermissions(caller, permissions);
  if (missing.length > 0)
    throw new HttpError(
      403,
      `A key can carry only permissions you hold (missing ${listed(missing)})`,
    );
}

/** May the caller see the API keys (never the keys themselves) of `target`, a user in its tree? */
export function authorizeApiKeyList(caller: Caller, target: { id: number }): void {
  if (target.id === caller.user.id) return;
  if (!caller.permissions.has('user:r'))
    throw new HttpError(403, "Reading another user's API keys needs permission user:r");
}

/**
 * May the caller revoke an API key of `target`, a user in its tree? One's own, always; another's
 * with `user:u` and every permission that user holds (revoking takes their authority away).
 */
export async function authorizeApiKeyRevoke(
  reader: Reader,
  caller: Caller,
  target: UserLike,
): Promise<void> {
  if (target.id === caller.user.id) return;
  if (!caller.permissions.has('user:u'))
    throw new HttpError(403, "Revoking another user's API keys needs permission user:u");
  await requireHoldsAuthorityOf(reader, caller, target, 'revoke an API key of');
}

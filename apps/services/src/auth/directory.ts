// In-memory views of the small, hot tables (groups, group fields, users' roles) with explicit
// invalidation: every write through the API empties them (the cache bus's `directory` event), and
// entries also expire after a few seconds so several instances on one PostgreSQL converge.
import type { Kysely, Selectable } from 'kysely';
import { createPermissionSet } from '@portico/core';
import type { PermissionSet } from '@portico/core';
import { BoundedCache } from '../cache/bounded-cache.ts';
import type { Database, GroupTable, UserTable } from '../db/schema.ts';
import { ANYTHING_LETTERS } from './permission-catalog.ts';

export type GroupRow = Selectable<GroupTable>;
export type UserRow = Selectable<UserTable>;

/** An inherited field: `value` is the effective value, `parentValue` what the ancestors give. */
export interface InheritedField {
  name: string;
  value: string | null;
  parentValue: string | null;
}

/** The authenticated user of a request, with everything the handlers need. */
export interface Caller {
  readonly user: UserRow;
  readonly group: GroupRow;
  /** The tree-level-2 ancestor (the tenant); null for a root user. */
  readonly tenant: GroupRow | null;
  readonly isRoot: boolean;
  readonly permissions: PermissionSet;
  readonly permissionList: readonly string[];
  /** The caller's group and every group below it. */
  readonly visibleGroupIds: ReadonlySet<number>;
  /** The caller's ancestors inside its tenant (levels ≥ 2), for resources visible upwards. */
  readonly tenantAncestorIds: ReadonlySet<number>;
  /** Every ancestor, root included. */
  readonly ancestorIds: ReadonlySet<number>;
  /** Set when the request was authenticated by an API key: `permissions` are then that key's scope. */
  readonly apiKeyId?: number;
}

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
const ALL = 'all';

export class Directory {
  private readonly groups = new BoundedCache<typeof ALL, Map<number, GroupRow>>({
    name: 'groups',
    max: 1,
    ttlMs: TTL_MS,
  });
  private readonly fields = new BoundedCache<number, Map<string, string>>({
    name: 'group-fields',
    max: MAX_ENTRIES,
    ttlMs: TTL_MS,
  });
  private readonly userFieldCache = new BoundedCache<number, Map<string, string>>({
    name: 'user-fields',
    max: MAX_ENTRIES,
    ttlMs: TTL_MS,
  });
  private readonly callers = new BoundedCache<number, Caller>({
    name: 'callers',
    max: MAX_ENTRIES,
    ttlMs: TTL_MS,
    onLookup: (cache, hit) => this.onLookup?.(cache, hit),
  });

  /** Told of each caller cache lookup (metrics: hit ratios). */
  onLookup: ((cache: string, hit: boolean) => void) | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  /** Call after any write to groups, group fields, users, user fields or roles. */
  invalidate(): void {
    this.groups.clear();
    this.fields.clear();
    this.userFieldCache.clear();
    this.callers.clear();
  }

  /**
   * Every group by id. `reader` is the transaction of a write in progress: it holds the only SQLite
   * connection, so a stale cache is refilled through it (a read through the pool would wait for the
   * transaction, which waits for the read), and what it reads is not kept (it may roll back).
   */
  async groupsById(reader?: Kysely<Database>): Promise<Map<number, GroupRow>> {
    const cached = this.groups.get(ALL);
    if (cached) return cached;
    if (reader)
      return new Map(
        (await reader.selectFrom('groups').selectAll().execute()).map((row) => [row.id, row]),
      );
    const epoch = this.groups.epoch;
    const rows = await this.db.selectFrom('groups').selectAll().execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    this.groups.set(ALL, byId, epoch);
    return byId;
  }

  async group(id: number, reader?: Kysely<Database>): Promise<GroupRow | undefined> {
    return (await this.groupsById(reader)).get(id);
  }

  /** The chain from the root down to `groupId` (inclusive). */
  async lineage(groupId: number, reader?: Kysely<Database>): Promise<GroupRow[]> {
    const byId = await this.groupsById(reader);
    const chain: GroupRow[] = [];
    let current = byId.get(groupId);
    while (current && chain.length < 64) {
      chain.unshift(current);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    return chain;
  }

  /** The tree-level-2 ancestor of a group (itself at level 2); null at the root. */
  async tenantOf(groupId: number, reader?: Kysely<Database>): Promise<GroupRow | null> {
    return (await this.lineage(groupId, reader)).find((group) => group.treeLevel === 2) ?? null;
  }

  async descendantIds(group: GroupRow): Promise<Set<number>> {
    const byId = await this.groupsById();
    const ids = new Set<number>();
    for (const candidate of byId.values()) {
      if (candidate.hierarchyCode.startsWith(group.hierarchyCode)) ids.add(candidate.id);
    }
    return ids;
  }

  /** A group's own fields. */
  ownGroupFields(groupId: number): Promise<Map<string, string>> {
    return this.ownFields('groupFields', this.fields, groupId);
  }

  /** Fields of a group merged down the tree: `value` the effective one, `parentValue` the ancestors'. */
  async inheritedGroupFields(groupId: number): Promise<Map<string, InheritedField>> {
    const lineage = await this.lineage(groupId);
    const inherited = new Map<string, string>();
    for (const group of lineage.slice(0, -1)) {
      for (const [name, value] of await this.ownGroupFields(group.id)) inherited.set(name, value);
    }
    const own = lineage.length > 0 ? await this.ownGroupFields(groupId) : new Map<string, string>();
    const result = new Map<string, InheritedField>();
    for (const name of new Set([...inherited.keys(), ...own.keys()])) {
      const parentValue = inherited.get(name) ?? null;
      result.set(name, { name, value: own.get(name) ?? parentValue, parentValue });
    }
    return result;
  }

  async groupTypeJson(groupTypeId: number): Promise<Record<string, unknown> | null> {
    const row = await this.db
      .selectFrom('groupTypes')
      .selectAll()
      .where('id', '=', groupTypeId)
      .executeTakeFirst();
    return row ? { ...row, archived: row.archived === 1 } : null;
  }

  userFields(userId: number): Promise<Map<string, string>> {
    return this.ownFields('userFields', this.userFieldCache, userId);
  }

  /** The fields (name → value) of `ownerId` in `table`, through `cache`. */
  private async ownFields(
    table: 'groupFields' | 'userFields',
    cache: BoundedCache<number, Map<string, string>>,
    ownerId: number,
  ): Promise<Map<string, string>> {
    const cached = cache.get(ownerId);
    if (cached) return cached;
    const epoch = cache.epoch;
    const rows = await this.db
      .selectFrom(table)
      .select(['name', 'value'])
      .where('ownerId', '=', ownerId)
      .execute();
    const fields = new Map(rows.map((row) => [row.name, row.value]));
    cache.set(ownerId, fields, epoch);
    return fields;
  }

  /** The roles of `ids` as the platform lists a user's `userRoles`: `{id, name, description, archived}`. */
  async roleSummaries(
    ids: readonly number[],
  ): Promise<Array<{ id: number; name: string; description: string; archived: boolean }>> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('roles')
      .select(['id', 'name', 'description', 'archived'])
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, archived: row.archived === 1 }));
  }

  /** The user's permission strings: its roles' union plus `_anything:<letter>`. */
  async permissionsOf(user: UserRow): Promise<string[]> {
    const roleIds = parseIdList(user.roleIds);
    if (roleIds.length === 0) return [];
    const roles = await this.db
      .selectFrom('roles')
      .select(['permissions', 'archived'])
      .where('id', 'in', roleIds)
      .execute();
    const list: string[] = [];
    const seen = new Set<string>();
    for (const role of roles) {
      if (role.archived) continue;
      for (const permission of parseStringList(role.permissions)) {
        if (!seen.has(permission)) {
          seen.add(permission);
          list.push(permission);
        }
      }
    }
    return withAnything(list);
  }

  /**
   * The cached {@link Caller} of a user id, without waiting; undefined when it is not cached (or
   * its entry expired, or a change emptied the cache): then {@link caller} builds it.
   */
  cachedCaller(userId: number): Caller | undefined {
    return this.callers.getIfCached(userId);
  }

  /** Builds (or returns the cached) {@link Caller} of a user id; undefined when the user is gone. */
  async caller(userId: number): Promise<Caller | undefined> {
    const cached = this.callers.get(userId);
    if (cached) return cached;
    const epoch = this.callers.epoch;
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user || user.archived) return undefined;
    const group = await this.group(user.groupId);
    if (!group) return undefined;
    const lineage = await this.lineage(group.id);
    const permissionList = await this.permissionsOf(user);
    const ancestors = lineage.filter((g) => g.id !== group.id);
    const caller: Caller = {
      user,
      group,
      tenant: lineage.find((g) => g.treeLevel === 2) ?? null,
      isRoot: group.treeLevel === 1,
      permissions: createPermissionSet(permissionList),
      permissionList,
      visibleGroupIds: await this.descendantIds(group),
      tenantAncestorIds: new Set(ancestors.filter((g) => g.treeLevel >= 2).map((g) => g.id)),
      ancestorIds: new Set(ancestors.map((g) => g.id)),
    };
    this.callers.set(userId, caller, epoch);
    return caller;
  }
}

/** `list` plus `_anything:<letter>` for each letter held on something (the platform's form). */
export function withAnything(list: string[]): string[] {
  const set = createPermissionSet(list);
  for (const letter of ANYTHING_LETTERS) {
    const held = list.some((permission) => {
      const [resource, letters = ''] = permission.split(':');
      return (
        resource !== undefined &&
        (letters === '*' || letters.includes(letter)) &&
        set.has(`${resource}:${letter}`)
      );
    });
    if (held) list.push(`_anything:${letter}`);
  }
  return list;
}

/** A JSON list of ids stored in a text column; anything malformed reads as empty. */
export function parseIdList(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}

export function parseStringList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

// Unique fields as the database holds them. The resource layer checks a value
// before it writes it, but a read-then-insert is not atomic on PostgreSQL: two concurrent creates of
// one serial could both pass. A unique index on (uniqueScope, column) makes the second one fail,
// and the failure is mapped back to the field (violatedUniqueKey).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * The columns unique within a tenant (the resources' `unique: 'tenant'` fields; a services test
 * checks the two lists agree). Empty values are not unique: an index covers non-empty ones only.
 */
export const TENANT_UNIQUE_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['things', 'serial'],
  ['thingTypes', 'code'],
  ['zoneTypes', 'code'],
  ['zones', 'code'],
  ['logicalReaders', 'code'],
  ['connections', 'code'],
  ['edgeboxes', 'code'],
];

/** The tables holding a `uniqueScope` column. */
export const UNIQUE_SCOPE_TABLES: ReadonlySet<string> = new Set(
  TENANT_UNIQUE_COLUMNS.map(([table]) => table),
);

export function uniqueIndexName(table: string, column: string): string {
  return `${table}_${column}_unique`;
}

/** Every unique index that guards a field a person types, by name (usernames: migration 0005). */
const FIELD_INDEXES = new Map<string, { table: string; column: string }>([
  ...TENANT_UNIQUE_COLUMNS.map(
    ([table, column]) => [uniqueIndexName(table, column), { table, column }] as const,
  ),
  ['users_username_lower', { table: 'users', column: 'username' }],
]);

/**
 * The field whose unique index a failed write violated, or null for any other error. PostgreSQL
 * names the index (`constraint`); SQLite names its columns, or the index for an expression index.
 */
export function violatedUniqueKey(error: unknown): { table: string; column: string } | null {
  if (!error || typeof error !== 'object') return null;
  const { code, constraint, message } = error as Record<string, unknown>;
  if (code === '23505')
    return typeof constraint === 'string' ? (FIELD_INDEXES.get(constraint) ?? null) : null;
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE' || typeof message !== 'string') return null;
  const index = /UNIQUE constraint failed: index '([^']+)'/.exec(message)?.[1];
  if (index) return FIELD_INDEXES.get(index) ?? null;
  const columns = /UNIQUE constraint failed: (.+)$/.exec(message)?.[1]?.split(', ') ?? [];
  const [table, column] = columns.at(-1)?.split('.') ?? [];
  if (!table || !column) return null;
  return FIELD_INDEXES.get(uniqueIndexName(table, column)) ?? null;
}

/**
 * The scope of a row of `groupId`: its tenant (the tree-level-2 ancestor), or the group itself above
 * the tenants — the same rows the resource layer's check compares with.
 */
function scopesByGroup(
  groups: ReadonlyArray<{ id: number; parentId: number | null; treeLevel: number }>,
): Map<number, number> {
  const byId = new Map(groups.map((group) => [Number(group.id), group]));
  const scopes = new Map<number, number>();
  for (const group of groups) {
    let current: (typeof groups)[number] | undefined = group;
    let tenant: number | null = null;
    for (let depth = 0; current && depth < 64; depth += 1) {
      if (Number(current.treeLevel) === 2) tenant = Number(current.id);
      current = current.parentId === null ? undefined : byId.get(Number(current.parentId));
    }
    scopes.set(Number(group.id), tenant ?? Number(group.id));
  }
  return scopes;
}

/**
 * Fills `uniqueScope` where it is not known yet (rows written before migration 0007, or by the
 * seed), then makes each field's values unique and indexes them. A database that already holds a
 * value twice in one tenant keeps the oldest row as it is and renames the others `<value>-<id>`, so
 * the migration cannot fail on old data (README, operations, says so).
 */
export async function indexUniqueFields(db: Kysely<unknown>): Promise<void> {
  await fillUniqueScopes(db);
  for (const [table, column] of TENANT_UNIQUE_COLUMNS) {
    const rows = await sql<{
      id: number;
      uniqueScope: number | null;
      value: string;
    }>`select "id", "uniqueScope", ${sql.ref(column)} as "value" from ${sql.table(table)} where ${sql.ref(column)} <> '' order by "id"`.execute(
      db,
    );
    const seen = new Set<string>();
    for (const row of rows.rows) {
      const key = `${String(row.uniqueScope)}\u0000${row.value}`;
      if (!seen.has(key)) {
        seen.add(key);
        continue;
      }
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${`${row.value}-${row.id}`} where "id" = ${row.id}`.execute(
        db,
      );
    }
    await db.schema
      .createIndex(uniqueIndexName(table, column))
      .ifNotExists()
      .unique()
      .on(table)
      .columns(['uniqueScope', column])
      .where(sql.ref(column), '<>', '')
      .execute();
  }
}

/** Sets `uniqueScope` on every row that has none, from its group. */
export async function fillUniqueScopes(db: Kysely<unknown>): Promise<void> {
  const groups = await sql<{
    id: number;
    parentId: number | null;
    treeLevel: number;
  }>`select "id", "parentId", "treeLevel" from "groups"`.execute(db);
  const scopes = scopesByGroup(groups.rows);
  for (const table of UNIQUE_SCOPE_TABLES) {
    const owners = await sql<{
      groupId: number;
    }>`select distinct "groupId" from ${sql.table(table)} where "uniqueScope" is null`.execute(db);
    for (const { groupId } of owners.rows) {
      const scope = scopes.get(Number(groupId)) ?? Number(groupId);
      await sql`update ${sql.table(table)} set "uniqueScope" = ${scope} where "groupId" = ${groupId} and "uniqueScope" is null`.execute(
        db,
      );
    }
  }
}

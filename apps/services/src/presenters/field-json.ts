// Field entries (group and user configuration values) in the real platform's shape, a superset of
// the console's: the platform's `GroupField`/`UserField` map `{id, value, field, group | user}` with
// `name` and `parentValue` beside them, as spec §7's `inheritedFields?format=map` reads them
// (`parentGroup` too, as the platform's list format adds it).
import type { Kysely } from 'kysely';
import type { Directory, GroupRow, UserRow } from '../auth/directory.ts';
import type { Database } from '../db/schema.ts';
import type { Json } from './user-json.ts';

/** The fields a user may set on itself (PUT /user/{id}/field/{field}). */
export const USER_EDITABLE_FIELDS = [
  'timeZoneConfiguration',
  'dateFormatConfiguration',
  'calendarFormatConfiguration',
  'language',
  'hiddenTabs',
] as const;
const EDITABLE: ReadonlySet<string> = new Set(USER_EDITABLE_FIELDS);

export interface FieldEntry {
  /** The id of the row holding the effective value (group or user field). */
  id: number;
  name: string;
  value: string | null;
  parentValue: string | null;
  field: Json;
  group?: Json | null;
  parentGroup?: Json | null;
  user?: Json;
}

/** The platform's `Field` as far as Portico has one: a name, and whether a user may set it. */
export function fieldJson(name: string): Json {
  return { name, userEditable: EDITABLE.has(name) };
}

/** The platform's small group map (login's `visibilityGroups`, a field's `group`). */
export function smallGroupJson(group: GroupRow): Json {
  return {
    id: group.id,
    name: group.name,
    code: group.code,
    treeLevel: group.treeLevel,
    hierarchyCode: group.hierarchyCode,
    type: group.groupTypeId === null ? null : { id: group.groupTypeId },
  };
}

interface Row {
  id: number;
  ownerId: number;
  name: string;
  value: string;
}

/**
 * The fields of group `groupId` merged down its lineage: each entry's value is the nearest group's
 * (`group` names it), `parentValue` what the ancestors alone give (`parentGroup`).
 */
export async function groupFieldEntries(
  db: Kysely<Database>,
  directory: Directory,
  groupId: number,
): Promise<Map<string, FieldEntry>> {
  const lineage = await directory.lineage(groupId);
  const result = new Map<string, FieldEntry>();
  if (lineage.length === 0) return result;
  const rows: Row[] = await db
    .selectFrom('groupFields')
    .select(['id', 'ownerId', 'name', 'value'])
    .where(
      'ownerId',
      'in',
      lineage.map((group) => group.id),
    )
    .execute();
  const depth = new Map(lineage.map((group, index) => [group.id, index]));
  const byGroup = new Map(lineage.map((group) => [group.id, group]));
  rows.sort((a, b) => (depth.get(a.ownerId) ?? 0) - (depth.get(b.ownerId) ?? 0));
  const nearest = new Map<string, Row>();
  const inherited = new Map<string, Row>();
  for (const row of rows) {
    nearest.set(row.name, row);
    if (row.ownerId !== groupId) inherited.set(row.name, row);
  }
  for (const [name, row] of [...nearest].sort(([a], [b]) => a.localeCompare(b))) {
    const parent = inherited.get(name);
    const owner = byGroup.get(row.ownerId);
    const parentOwner = parent ? byGroup.get(parent.ownerId) : undefined;
    result.set(name, {
      id: row.id,
      name,
      value: row.value,
      parentValue: parent?.value ?? null,
      field: fieldJson(name),
      group: owner ? smallGroupJson(owner) : null,
      parentGroup: parentOwner ? smallGroupJson(parentOwner) : null,
    });
  }
  return result;
}

/** The query of user `userId`'s own field values (`id`, `name`, `value`): narrow or order it. */
export function ownFields(db: Kysely<Database>, userId: number) {
  return db.selectFrom('userFields').select(['id', 'name', 'value']).where('ownerId', '=', userId);
}

/**
 * A user's fields: its group's (as above) overlaid with its own; `parentValue` is what the group
 * tree gives. The platform's `listInheritedFieldsByUser`.
 */
export async function userFieldEntries(
  db: Kysely<Database>,
  directory: Directory,
  user: UserRow,
): Promise<Map<string, FieldEntry>> {
  const entries = await groupFieldEntries(db, directory, user.groupId);
  for (const entry of entries.values()) entry.parentValue = entry.value;
  const own = await ownFields(db, user.id).execute();
  for (const row of own) {
    const groupEntry = entries.get(row.name);
    entries.set(row.name, {
      id: row.id,
      name: row.name,
      value: row.value,
      parentValue: groupEntry?.value ?? null,
      field: fieldJson(row.name),
      user: { id: user.id, username: user.username },
      group: groupEntry?.group ?? null,
    });
  }
  return new Map([...entries].sort(([a], [b]) => a.localeCompare(b)));
}

/** A user's own field in the platform's `UserField` shape. */
export function ownFieldJson(
  user: UserRow,
  row: { id: number; name: string; value: string },
): Json {
  return {
    id: row.id,
    name: row.name,
    value: row.value,
    field: fieldJson(row.name),
    user: { id: user.id, username: user.username },
  };
}

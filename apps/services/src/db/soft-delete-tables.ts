// The tables whose deletes are soft: a deleted row keeps its place with `deletedAt` set, is hidden
// from every list and read, can be restored for UNDO_WINDOW_MS, and is purged after that by the
// server (resources/soft-delete.ts). The directory's tables (groups, group types, users, roles)
// are not here: a user, role or group is read by the sign-in and permission caches of every
// worker, and a half-gone account is a risk no undo is worth; their deletes stay immediate.

export const SOFT_DELETE_TABLES: ReadonlySet<string> = new Set([
  'things',
  'thingTypes',
  'zones',
  'zoneTypes',
  'zoneGroups',
  'logicalReaders',
  'connections',
  'edgeboxes',
  'folders',
  'reportDefinitions',
  'resources',
]);

/** How long a deleted row can be restored (the toast's "Undo"). */
export const UNDO_WINDOW_MS = 10_000;

export function softDeletes(table: string): boolean {
  return SOFT_DELETE_TABLES.has(table);
}

/** Whether a row read with `selectAll` is a deleted one waiting for its purge. */
export function isSoftDeleted(row: Readonly<Record<string, unknown>> | undefined): boolean {
  return row !== undefined && row.deletedAt !== null && row.deletedAt !== undefined;
}

// Which resources' deletes the services keep for an undo: a deleted record stays hidden for a short
// while and comes back with "Undo". The directory (users, roles, groups, group types) is not among
// them: an account or a group half gone is a risk no undo is worth, so those deletes are immediate
// and their confirmation says so.

/** The resources (by API path) whose deletes can be undone. */
export const SOFT_DELETED_RESOURCES: readonly string[] = [
  'thing',
  'thingType',
  'zone',
  'zoneType',
  'zoneGroup',
  'logicalReader',
  'connection',
  'edgebox',
  'folder',
  'reportDefinition',
  'resource',
];

const SOFT_DELETED: ReadonlySet<string> = new Set(SOFT_DELETED_RESOURCES);

/** Whether a delete of this resource (API path) can be undone. */
export function softDeletes(resource: string): boolean {
  return SOFT_DELETED.has(resource);
}

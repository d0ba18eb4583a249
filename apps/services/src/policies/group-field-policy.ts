// Who may set a group's fields (PUT /group/{id}/field/{field}): a caller who holds `settings:u`, on a
// group of its own tree. A group outside the tree is not found (its existence is not told); one
// inside it without the permission is forbidden.
import type { Caller, GroupRow } from '../auth/directory.ts';
import { HttpError, withPlatformMessage } from '../http/http-error.ts';

/** The permission that writes a group's fields (the tenant settings). */
export const GROUP_FIELD_PERMISSION = 'settings:u';

/** Refuses (404, then 403) a group-field write the caller may not make; otherwise passes. */
export function requireGroupFieldWrite(
  caller: Caller,
  groupId: number,
  group: GroupRow | undefined,
): GroupRow {
  if (!group || !caller.visibleGroupIds.has(groupId))
    throw withPlatformMessage(
      new HttpError(404, `Group ${groupId} not found`),
      `GroupId[${groupId}] not found`,
    );
  if (!caller.permissions.has(GROUP_FIELD_PERMISSION))
    throw new HttpError(403, `Permission ${GROUP_FIELD_PERMISSION} required`);
  return group;
}

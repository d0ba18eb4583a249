// Who may read and change a group's configuration (its group fields): `settings:r` to read and
// `settings:u` to change, on a group of the caller's own tree only (root: every group). A group
// outside the tree answers 404, so another tenant's groups are not even confirmed to exist.
import type { Caller } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';

/** Refuses (403 without the permission, 404 outside the caller's tree) reading or changing `groupId`'s settings. */
export function requireGroupSettings(caller: Caller, groupId: number, letter: 'r' | 'u'): void {
  if (!caller.visibleGroupIds.has(groupId)) throw new HttpError(404, `Group ${groupId} not found`);
  if (!caller.permissions.has(`settings:${letter}`))
    throw new HttpError(403, `Permission settings:${letter} required`);
}

// Who may see and change a site (a site-level group: its details and its local map) and which
// sites are the caller's. Reading a site's details takes `group:r` (they are the group's); its map
// is also read with `localmap:r` or `zone:r` (the zone builder draws zones over it). Changing the
// details takes `group:u`, the map `localmap:u` (upload, placement) or `localmap:d` (removal), each
// with the dashboard's `sites_configuration_dashboard:x`. A site outside the caller's tree is not
// one of its sites at all (the routes answer 404: another tenant's sites are never told).
import { SITE_TREE_LEVEL } from '@portico/core';
import type { Caller, GroupRow } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';

export type SiteAction = 'read' | 'update' | 'readMap' | 'writeMap' | 'deleteMap';

const DASHBOARD = 'sites_configuration_dashboard:x';

/** Each action's permissions: any one of the alternatives, every permission of it. */
export const SITE_PERMISSIONS: Readonly<Record<SiteAction, readonly (readonly string[])[]>> = {
  read: [['group:r']],
  update: [['group:u', DASHBOARD]],
  readMap: [['localmap:r'], ['zone:r'], ['group:r']],
  writeMap: [['localmap:u', DASHBOARD]],
  deleteMap: [['localmap:d', DASHBOARD]],
};

/** Refuses (403) an action on sites the caller's permissions do not allow, naming what it needs. */
export function requireSiteAction(caller: Caller, action: SiteAction): void {
  const alternatives = SITE_PERMISSIONS[action];
  if (alternatives.some((all) => all.every((permission) => caller.permissions.has(permission))))
    return;
  const needed = alternatives.map((all) => all.join(' and ')).join(' or ');
  throw new HttpError(403, `Permission ${needed} required`);
}

/** Whether a group is a site the caller may see: a site-level group in the caller's tree. */
export function isCallersSite(caller: Caller, group: GroupRow | undefined): group is GroupRow {
  return (
    group !== undefined &&
    group.treeLevel === SITE_TREE_LEVEL &&
    (caller.isRoot || caller.visibleGroupIds.has(group.id))
  );
}

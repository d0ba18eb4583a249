// The devices a device profile is given to, as its page lists them: the logical readers and edge
// boxes whose `deviceProfileId` is the profile, each with its site and the address of its record.
import type { ApiRow } from '../api-client.ts';
import { RESOURCES } from '../resources.ts';
import { detailPathOf } from '../routes.ts';

/** The resources that take a device profile, in the order the page shows them. */
export const PROFILE_DEVICE_RESOURCES = ['logicalReader', 'edgebox'] as const;
export type ProfileDeviceResource = (typeof PROFILE_DEVICE_RESOURCES)[number];

/** One device using a profile. */
export interface ProfileDevice {
  id: number;
  name: string;
  /** The name of the group it belongs to (`''`: not known). */
  site: string;
  /** Its record's legacy address (`/model/logicalReader/4`). */
  path: string;
}

/** The most devices of one kind the page lists; the rest are counted. */
export const MAX_LISTED_DEVICES = 200;

/** A device row as the page lists it: named by its title field, sorted by the caller. */
export function profileDevice(resource: ProfileDeviceResource, row: ApiRow): ProfileDevice {
  const def = RESOURCES[resource];
  const title = def ? row[def.titleField] : undefined;
  const group = row.group as { name?: unknown } | null | undefined;
  return {
    id: row.id,
    name: typeof title === 'string' && title !== '' ? title : `#${row.id}`,
    site: typeof group?.name === 'string' ? group.name : '',
    path: def ? detailPathOf(def, row.id) : '',
  };
}

/** The rows of one resource as the page lists them: by name, then id. */
export function profileDevices(resource: ProfileDeviceResource, rows: readonly ApiRow[]) {
  return rows
    .map((row) => profileDevice(resource, row))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** The resources whose devices the signed-in user may read (`logicalreader:r`, `edgebox:r`). */
export function readableDeviceResources(permissions: {
  has(permission: string): boolean;
}): ProfileDeviceResource[] {
  return PROFILE_DEVICE_RESOURCES.filter((resource) =>
    permissions.has(`${RESOURCES[resource]?.permission ?? resource}:r`),
  );
}

// The JSON of a site (a site-level group with its details) and of its local map's description (the
// image itself is served on its own: GET /site/{id}/map/image).
import { DEFAULT_WORKING_HOURS, MAP_PLACEMENT_FIELDS, WEEKDAYS } from '@portico/core';
import type { SiteDetails, SiteMap, SiteSummary, WorkingHours } from '@portico/core';
import type { GroupRow } from '../auth/directory.ts';
import type { LocalMapTable, SiteTable } from '../db/schema.ts';

type SiteRow = Omit<SiteTable, 'id'> & { id: number };
/** A map row without its image (never read for a description). */
export type LocalMapInfo = Omit<LocalMapTable, 'id' | 'image'> & { id: number };

/** The map columns read for a description: every column but the image. */
export const LOCAL_MAP_INFO_COLUMNS = [
  'id',
  'groupId',
  'tenantId',
  'name',
  'imageType',
  'imageBytes',
  'imageChecksum',
  'pixelWidth',
  'pixelHeight',
  ...MAP_PLACEMENT_FIELDS,
  'modifiedAt',
] as const;

const num = (value: unknown) => Number(value);
const maybe = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Stored working hours, each day as stored or closed (a day missing from old JSON: closed). */
export function storedWorkingHours(text: string | undefined): WorkingHours {
  if (text === undefined) return DEFAULT_WORKING_HOURS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = {};
  }
  const record = (parsed ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const value = record[day] as { open?: unknown; close?: unknown } | null | undefined;
      return [
        day,
        value && typeof value.open === 'string' && typeof value.close === 'string'
          ? { open: value.open, close: value.close }
          : null,
      ];
    }),
  ) as unknown as WorkingHours;
}

export function localMapJson(siteId: number, map: LocalMapInfo): SiteMap {
  return {
    id: num(map.id),
    name: map.name,
    imageType: map.imageType,
    imageBytes: num(map.imageBytes),
    imageChecksum: map.imageChecksum,
    pixelWidth: num(map.pixelWidth),
    pixelHeight: num(map.pixelHeight),
    imageWidth: num(map.imageWidth),
    imageHeight: num(map.imageHeight),
    imageUnit: map.imageUnit,
    latOrigin: maybe(map.latOrigin),
    lonOrigin: maybe(map.lonOrigin),
    declination: num(map.declination),
    modifiedAt: new Date(num(map.modifiedAt)).toISOString(),
    imagePath: `/site/${siteId}/map/image`,
  };
}

/** A site as the list shows it. */
export function siteSummaryJson(
  group: GroupRow,
  site: SiteRow | undefined,
  hasMap: boolean,
): SiteSummary {
  return {
    id: group.id,
    name: group.name,
    code: group.code,
    configured: site !== undefined,
    street: site?.street ?? '',
    city: site?.city ?? '',
    postalCode: site?.postalCode ?? '',
    country: site?.country ?? '',
    timeZone: site?.timeZone ?? '',
    hasMap,
  };
}

/** A site with everything the edit page shows. */
export function siteJson(
  group: GroupRow,
  site: SiteRow | undefined,
  map: LocalMapInfo | undefined,
): SiteDetails {
  return {
    id: group.id,
    name: group.name,
    code: group.code,
    description: group.description,
    configured: site !== undefined,
    address: {
      street: site?.street ?? '',
      city: site?.city ?? '',
      postalCode: site?.postalCode ?? '',
      country: site?.country ?? '',
    },
    timeZone: site?.timeZone ?? '',
    workingHours: storedWorkingHours(site?.workingHours),
    modifiedAt: site ? new Date(num(site.modifiedAt)).toISOString() : null,
    map: map ? localMapJson(group.id, map) : null,
  };
}

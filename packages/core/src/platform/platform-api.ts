/**
 * Constants of the platform API (riot-core-services) shared by the console and the services
 * (one copy each).
 */

/** Where the platform API lives on its host (spec §7, DESIGN §1): `{host}/riot-core-services/api{path}`. */
export const API_BASE_PATH = '/riot-core-services/api';

/** The visibility-group resources of spec §3 (`POST /user/{id}/visibilityGroups` filters). */
export const VISIBILITY_RESOURCES = [
  'user',
  'connection',
  'connectionType',
  'edgebox',
  'field',
  'group',
  'groupType',
  'localMap',
  'reportDefinition',
  'reportExecution',
  'reportFilter',
  'resource',
  'role',
  'thing',
  'thingFieldValue',
  'thingType',
  'zone',
  'zoneGroup',
  'zonePoint',
  'zoneType',
] as const;

/** One of {@link VISIBILITY_RESOURCES}. */
export type VisibilityResource = (typeof VISIBILITY_RESOURCES)[number];

/**
 * True when `value` is a plain JSON object (not null, not an array): the first check on any JSON
 * read from the network or a file.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The permission vocabulary of the platform (spec §3, DESIGN §4) and the demo roles built from it.
import { PERMISSION_CATALOG } from '@portico/core';

/** Report folder type-level key: the folder type string is `reportDefinition`. */
export const FOLDER_PERMISSION = 'reportDefinitionfolder';

/**
 * Resource names used in `resource:letters` permission strings: core's catalog (the one the role
 * editors show), less the report folder keys, which have their own forms below.
 */
export const PERMISSION_RESOURCES: readonly string[] = PERMISSION_CATALOG.flatMap((module) =>
  module.resources.map((resource) => resource.name),
).filter((name) => name !== FOLDER_PERMISSION && name !== 'foldereditown');

/** Module permissions that are a plain `x` string. */
export const PLAIN_PERMISSIONS = [
  'things:x',
  'tenants:x',
  'edge:x',
  'gateway:x',
  'model:x',
  'services:x',
  'analytics:x',
  'sites_configuration_dashboard:x',
  'devices_configuration_dashboard:x',
] as const;

/** Letters `_anything:<letter>` is derived for. */
export const ANYTHING_LETTERS = ['r', 'i', 'u', 'd', 'a'] as const;

export const ROOT_PERMISSIONS: readonly string[] = [
  ...PERMISSION_RESOURCES.map((name) => `${name}:*`),
  ...PLAIN_PERMISSIONS,
  `${FOLDER_PERMISSION}:*`,
  'foldereditown:u',
];

export const TENANT_ADMIN_PERMISSIONS: readonly string[] = [
  ...PERMISSION_RESOURCES.filter((name) => name !== 'license_generator').map((name) => `${name}:*`),
  ...PLAIN_PERMISSIONS,
  `${FOLDER_PERMISSION}:*`,
  'foldereditown:u',
];

export const OPERATOR_PERMISSIONS: readonly string[] = [
  'things:x',
  'model:x',
  'analytics:x',
  'thing:r',
  'thing:u',
  'thingtype:r',
  'zone:r',
  'zone:u',
  'zonetype:r',
  'zonegroup:r',
  'logicalreader:r',
  'report_definition:x',
  'report_definition:r',
  `${FOLDER_PERMISSION}:r`,
];

/** A viewer reads the tenant's data, not its security trail. */
export const VIEWER_PERMISSIONS: readonly string[] = [
  ...PERMISSION_RESOURCES.filter((name) => name !== 'license_generator' && name !== 'auditlog').map(
    (name) => `${name}:r`,
  ),
  ...PLAIN_PERMISSIONS,
  `${FOLDER_PERMISSION}:r`,
];

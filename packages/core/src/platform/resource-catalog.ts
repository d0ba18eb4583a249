/**
 * The resource catalog: every resource the services serve and the legacy UI lists and edits,
 * described once (the shape of Outline's `shared/validations.ts`). Per resource: its API path, its
 * permission resource (core's permission catalog), its vocabulary concepts, its list route (spec §2),
 * the field that names a row, and its fields — kind, required, maximum length, enumeration
 * (`enumerations.ts`), reference target, whether the list searches, filters and sorts on it, and
 * whether the list shows it.
 *
 * The services' write schemas and field specs and the legacy UI's list and form definitions are
 * built from it; `resource-catalog.test.ts` checks it against the permission catalog, the
 * enumerations and the spec §2 routes.
 */
import { RESOURCE_ENUMERATIONS } from './enumerations.ts';
import { MAX_CRON_LENGTH } from './schedule.ts';
import { MAX_MODEL_VERSION_LENGTH } from './trained-models.ts';

/** What a field holds, as a client writes it. */
export type CatalogFieldKind =
  /** One line of text. */
  | 'text'
  /** Free text over several lines. */
  | 'longText'
  | 'email'
  /** A secret: written, never read back. */
  | 'password'
  /** `#rrggbb`. */
  | 'color'
  | 'integer'
  | 'boolean'
  /** A point in time (milliseconds), set by the services. */
  | 'time'
  /** One value of the field's enumeration. */
  | 'enumeration'
  /** The id of a row of another resource. */
  | 'reference'
  /** Ids of rows of another resource. */
  | 'references'
  /** Permission strings (`zone:r`). */
  | 'permissions'
  /** A JSON object of plain values. */
  | 'json'
  /** Webhook event patterns (`zone.created`, `zone.*`, `*`: core's webhook-events.ts). */
  | 'events'
  /** A polygon's corners, `[{x, y}, …]` (core's zone-outline.ts). */
  | 'outline';

export interface CatalogField {
  readonly kind: CatalogFieldKind;
  /** Must be given on create. */
  readonly required?: boolean;
  /** The longest value accepted (text kinds). */
  readonly maxLength?: number;
  /** For `enumeration`: the field's values are `RESOURCE_ENUMERATIONS[resource][field]`. */
  readonly enumeration?: true;
  /** For `reference` and `references`: the API path of the resource referred to. */
  readonly reference?: string;
  /** Part of the list's text search. */
  readonly searchable?: boolean;
  /** An exact-match list filter (`status=active`, `zoneId=4`). */
  readonly filterable?: boolean;
  /** The list can be ordered by it. */
  readonly sortable?: boolean;
  /** A column of the list. */
  readonly list?: boolean;
  /** Set by the services, never written by a client. */
  readonly readOnly?: boolean;
  /** The value a new record takes when none is given (a flag that starts on: `true`). */
  readonly default?: string | number | boolean;
}

export interface CatalogEntry {
  /** The singular API path: `/thing`, `/thingType`. */
  readonly path: string;
  /** The resource of its permission strings (`thingtype` → `thingtype:u`). */
  readonly permission: string;
  /** The plural vocabulary concept naming its list (`Things` → the tenant's "Assets"). */
  readonly concept: string;
  /** The singular vocabulary concept (`Thing` → "Asset"). */
  readonly oneConcept: string;
  /** Its list page: a spec §2 route, without the `/app` prefix. */
  readonly listRoute: string;
  /** The field that names a row. */
  readonly titleField: string;
  readonly fields: Readonly<Record<string, CatalogField>>;
  /** The list's columns in their order, where it is not the order of the fields. */
  readonly columns?: readonly string[];
  /**
   * For a plain resource (no definition of its own in the services): its table, and who reads a
   * row — `tree` (the caller's group and below), `tenant` (also the caller's ancestors in its
   * tenant), `global` (also the root's rows).
   */
  readonly table?: string;
  readonly visibility?: 'tree' | 'tenant' | 'global';
}

/** The longest name, code and free text a resource field takes (the services' validators use them). */
export const FIELD_LENGTHS = { name: 200, code: 100, text: 4000 } as const;
const NAME_LENGTH = FIELD_LENGTHS.name;
const CODE_LENGTH = FIELD_LENGTHS.code;
const TEXT_LENGTH = FIELD_LENGTHS.text;

const name: CatalogField = {
  kind: 'text',
  required: true,
  maxLength: NAME_LENGTH,
  searchable: true,
  sortable: true,
  list: true,
};
const code: CatalogField = {
  kind: 'text',
  maxLength: CODE_LENGTH,
  searchable: true,
  sortable: true,
  list: true,
};
const description: CatalogField = {
  kind: 'longText',
  maxLength: TEXT_LENGTH,
  searchable: true,
  sortable: true,
};
const listedDescription: CatalogField = { ...description, list: true };
const createdAt: CatalogField = { kind: 'time', readOnly: true, sortable: true };
const reference = (target: string, extra: Partial<CatalogField> = {}): CatalogField => ({
  kind: 'reference',
  reference: target,
  filterable: true,
  sortable: true,
  list: true,
  ...extra,
});
const enumeration = (extra: Partial<CatalogField> = {}): CatalogField => ({
  kind: 'enumeration',
  enumeration: true,
  searchable: true,
  filterable: true,
  sortable: true,
  list: true,
  ...extra,
});

/** Every resource, by API path. */
export const RESOURCE_CATALOG = {
  thing: {
    path: 'thing',
    permission: 'thing',
    concept: 'Things',
    oneConcept: 'Thing',
    listRoute: '/things/thing',
    titleField: 'name',
    fields: {
      name,
      serial: { ...name, maxLength: 100 },
      thingTypeId: reference('thingType', { required: true }),
      zoneId: reference('zone'),
      status: enumeration({ default: 'active' }),
      creationTime: createdAt,
      modifiedTime: { ...createdAt, list: true },
    },
  },
  thingType: {
    path: 'thingType',
    permission: 'thingtype',
    concept: 'ThingTypes',
    oneConcept: 'ThingType',
    listRoute: '/things/thingType',
    titleField: 'name',
    fields: { name, code, description: listedDescription, creationTime: createdAt },
  },
  zone: {
    path: 'zone',
    permission: 'zone',
    concept: 'Zones',
    oneConcept: 'Zone',
    listRoute: '/model/zone',
    titleField: 'name',
    fields: {
      name,
      code,
      zoneTypeId: reference('zoneType', { required: true }),
      zoneGroupId: reference('zoneGroup'),
      color: { kind: 'color', sortable: true, default: '#1f77b4' },
      description,
      // its outline on the local map (zone-outline.ts), drawn in the zone builder
      points: { kind: 'outline' },
    },
  },
  zoneType: {
    path: 'zoneType',
    permission: 'zonetype',
    concept: 'ZoneTypes',
    oneConcept: 'ZoneType',
    listRoute: '/model/zoneType',
    titleField: 'name',
    fields: { name, code, description: listedDescription },
  },
  zoneGroup: {
    path: 'zoneGroup',
    permission: 'zonegroup',
    concept: 'ZoneGroups',
    oneConcept: 'ZoneGroup',
    listRoute: '/model/zoneGroup',
    titleField: 'name',
    fields: { name, description: listedDescription },
  },
  logicalReader: {
    path: 'logicalReader',
    permission: 'logicalreader',
    concept: 'LogicalReaders',
    oneConcept: 'LogicalReader',
    listRoute: '/model/logicalReader',
    titleField: 'name',
    fields: {
      name,
      code,
      zoneId: reference('zone'),
      description,
      // a profile of the `reader` kind only (device-profiles.ts)
      deviceProfileId: reference('deviceProfile'),
    },
  },
  group: {
    path: 'group',
    permission: 'group',
    concept: 'Groups',
    oneConcept: 'Group',
    listRoute: '/tenants/group',
    titleField: 'name',
    fields: {
      name,
      code: { ...code, required: true },
      // the parent is chosen on create only: a group does not move
      parentId: reference('group', { required: true }),
      groupTypeId: reference('groupType'),
      description,
      treeLevel: { kind: 'integer', readOnly: true, filterable: true, sortable: true, list: true },
      creationTime: { ...createdAt, list: true },
    },
    // the parent last, with its path from the tenant down
    columns: ['name', 'code', 'groupTypeId', 'treeLevel', 'creationTime', 'parentId'],
  },
  groupType: {
    path: 'groupType',
    permission: 'grouptype',
    concept: 'GroupTypes',
    oneConcept: 'GroupType',
    listRoute: '/tenants/groupType',
    titleField: 'name',
    fields: { name, code, description: listedDescription, creationTime: createdAt },
  },
  user: {
    path: 'user',
    permission: 'user',
    concept: 'Users',
    oneConcept: 'User',
    listRoute: '/tenants/user',
    titleField: 'username',
    fields: {
      username: { ...name, maxLength: 100 },
      firstName: { ...code },
      lastName: { ...code },
      email: { kind: 'email', maxLength: 254, searchable: true, sortable: true, list: true },
      groupId: reference('group', { required: true }),
      roleIds: { kind: 'references', reference: 'role' },
      password: { kind: 'password', required: true },
      creationTime: createdAt,
    },
  },
  role: {
    path: 'role',
    permission: 'role',
    concept: 'Roles',
    oneConcept: 'Role',
    listRoute: '/tenants/role',
    titleField: 'name',
    fields: {
      name,
      description: listedDescription,
      permissions: { kind: 'permissions' },
      creationTime: createdAt,
    },
  },
  resource: {
    path: 'resource',
    permission: 'resource',
    concept: 'Resources',
    oneConcept: 'Resource',
    listRoute: '/tenants/resource',
    titleField: 'name',
    fields: {
      name: { ...name, maxLength: 100 },
      label: { ...name, required: false },
      typeName: enumeration({ default: 'class' }),
      description,
    },
  },
  connection: {
    path: 'connection',
    permission: 'connection',
    concept: 'Connections',
    oneConcept: 'Connection',
    listRoute: '/services/connection',
    titleField: 'name',
    fields: {
      name,
      code,
      type: enumeration({ required: true }),
      properties: { kind: 'json' },
    },
  },
  edgebox: {
    path: 'edgebox',
    permission: 'edgebox',
    concept: 'EdgeBoxes',
    oneConcept: 'EdgeBox',
    listRoute: '/gateway/edgebox',
    titleField: 'name',
    fields: {
      name,
      code,
      type: enumeration({ default: 'edge' }),
      status: enumeration({ default: 'offline' }),
      description,
      // a profile of the `edgebox` kind only (device-profiles.ts)
      deviceProfileId: reference('deviceProfile'),
    },
  },
  // reader and edge-box configuration templates, on the tenants' devices configuration page
  deviceProfile: {
    path: 'deviceProfile',
    permission: 'deviceprofile',
    concept: 'DevicesConfiguration',
    oneConcept: 'DeviceProfile',
    listRoute: '/tenants/devicesConfiguration',
    titleField: 'name',
    fields: {
      name,
      deviceKind: enumeration({ required: true }),
      // matched against its kind's JSON Schema (device-profiles.ts)
      settings: { kind: 'json' },
      description,
    },
  },
  scheduledRule: {
    path: 'scheduledRule',
    permission: 'scheduledrule',
    concept: 'ScheduledRules',
    oneConcept: 'ScheduledRule',
    listRoute: '/gateway/scheduledRule',
    titleField: 'name',
    fields: {
      name,
      // a cron expression (schedule.ts), read in the tenant's time zone
      cronExpression: {
        kind: 'text',
        required: true,
        maxLength: MAX_CRON_LENGTH,
        searchable: true,
        sortable: true,
        list: true,
      },
      edgeboxId: reference('edgebox', { required: true }),
      action: enumeration({ required: true }),
      enabled: { kind: 'boolean', filterable: true, sortable: true, list: true, default: true },
      description,
    },
  },
  streamApp: {
    path: 'streamApp',
    permission: 'streamapp',
    concept: 'StreamApps',
    oneConcept: 'StreamApp',
    listRoute: '/gateway/streamApp',
    titleField: 'name',
    fields: {
      name,
      edgeboxId: reference('edgebox', { required: true }),
      appKind: enumeration({ required: true }),
      version: { ...code, required: true, maxLength: 50 },
      // matched against its kind's JSON Schema (stream-apps.ts)
      configuration: { kind: 'json' },
      desiredState: enumeration({ default: 'running' }),
      // what the edge box last reported (PUT /streamApp/{id}/reportedState)
      reportedState: enumeration({ readOnly: true }),
      reportedAt: { ...createdAt, list: true },
    },
  },
  folder: {
    path: 'folder',
    permission: 'reportDefinitionfolder',
    concept: 'ReportFolders',
    oneConcept: 'ReportFolder',
    listRoute: '/analytics/report',
    titleField: 'name',
    fields: {
      name,
      sequence: { kind: 'integer', sortable: true, list: true, default: 0 },
      lastModificationDate: { ...createdAt, list: true },
    },
  },
  reportDefinition: {
    path: 'reportDefinition',
    permission: 'report_definition',
    concept: 'Reports',
    oneConcept: 'Report',
    listRoute: '/analytics/report/list',
    titleField: 'name',
    fields: {
      name,
      description,
      reportType: enumeration({ default: 'table' }),
      folderId: reference('folder'),
      lastModificationDate: { ...createdAt, list: true },
    },
  },
  endpoint: {
    path: 'endpoint',
    permission: 'endpoint',
    concept: 'Endpoints',
    oneConcept: 'Endpoint',
    listRoute: '/services/endpoint',
    titleField: 'name',
    fields: {
      name,
      url: {
        kind: 'text',
        required: true,
        maxLength: 2000,
        searchable: true,
        sortable: true,
        list: true,
      },
      description,
      secret: { kind: 'password', required: true },
      headers: { kind: 'json' },
      enabled: { kind: 'boolean', filterable: true, sortable: true, list: true, default: true },
    },
  },
  // the tenant's registry of trained models (/machinelearning): the file is uploaded apart
  // (PUT /trainedModel/{id}/file), its name, size, type, checksum and uploader set by the services
  trainedModel: {
    path: 'trainedModel',
    permission: 'trainedmodel',
    concept: 'TrainedModels',
    oneConcept: 'TrainedModel',
    listRoute: '/machinelearning',
    titleField: 'name',
    columns: ['name', 'version', 'thingTypeId', 'status', 'metrics', 'uploadedAt'],
    fields: {
      name,
      // a semantic version (trained-models.ts); name and version are unique together in a tenant
      version: {
        kind: 'text',
        required: true,
        maxLength: MAX_MODEL_VERSION_LENGTH,
        searchable: true,
        sortable: true,
        list: true,
      },
      description,
      thingTypeId: reference('thingType', { required: true }),
      // named numbers (trained-models.ts); the list shows the key one
      metrics: { kind: 'json', list: true },
      // moves along trained-models.ts's transitions only
      status: enumeration(),
      fileName: { kind: 'text', readOnly: true, searchable: true, sortable: true },
      fileSize: { kind: 'integer', readOnly: true, sortable: true },
      fileContentType: { kind: 'text', readOnly: true },
      fileChecksum: { kind: 'text', readOnly: true },
      uploadedBy: { kind: 'text', readOnly: true, sortable: true },
      uploadedAt: { ...createdAt, list: true },
    },
  },
  // what a subscription sends where is the endpoint's business: it has the endpoint's permission
  subscription: {
    path: 'subscription',
    permission: 'endpoint',
    concept: 'Subscriptions',
    oneConcept: 'Subscription',
    listRoute: '/services/subscription',
    titleField: 'name',
    fields: {
      name,
      endpointId: reference('endpoint', { required: true }),
      events: { kind: 'events', required: true, list: true },
      enabled: { kind: 'boolean', filterable: true, sortable: true, list: true, default: true },
      tenantId: { kind: 'integer', readOnly: true },
    },
  },
} as const satisfies Readonly<Record<string, CatalogEntry>>;

/** A resource's API path. */
export type CatalogPath = keyof typeof RESOURCE_CATALOG;

/** Every catalog entry, in catalog order. */
export const CATALOG_ENTRIES: readonly CatalogEntry[] = Object.values(RESOURCE_CATALOG);

/** The catalog entry of an API path, if the catalog has one. */
export function catalogEntry(path: string): CatalogEntry | undefined {
  return Object.hasOwn(RESOURCE_CATALOG, path)
    ? (RESOURCE_CATALOG as Readonly<Record<string, CatalogEntry>>)[path]
    : undefined;
}

/** The values of an enumeration field (`enumerationOf('thing', 'status')`); undefined for any other. */
export function enumerationOf(path: string, field: string): readonly string[] | undefined {
  if (catalogEntry(path)?.fields[field]?.enumeration !== true) return undefined;
  // resource-catalog.test.ts holds every enumeration field of the catalog to RESOURCE_ENUMERATIONS
  const byPath = RESOURCE_ENUMERATIONS as unknown as Readonly<
    Record<string, Readonly<Record<string, readonly string[]>>>
  >;
  return (byPath[path] as Readonly<Record<string, readonly string[]>>)[field];
}

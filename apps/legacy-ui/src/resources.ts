// The resources the services serve, described once: list columns, form fields, permission key,
// vocabulary concept and where their pages live. Field names are the API's (apps/services schema);
// the values a select offers are the API's enumerations, from @portico/core.
import {
  CONNECTION_TYPES,
  EDGEBOX_STATUSES,
  EDGEBOX_TYPES,
  REPORT_FOLDER_TYPE,
  REPORT_TYPES,
  RESOURCE_TYPE_NAMES,
  THING_STATUSES,
} from '@portico/core';
import type { MessageKey, OneLabelName } from './i18n.ts';

/** One input of a detail form. */
export interface FieldDef {
  name: string;
  label: MessageKey;
  kind:
    | 'text'
    | 'textarea'
    | 'number'
    | 'email'
    | 'password'
    | 'reference'
    | 'color'
    | 'list'
    | 'select'
    | 'json'
    /** A user's roles: ids of the roles the signed-in user may grant (access-fields.tsx). */
    | 'roles'
    /** A role's permissions: the grid of core's permission catalog, or text (access-fields.tsx). */
    | 'permissions'
    /** On or off: a checkbox. */
    | 'flag'
    /** A signing secret: written, never read back; empty on an edit keeps the current one. */
    | 'secret'
    /** A subscription's events: core's event types as checkboxes, by resource (webhook-fields.tsx). */
    | 'events';
  /** For `select`: the allowed values (the API's enumerations). */
  options?: readonly string[];
  required?: boolean;
  /** For `reference`: the resource whose rows fill the select (value = row id). */
  reference?: string;
  /** For `reference`: the key of the resolved `{id, name}` object in a row (`thingType`). */
  object?: string;
  /** Singular vocabulary concept naming the field (`ThingType` → the tenant's "Asset type"). */
  concept?: string;
  /** Only on create (a password). */
  createOnly?: boolean;
  /** The value of a new record's input (a `flag` that starts on: `'true'`). */
  initial?: string;
}

/** One column of a list table. */
export interface ColumnDef {
  field: string;
  label: MessageKey;
  kind?: 'text' | 'datetime' | 'reference' | 'enum';
  /** For `reference`: the resolved object holding `{id, name}` (e.g. `thingType`). */
  object?: string;
  /** Singular vocabulary concept naming the column (`Zone` → the tenant's "Area"). */
  concept?: string;
  /** For a group `reference`: show its path from the tenant down ("Acme › North DC"). */
  path?: boolean;
}

/** A resource the legacy UI lists and edits. */
export interface ResourceDef {
  /** API path segment: `/thing`, `/thingType`…; en.json has its singular label, `one.<api>`. */
  api: OneLabelName;
  /** Resource name in permission strings: `thing:i`, `thingtype:u`… */
  permission: string;
  /** Vocabulary concept: label field `vizixVocabularyLabel<concept>`. */
  concept: string;
  /** Fallback label (plural: list titles). */
  label: MessageKey;
  /** Fallback singular label (dialog titles, toasts). */
  one: MessageKey;
  /** Singular vocabulary concept (`Thing` → the tenant's "Asset"). */
  oneConcept: string;
  /** Legacy route of the list page. */
  listPath: string;
  /** Legacy route prefix of detail pages (`{detailPath}/{id}`), for `editor: 'page'`. */
  detailPath: string;
  columns: ColumnDef[];
  fields: FieldDef[];
  /** Legacy route of the create page (default `{detailPath}/new`). */
  newPath: string;
  /** Column used to name a row (in links and the delete confirmation). */
  titleField: string;
  /**
   * `dialog`: create / edit / delete in a modal dialog over the list (the console's route table has
   * no detail routes for these); `page`: detail routes of spec §2 (`/analytics/report/create`,
   * `/analytics/report/edit/{id}`).
   */
  editor: 'dialog' | 'page';
  /** Fixed values added to a create body. */
  createDefaults?: Record<string, unknown>;
  /**
   * The columns a phone's card shows (below 600 px a list is cards): what tells records apart and
   * what one checks at a glance. Default: the name and the next two columns.
   */
  card?: readonly string[];
}

const name: FieldDef = { name: 'name', label: 'field.name', kind: 'text', required: true };
const code: FieldDef = { name: 'code', label: 'field.code', kind: 'text' };
const description: FieldDef = { name: 'description', label: 'field.description', kind: 'textarea' };
const nameColumn: ColumnDef = { field: 'name', label: 'field.name' };
const codeColumn: ColumnDef = { field: 'code', label: 'field.code' };
const idColumn: ColumnDef = { field: 'id', label: 'field.id' };

function def(
  resource: Omit<ResourceDef, 'detailPath' | 'titleField' | 'newPath' | 'editor' | 'one'> &
    Partial<Pick<ResourceDef, 'detailPath' | 'titleField' | 'newPath' | 'editor'>>,
): ResourceDef {
  const detailPath = resource.detailPath ?? resource.listPath;
  const one: MessageKey = `one.${resource.api}`;
  return {
    titleField: 'name',
    newPath: `${detailPath}/new`,
    editor: 'dialog',
    ...resource,
    one,
    detailPath,
  };
}

/** Every resource page of the legacy UI, keyed by API path. */
export const RESOURCES: Record<string, ResourceDef> = {
  thing: def({
    api: 'thing',
    permission: 'thing',
    concept: 'Things',
    oneConcept: 'Thing',
    label: 'resource.thing',
    listPath: '/things/thing',
    card: ['name', 'serial', 'thingTypeId', 'status', 'groupId'],
    columns: [
      idColumn,
      nameColumn,
      { field: 'serial', label: 'field.serial' },
      {
        field: 'thingTypeId',
        label: 'field.thingType',
        kind: 'reference',
        object: 'thingType',
        concept: 'ThingType',
      },
      { field: 'zoneId', label: 'field.zone', kind: 'reference', object: 'zone', concept: 'Zone' },
      { field: 'status', label: 'field.status', kind: 'enum' },
      { field: 'modifiedTime', label: 'field.modified', kind: 'datetime' },
      { field: 'groupId', label: 'list.site', kind: 'reference', object: 'group' },
    ],
    fields: [
      name,
      { name: 'serial', label: 'field.serial', kind: 'text', required: true },
      {
        name: 'thingTypeId',
        label: 'field.thingType',
        kind: 'reference',
        reference: 'thingType',
        object: 'thingType',
        concept: 'ThingType',
        required: true,
      },
      {
        name: 'zoneId',
        label: 'field.zone',
        kind: 'reference',
        reference: 'zone',
        object: 'zone',
        concept: 'Zone',
      },
      {
        name: 'status',
        label: 'field.status',
        kind: 'select',
        options: THING_STATUSES,
        required: true,
      },
    ],
  }),
  thingType: def({
    api: 'thingType',
    permission: 'thingtype',
    concept: 'ThingTypes',
    oneConcept: 'ThingType',
    label: 'resource.thingType',
    listPath: '/things/thingType',
    columns: [
      idColumn,
      nameColumn,
      codeColumn,
      { field: 'description', label: 'field.description' },
    ],
    fields: [name, code, description],
  }),
  zone: def({
    api: 'zone',
    permission: 'zone',
    concept: 'Zones',
    oneConcept: 'Zone',
    label: 'resource.zone',
    listPath: '/model/zone',
    card: ['name', 'zoneTypeId', 'groupId'],
    columns: [
      idColumn,
      nameColumn,
      codeColumn,
      {
        field: 'zoneTypeId',
        label: 'field.zoneType',
        kind: 'reference',
        object: 'zoneType',
        concept: 'ZoneType',
      },
      {
        field: 'zoneGroupId',
        label: 'field.zoneGroup',
        kind: 'reference',
        object: 'zoneGroup',
        concept: 'ZoneGroup',
      },
      { field: 'groupId', label: 'list.site', kind: 'reference', object: 'group' },
    ],
    fields: [
      name,
      code,
      {
        name: 'zoneTypeId',
        label: 'field.zoneType',
        kind: 'reference',
        reference: 'zoneType',
        object: 'zoneType',
        concept: 'ZoneType',
        required: true,
      },
      {
        name: 'zoneGroupId',
        label: 'field.zoneGroup',
        kind: 'reference',
        reference: 'zoneGroup',
        object: 'zoneGroup',
        concept: 'ZoneGroup',
      },
      { name: 'color', label: 'field.color', kind: 'color' },
      description,
    ],
  }),
  zoneType: def({
    api: 'zoneType',
    permission: 'zonetype',
    concept: 'ZoneTypes',
    oneConcept: 'ZoneType',
    label: 'resource.zoneType',
    listPath: '/model/zoneType',
    columns: [
      idColumn,
      nameColumn,
      codeColumn,
      { field: 'description', label: 'field.description' },
    ],
    fields: [name, code, description],
  }),
  zoneGroup: def({
    api: 'zoneGroup',
    permission: 'zonegroup',
    concept: 'ZoneGroups',
    oneConcept: 'ZoneGroup',
    label: 'resource.zoneGroup',
    listPath: '/model/zoneGroup',
    card: ['name', 'groupId'],
    columns: [
      idColumn,
      nameColumn,
      { field: 'description', label: 'field.description' },
      { field: 'groupId', label: 'list.site', kind: 'reference', object: 'group' },
    ],
    fields: [name, description],
  }),
  logicalReader: def({
    api: 'logicalReader',
    permission: 'logicalreader',
    concept: 'LogicalReaders',
    oneConcept: 'LogicalReader',
    label: 'resource.logicalReader',
    listPath: '/model/logicalReader',
    card: ['name', 'zoneId', 'groupId'],
    columns: [
      idColumn,
      nameColumn,
      codeColumn,
      { field: 'zoneId', label: 'field.zone', kind: 'reference', object: 'zone', concept: 'Zone' },
      { field: 'groupId', label: 'list.site', kind: 'reference', object: 'group' },
    ],
    fields: [
      name,
      code,
      {
        name: 'zoneId',
        label: 'field.zone',
        kind: 'reference',
        reference: 'zone',
        object: 'zone',
        concept: 'Zone',
      },
      description,
    ],
  }),
  group: def({
    api: 'group',
    permission: 'group',
    concept: 'Groups',
    oneConcept: 'Group',
    label: 'resource.group',
    listPath: '/tenants/group',
    card: ['name', 'code', 'parentId'],
    columns: [
      idColumn,
      nameColumn,
      codeColumn,
      {
        field: 'groupTypeId',
        label: 'field.groupType',
        kind: 'reference',
        object: 'groupType',
        concept: 'GroupType',
      },
      { field: 'treeLevel', label: 'field.sequence' },
      { field: 'creationTime', label: 'field.created', kind: 'datetime' },
      {
        field: 'parentId',
        label: 'field.parent',
        kind: 'reference',
        object: 'parent',
        concept: 'Group',
        path: true,
      },
    ],
    fields: [
      name,
      { ...code, required: true },
      {
        name: 'parentId',
        label: 'field.parent',
        kind: 'reference',
        reference: 'group',
        object: 'parent',
        concept: 'Group',
        required: true,
        createOnly: true,
      },
      {
        name: 'groupTypeId',
        label: 'field.groupType',
        kind: 'reference',
        reference: 'groupType',
        object: 'groupType',
        concept: 'GroupType',
      },
      description,
    ],
  }),
  groupType: def({
    api: 'groupType',
    permission: 'grouptype',
    concept: 'GroupTypes',
    oneConcept: 'GroupType',
    label: 'resource.groupType',
    listPath: '/tenants/groupType',
    columns: [
      idColumn,
      nameColumn,
      codeColumn,
      { field: 'description', label: 'field.description' },
    ],
    fields: [name, code, description],
  }),
  user: def({
    api: 'user',
    permission: 'user',
    concept: 'Users',
    oneConcept: 'User',
    label: 'resource.user',
    listPath: '/tenants/user',
    card: ['username', 'firstName', 'lastName', 'groupId'],
    titleField: 'username',
    columns: [
      idColumn,
      { field: 'username', label: 'field.username' },
      { field: 'firstName', label: 'field.firstName' },
      { field: 'lastName', label: 'field.lastName' },
      { field: 'email', label: 'field.email' },
      {
        field: 'groupId',
        label: 'field.group',
        kind: 'reference',
        object: 'group',
        concept: 'Group',
        path: true,
      },
    ],
    fields: [
      { name: 'username', label: 'field.username', kind: 'text', required: true },
      { name: 'firstName', label: 'field.firstName', kind: 'text' },
      { name: 'lastName', label: 'field.lastName', kind: 'text' },
      { name: 'email', label: 'field.email', kind: 'email' },
      {
        name: 'groupId',
        label: 'field.group',
        kind: 'reference',
        reference: 'group',
        object: 'group',
        concept: 'Group',
        required: true,
      },
      { name: 'roleIds', label: 'field.roles', kind: 'roles' },
      // required on create; on edit an administrator's reset ("New password", empty keeps it)
      { name: 'password', label: 'field.password', kind: 'password', required: true },
    ],
  }),
  role: def({
    api: 'role',
    permission: 'role',
    concept: 'Roles',
    oneConcept: 'Role',
    label: 'resource.role',
    listPath: '/tenants/role',
    card: ['name', 'description'],
    columns: [idColumn, nameColumn, { field: 'description', label: 'field.description' }],
    fields: [
      name,
      description,
      { name: 'permissions', label: 'field.permissions', kind: 'permissions' },
    ],
  }),
  resource: def({
    api: 'resource',
    permission: 'resource',
    concept: 'Resources',
    oneConcept: 'Resource',
    label: 'resource.resource',
    listPath: '/tenants/resource',
    columns: [
      idColumn,
      nameColumn,
      { field: 'label', label: 'field.label' },
      { field: 'typeName', label: 'field.type', kind: 'enum' },
    ],
    fields: [
      name,
      { name: 'label', label: 'field.label', kind: 'text' },
      { name: 'typeName', label: 'field.type', kind: 'select', options: RESOURCE_TYPE_NAMES },
      description,
    ],
  }),
  connection: def({
    api: 'connection',
    permission: 'connection',
    concept: 'Connections',
    oneConcept: 'Connection',
    label: 'resource.connection',
    listPath: '/services/connection',
    columns: [
      idColumn,
      nameColumn,
      codeColumn,
      { field: 'type', label: 'field.type', kind: 'enum' },
    ],
    fields: [
      name,
      code,
      {
        name: 'type',
        label: 'field.type',
        kind: 'select',
        options: CONNECTION_TYPES,
        required: true,
      },
      { name: 'properties', label: 'field.properties', kind: 'json' },
    ],
  }),
  edgebox: def({
    api: 'edgebox',
    permission: 'edgebox',
    concept: 'EdgeBoxes',
    oneConcept: 'EdgeBox',
    label: 'resource.edgebox',
    listPath: '/gateway/edgebox',
    card: ['name', 'type', 'status', 'groupId'],
    columns: [
      idColumn,
      nameColumn,
      codeColumn,
      { field: 'type', label: 'field.type', kind: 'enum' },
      { field: 'status', label: 'field.status', kind: 'enum' },
      { field: 'groupId', label: 'list.site', kind: 'reference', object: 'group' },
    ],
    fields: [
      name,
      code,
      { name: 'type', label: 'field.type', kind: 'select', options: EDGEBOX_TYPES },
      { name: 'status', label: 'field.status', kind: 'select', options: EDGEBOX_STATUSES },
      description,
    ],
  }),
  folder: def({
    api: 'folder',
    permission: 'reportDefinitionfolder',
    concept: 'ReportFolders',
    oneConcept: 'ReportFolder',
    label: 'resource.folder',
    listPath: '/analytics/report',
    columns: [
      idColumn,
      nameColumn,
      { field: 'sequence', label: 'field.sequence' },
      { field: 'lastModificationDate', label: 'field.modified', kind: 'datetime' },
    ],
    fields: [name, { name: 'sequence', label: 'field.sequence', kind: 'number' }],
    createDefaults: { typeElement: REPORT_FOLDER_TYPE },
  }),
  endpoint: def({
    api: 'endpoint',
    permission: 'endpoint',
    concept: 'Endpoints',
    oneConcept: 'Endpoint',
    label: 'resource.endpoint',
    listPath: '/services/endpoint',
    editor: 'page',
    columns: [
      idColumn,
      nameColumn,
      { field: 'url', label: 'field.url' },
      { field: 'enabled', label: 'field.enabled', kind: 'enum' },
    ],
    fields: [
      name,
      { name: 'url', label: 'field.url', kind: 'text', required: true },
      description,
      { name: 'secret', label: 'field.secret', kind: 'secret', required: true },
      { name: 'headers', label: 'field.headers', kind: 'json' },
      { name: 'enabled', label: 'field.enabled', kind: 'flag', initial: 'true' },
    ],
  }),
  subscription: def({
    api: 'subscription',
    permission: 'endpoint',
    concept: 'Subscriptions',
    oneConcept: 'Subscription',
    label: 'resource.subscription',
    listPath: '/services/subscription',
    columns: [
      idColumn,
      nameColumn,
      {
        field: 'endpointId',
        label: 'field.endpoint',
        kind: 'reference',
        object: 'endpoint',
        concept: 'Endpoint',
      },
      { field: 'events', label: 'field.events' },
      { field: 'enabled', label: 'field.enabled', kind: 'enum' },
    ],
    fields: [
      name,
      {
        name: 'endpointId',
        label: 'field.endpoint',
        kind: 'reference',
        reference: 'endpoint',
        object: 'endpoint',
        concept: 'Endpoint',
        required: true,
      },
      { name: 'events', label: 'field.events', kind: 'events', required: true },
      { name: 'enabled', label: 'field.enabled', kind: 'flag', initial: 'true' },
    ],
  }),
  reportDefinition: def({
    api: 'reportDefinition',
    permission: 'report_definition',
    concept: 'Reports',
    oneConcept: 'Report',
    label: 'resource.reportDefinition',
    listPath: '/analytics/report/list',
    detailPath: '/analytics/report/edit',
    newPath: '/analytics/report/create',
    editor: 'page',
    columns: [
      idColumn,
      nameColumn,
      { field: 'reportType', label: 'field.reportType', kind: 'enum' },
      {
        field: 'folderId',
        label: 'field.folder',
        kind: 'reference',
        object: 'folder',
        concept: 'ReportFolder',
      },
      { field: 'lastModificationDate', label: 'field.modified', kind: 'datetime' },
    ],
    fields: [
      name,
      {
        name: 'reportType',
        label: 'field.reportType',
        kind: 'select',
        options: REPORT_TYPES,
        required: true,
      },
      {
        name: 'folderId',
        label: 'field.folder',
        kind: 'reference',
        reference: 'folder',
        object: 'folder',
        concept: 'ReportFolder',
      },
      description,
    ],
  }),
};

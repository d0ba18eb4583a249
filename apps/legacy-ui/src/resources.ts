// The legacy UI's list and form of each resource of core's resource catalog: the catalog gives its
// API path, permission resource, vocabulary concepts, list route, title field and the values a
// select offers; this file adds what only the UI knows (labels, column order, editors).
// resources.test.ts holds every column and field to the catalog.
import { REPORT_FOLDER_TYPE, RESOURCE_CATALOG, enumerationOf } from '@portico/core';
import type { CatalogPath, DeviceKind } from '@portico/core';
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
    | 'events'
    /** A cron expression, with its next runs in the tenant's time zone as one types (edge-fields.tsx). */
    | 'cron'
    /**
     * JSON checked against its kind's schema (a stream app's configuration, a device profile's
     * settings), with that kind's settings listed (edge-fields.tsx).
     */
    | 'appConfig'
    /** Named numbers as rows of name and value (a trained model's metrics: model-fields.tsx). */
    | 'metrics'
    /**
     * A trained model's status: the current one and the moves core allows from it
     * (model-fields.tsx); a new model starts as draft.
     */
    | 'modelStatus';
  /** For `select`: the allowed values (the API's enumerations). */
  options?: readonly string[];
  required?: boolean;
  /** For `reference`: the resource whose rows fill the select (value = row id). */
  reference?: string;
  /** For `reference`: only the rows whose fields hold these values (`{deviceKind: 'reader'}`). */
  only?: Readonly<Record<string, string>>;
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
  /** `metric`: a metrics object shown by its key metric (core's keyMetric: `accuracy 0.94`). */
  kind?: 'text' | 'datetime' | 'reference' | 'enum' | 'metric';
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
   * The record holds values of user-defined attributes (`udfs`): those of the type chosen in
   * reference field `typeField` (a thing's thing type), shown as a section of the form.
   */
  attributes?: { typeField: string };
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

const deviceProfileColumn: ColumnDef = {
  field: 'deviceProfileId',
  label: 'field.deviceProfile',
  kind: 'reference',
  object: 'deviceProfile',
};
/** A device's profile: one of its own kind only (the services refuse another). */
const deviceProfileField = (kind: DeviceKind): FieldDef => ({
  name: 'deviceProfileId',
  label: 'field.deviceProfile',
  kind: 'reference',
  reference: 'deviceProfile',
  object: 'deviceProfile',
  only: { deviceKind: kind },
});

/** The values an enumeration field offers: the catalog's. */
function options(path: CatalogPath, field: string): readonly string[] {
  const values = enumerationOf(path, field);
  if (!values) throw new Error(`${path}.${field} is no enumeration of the resource catalog`);
  return values;
}

type CatalogDerived = 'api' | 'permission' | 'concept' | 'oneConcept' | 'listPath' | 'titleField';

function def(
  path: CatalogPath,
  resource: Omit<ResourceDef, CatalogDerived | 'detailPath' | 'newPath' | 'editor' | 'one'> &
    Partial<Pick<ResourceDef, 'detailPath' | 'newPath' | 'editor'>>,
): ResourceDef {
  const entry = RESOURCE_CATALOG[path];
  const detailPath = resource.detailPath ?? entry.listRoute;
  const one: MessageKey = `one.${path}`;
  return {
    api: path,
    permission: entry.permission,
    concept: entry.concept,
    oneConcept: entry.oneConcept,
    listPath: entry.listRoute,
    titleField: entry.titleField,
    newPath: `${detailPath}/new`,
    editor: 'dialog',
    ...resource,
    one,
    detailPath,
  };
}

/** Every resource page of the legacy UI, keyed by API path. */
export const RESOURCES: Record<string, ResourceDef> = {
  thing: def('thing', {
    label: 'resource.thing',
    attributes: { typeField: 'thingTypeId' },
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
        options: options('thing', 'status'),
        required: true,
      },
    ],
  }),
  thingType: def('thingType', {
    label: 'resource.thingType',
    columns: [
      idColumn,
      nameColumn,
      codeColumn,
      { field: 'description', label: 'field.description' },
    ],
    fields: [name, code, description],
  }),
  zone: def('zone', {
    label: 'resource.zone',
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
  zoneType: def('zoneType', {
    label: 'resource.zoneType',
    columns: [
      idColumn,
      nameColumn,
      codeColumn,
      { field: 'description', label: 'field.description' },
    ],
    fields: [name, code, description],
  }),
  zoneGroup: def('zoneGroup', {
    label: 'resource.zoneGroup',
    card: ['name', 'groupId'],
    columns: [
      idColumn,
      nameColumn,
      { field: 'description', label: 'field.description' },
      { field: 'groupId', label: 'list.site', kind: 'reference', object: 'group' },
    ],
    fields: [name, description],
  }),
  logicalReader: def('logicalReader', {
    label: 'resource.logicalReader',
    card: ['name', 'zoneId', 'groupId'],
    columns: [
      idColumn,
      nameColumn,
      codeColumn,
      { field: 'zoneId', label: 'field.zone', kind: 'reference', object: 'zone', concept: 'Zone' },
      deviceProfileColumn,
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
      deviceProfileField('reader'),
    ],
  }),
  group: def('group', {
    label: 'resource.group',
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
  groupType: def('groupType', {
    label: 'resource.groupType',
    columns: [
      idColumn,
      nameColumn,
      codeColumn,
      { field: 'description', label: 'field.description' },
    ],
    fields: [name, code, description],
  }),
  user: def('user', {
    label: 'resource.user',
    card: ['username', 'firstName', 'lastName', 'groupId'],
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
  role: def('role', {
    label: 'resource.role',
    card: ['name', 'description'],
    columns: [idColumn, nameColumn, { field: 'description', label: 'field.description' }],
    fields: [
      name,
      description,
      { name: 'permissions', label: 'field.permissions', kind: 'permissions' },
    ],
  }),
  resource: def('resource', {
    label: 'resource.resource',
    columns: [
      idColumn,
      nameColumn,
      { field: 'label', label: 'field.label' },
      { field: 'typeName', label: 'field.type', kind: 'enum' },
    ],
    fields: [
      name,
      { name: 'label', label: 'field.label', kind: 'text' },
      {
        name: 'typeName',
        label: 'field.type',
        kind: 'select',
        options: options('resource', 'typeName'),
      },
      description,
    ],
  }),
  connection: def('connection', {
    label: 'resource.connection',
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
        options: options('connection', 'type'),
        required: true,
      },
      { name: 'properties', label: 'field.properties', kind: 'json' },
    ],
  }),
  edgebox: def('edgebox', {
    label: 'resource.edgebox',
    card: ['name', 'type', 'status', 'groupId'],
    columns: [
      idColumn,
      nameColumn,
      codeColumn,
      { field: 'type', label: 'field.type', kind: 'enum' },
      { field: 'status', label: 'field.status', kind: 'enum' },
      deviceProfileColumn,
      { field: 'groupId', label: 'list.site', kind: 'reference', object: 'group' },
    ],
    fields: [
      name,
      code,
      { name: 'type', label: 'field.type', kind: 'select', options: options('edgebox', 'type') },
      {
        name: 'status',
        label: 'field.status',
        kind: 'select',
        options: options('edgebox', 'status'),
      },
      description,
      deviceProfileField('edgebox'),
    ],
  }),
  scheduledRule: def('scheduledRule', {
    label: 'resource.scheduledRule',
    card: ['name', 'cronExpression', 'edgeboxId', 'enabled'],
    columns: [
      idColumn,
      nameColumn,
      { field: 'cronExpression', label: 'field.cronExpression' },
      {
        field: 'edgeboxId',
        label: 'field.edgebox',
        kind: 'reference',
        object: 'edgebox',
        concept: 'EdgeBox',
      },
      { field: 'action', label: 'field.action', kind: 'enum' },
      { field: 'enabled', label: 'field.enabled', kind: 'enum' },
      { field: 'groupId', label: 'list.site', kind: 'reference', object: 'group' },
    ],
    fields: [
      name,
      { name: 'cronExpression', label: 'field.cronExpression', kind: 'cron', required: true },
      {
        name: 'edgeboxId',
        label: 'field.edgebox',
        kind: 'reference',
        reference: 'edgebox',
        object: 'edgebox',
        concept: 'EdgeBox',
        required: true,
      },
      {
        name: 'action',
        label: 'field.action',
        kind: 'select',
        options: options('scheduledRule', 'action'),
        required: true,
      },
      { name: 'enabled', label: 'field.enabled', kind: 'flag', initial: 'true' },
      description,
    ],
  }),
  streamApp: def('streamApp', {
    label: 'resource.streamApp',
    card: ['name', 'appKind', 'edgeboxId', 'reportedState'],
    columns: [
      idColumn,
      nameColumn,
      {
        field: 'edgeboxId',
        label: 'field.edgebox',
        kind: 'reference',
        object: 'edgebox',
        concept: 'EdgeBox',
      },
      { field: 'appKind', label: 'field.appKind', kind: 'enum' },
      { field: 'version', label: 'field.version' },
      { field: 'desiredState', label: 'field.desiredState', kind: 'enum' },
      { field: 'reportedState', label: 'field.reportedState', kind: 'enum' },
      { field: 'reportedAt', label: 'field.reportedAt', kind: 'datetime' },
    ],
    fields: [
      name,
      {
        name: 'edgeboxId',
        label: 'field.edgebox',
        kind: 'reference',
        reference: 'edgebox',
        object: 'edgebox',
        concept: 'EdgeBox',
        required: true,
      },
      {
        name: 'appKind',
        label: 'field.appKind',
        kind: 'select',
        options: options('streamApp', 'appKind'),
        required: true,
      },
      { name: 'version', label: 'field.version', kind: 'text', required: true },
      { name: 'configuration', label: 'field.configuration', kind: 'appConfig' },
      {
        name: 'desiredState',
        label: 'field.desiredState',
        kind: 'select',
        options: options('streamApp', 'desiredState'),
        required: true,
      },
    ],
  }),
  deviceProfile: def('deviceProfile', {
    label: 'resource.deviceProfile',
    // its own page (spec §2's `/tenants/devicesConfiguration/{id}`): the devices using it show there
    editor: 'page',
    card: ['name', 'deviceKind', 'description'],
    columns: [
      idColumn,
      nameColumn,
      { field: 'deviceKind', label: 'field.deviceKind', kind: 'enum' },
      { field: 'groupId', label: 'list.site', kind: 'reference', object: 'group' },
    ],
    fields: [
      name,
      {
        name: 'deviceKind',
        label: 'field.deviceKind',
        kind: 'select',
        options: options('deviceProfile', 'deviceKind'),
        required: true,
      },
      { name: 'settings', label: 'field.settings', kind: 'appConfig' },
      description,
    ],
  }),
  trainedModel: def('trainedModel', {
    label: 'resource.trainedModel',
    card: ['name', 'version', 'status', 'metrics'],
    columns: [
      idColumn,
      nameColumn,
      { field: 'version', label: 'field.modelVersion' },
      {
        field: 'thingTypeId',
        label: 'field.thingType',
        kind: 'reference',
        object: 'thingType',
        concept: 'ThingType',
      },
      { field: 'status', label: 'field.status', kind: 'enum' },
      { field: 'metrics', label: 'field.keyMetric', kind: 'metric' },
      { field: 'uploadedAt', label: 'field.uploadedAt', kind: 'datetime' },
    ],
    fields: [
      name,
      { name: 'version', label: 'field.modelVersion', kind: 'text', required: true },
      {
        name: 'thingTypeId',
        label: 'field.thingType',
        kind: 'reference',
        reference: 'thingType',
        object: 'thingType',
        concept: 'ThingType',
        required: true,
      },
      description,
      { name: 'metrics', label: 'field.metrics', kind: 'metrics' },
      {
        name: 'status',
        label: 'field.status',
        kind: 'modelStatus',
        options: options('trainedModel', 'status'),
        required: true,
        initial: 'draft',
      },
    ],
  }),
  folder: def('folder', {
    label: 'resource.folder',
    columns: [
      idColumn,
      nameColumn,
      { field: 'sequence', label: 'field.sequence' },
      { field: 'lastModificationDate', label: 'field.modified', kind: 'datetime' },
    ],
    fields: [name, { name: 'sequence', label: 'field.sequence', kind: 'number' }],
    createDefaults: { typeElement: REPORT_FOLDER_TYPE },
  }),
  endpoint: def('endpoint', {
    label: 'resource.endpoint',
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
  subscription: def('subscription', {
    label: 'resource.subscription',
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
  reportDefinition: def('reportDefinition', {
    label: 'resource.reportDefinition',
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
        options: options('reportDefinition', 'reportType'),
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

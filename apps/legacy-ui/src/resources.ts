// The legacy UI's list and form of each resource of core's resource catalog, built from it (`def`):
// its API path, permission resource, vocabulary concepts, list route, title field, list columns
// (its listed fields) and form inputs (its writable fields, the input following the field's kind,
// the label `field.<name>`). Each page adds only what the catalog cannot say: a phone card, a Site
// column, a custom input, a label of its own. resources.test.ts holds every page to the catalog.
import {
  CATALOG_ENTRIES,
  REPORT_FOLDER_TYPE,
  RESOURCE_CATALOG,
  enumerationOf,
} from '@portico/core';
import type {
  CatalogEntry,
  CatalogField,
  CatalogFieldKind,
  CatalogPath,
  DeviceKind,
} from '@portico/core';
import { isMessageKey } from './i18n.ts';
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

const idColumn: ColumnDef = { field: 'id', label: 'field.id' };

/** A device's profile: one of its own kind only (the services refuse another). */
const profileOfKind = (kind: DeviceKind): Partial<FieldDef> => ({ only: { deviceKind: kind } });

/** The Site column: every record's own group, as the services resolve it (not a catalog field). */
const siteColumn: ColumnDef = {
  field: 'groupId',
  label: 'list.site',
  kind: 'reference',
  object: 'group',
};

/** The labels the naming rule (`field.<name>`, a reference without its `Id`) does not give. */
const LABEL_ALIASES: Readonly<Record<string, MessageKey>> = {
  creationTime: 'field.created',
  modifiedTime: 'field.modified',
  lastModificationDate: 'field.modified',
};

/** `thingTypeId` → `thingType`, `roleIds` → `roles`: a reference field named by what it refers to. */
function referenceName(fieldName: string): string {
  return fieldName.replace(/Ids$/, 's').replace(/Id$/, '');
}

/**
 * A field's label: `field.<name>`, a reference by what it refers to (`field.thingType`); `def`
 * checks that the locales have it.
 */
function labelOf(fieldName: string): MessageKey {
  return LABEL_ALIASES[fieldName] ?? (`field.${referenceName(fieldName)}` as MessageKey);
}

/** A label the locales do not have stops the page from being built. */
function requireLabel(path: string, what: { readonly label: string }): void {
  if (!isMessageKey(what.label)) throw new Error(`${path}: add ${what.label} to the locales`);
}

/** The values an enumeration field offers: the catalog's. */
function options(path: CatalogPath, field: string): readonly string[] {
  const values = enumerationOf(path, field);
  if (!values) throw new Error(`${path}.${field} is no enumeration of the resource catalog`);
  return values;
}

/** What a reference names: the resolved object's key, the target's concept, a group's path. */
function referenceParts(fieldName: string, field: CatalogField) {
  const target = RESOURCE_CATALOG[field.reference as CatalogPath];
  return {
    object: referenceName(fieldName),
    concept: target.oneConcept,
    ...(field.reference === 'group' ? { path: true } : {}),
  };
}

/** A list column of a catalog field. */
function catalogColumn(fieldName: string, field: CatalogField): ColumnDef {
  const column: ColumnDef = { field: fieldName, label: labelOf(fieldName) };
  if (field.kind === 'time') return { ...column, kind: 'datetime' };
  if (field.kind === 'enumeration' || field.kind === 'boolean') return { ...column, kind: 'enum' };
  if (field.kind === 'reference') {
    const { path, ...parts } = referenceParts(fieldName, field);
    return { ...column, kind: 'reference', ...parts, ...(path ? { path } : {}) };
  }
  return column;
}

/** The input of each catalog kind a form shows (an outline is drawn in the zone builder: none). */
const INPUT: Readonly<Record<CatalogFieldKind, FieldDef['kind'] | undefined>> = {
  text: 'text',
  longText: 'textarea',
  email: 'email',
  password: 'password',
  color: 'color',
  integer: 'number',
  boolean: 'flag',
  time: undefined,
  enumeration: 'select',
  reference: 'reference',
  references: 'roles',
  permissions: 'permissions',
  json: 'json',
  events: 'events',
  outline: undefined,
};

/** A form input of a writable catalog field (undefined for a kind no form shows). */
function catalogInput(
  path: CatalogPath,
  fieldName: string,
  field: CatalogField,
): FieldDef | undefined {
  const kind = INPUT[field.kind];
  if (kind === undefined || field.readOnly) return undefined;
  const input: FieldDef = { name: fieldName, label: labelOf(fieldName), kind };
  if (field.required) input.required = true;
  if (kind === 'select') input.options = options(path, fieldName);
  if (kind === 'reference') {
    const { object, concept } = referenceParts(fieldName, field);
    Object.assign(input, { reference: field.reference, object, concept });
  }
  if (kind === 'flag' && field.default === true) input.initial = 'true';
  return input;
}

type CatalogDerived = 'api' | 'permission' | 'concept' | 'oneConcept' | 'listPath' | 'titleField';

/** What a page says beyond its catalog entry. */
type PageOptions = Omit<
  ResourceDef,
  CatalogDerived | 'detailPath' | 'newPath' | 'editor' | 'one' | 'label' | 'columns' | 'fields'
> &
  Partial<Pick<ResourceDef, 'detailPath' | 'newPath' | 'editor' | 'label'>> & {
    /** The Site column, last. */
    site?: boolean;
    /** Explicit columns instead of the catalog's (`id` first, then its listed fields). */
    columns?: ColumnDef[];
    /** Explicit form fields instead of the catalog's (its writable fields, in order). */
    fields?: FieldDef[];
    /** What the catalog cannot say of a column: its label, a path. */
    column?: Readonly<Record<string, Partial<ColumnDef>>>;
    /** What the catalog cannot say of an input: a custom input, a label, `only`, `createOnly`. */
    field?: Readonly<Record<string, Partial<FieldDef>>>;
    /** The form's fields in their order, where it is not the catalog's. */
    form?: readonly string[];
  };

/**
 * A page of a catalog resource: its list's columns are the `id`, the catalog's listed fields (in the
 * entry's `columns` order, else the fields') and the Site column where asked; its form's inputs are
 * the writable fields, each input following the field's kind. `column` and `field` override what
 * the catalog cannot say; explicit `columns` and `fields` replace the generated ones.
 */
function def(path: CatalogPath, page: PageOptions): ResourceDef {
  const entry: CatalogEntry = RESOURCE_CATALOG[path];
  const { site, column = {}, field = {}, form, ...resource } = page;
  for (const fieldName of [...Object.keys(column), ...Object.keys(field), ...(form ?? [])])
    if (!Object.hasOwn(entry.fields, fieldName))
      throw new Error(`${path}.${fieldName} is not a catalog field`);
  const listed =
    entry.columns ?? Object.keys(entry.fields).filter((name) => entry.fields[name]?.list);
  const columns = resource.columns ?? [
    idColumn,
    ...listed.map((name) => ({ ...catalogColumn(name, entry.fields[name]!), ...column[name] })),
    ...(site ? [siteColumn] : []),
  ];
  const fields =
    resource.fields ??
    (form ?? Object.keys(entry.fields)).flatMap((name) => {
      const input = catalogInput(path, name, entry.fields[name]!);
      return input ? [{ ...input, ...field[name] }] : [];
    });
  for (const labelled of [...columns, ...fields]) requireLabel(path, labelled);
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
    label: `resource.${path}`,
    ...resource,
    columns,
    fields,
    one,
    detailPath,
  };
}

/** The pages that say more than their catalog entry. */
const DEFINED: Record<string, ResourceDef> = {
  thing: def('thing', {
    attributes: { typeField: 'thingTypeId' },
    card: ['name', 'serial', 'thingTypeId', 'status', 'groupId'],
    site: true,
    field: { status: { required: true } },
  }),
  thingType: def('thingType', {}),
  zone: def('zone', { card: ['name', 'zoneTypeId', 'groupId'], site: true }),
  zoneType: def('zoneType', {}),
  zoneGroup: def('zoneGroup', { card: ['name', 'groupId'], site: true }),
  logicalReader: def('logicalReader', {
    card: ['name', 'zoneId', 'groupId'],
    site: true,
    field: { deviceProfileId: profileOfKind('reader') },
  }),
  group: def('group', {
    card: ['name', 'code', 'parentId'],
    column: { treeLevel: { label: 'field.sequence' } },
    // a group does not move: its parent is chosen on create
    field: { parentId: { createOnly: true } },
  }),
  groupType: def('groupType', {}),
  // its password: required on create; on edit an administrator's reset ("New password", empty
  // keeps it)
  user: def('user', { card: ['username', 'firstName', 'lastName', 'groupId'] }),
  role: def('role', { card: ['name', 'description'] }),
  resource: def('resource', {
    column: { typeName: { label: 'field.type' } },
    field: { typeName: { label: 'field.type' } },
  }),
  connection: def('connection', {}),
  edgebox: def('edgebox', {
    card: ['name', 'type', 'status', 'groupId'],
    site: true,
    field: { deviceProfileId: profileOfKind('edgebox') },
  }),
  scheduledRule: def('scheduledRule', {
    card: ['name', 'cronExpression', 'edgeboxId', 'enabled'],
    site: true,
    field: { cronExpression: { kind: 'cron' } },
  }),
  streamApp: def('streamApp', {
    card: ['name', 'appKind', 'edgeboxId', 'reportedState'],
    field: { configuration: { kind: 'appConfig' }, desiredState: { required: true } },
  }),
  deviceProfile: def('deviceProfile', {
    // its own page (spec §2's `/tenants/devicesConfiguration/{id}`): the devices using it show there
    editor: 'page',
    card: ['name', 'deviceKind', 'description'],
    site: true,
    field: { settings: { kind: 'appConfig' } },
  }),
  trainedModel: def('trainedModel', {
    card: ['name', 'version', 'status', 'metrics'],
    column: {
      version: { label: 'field.modelVersion' },
      metrics: { label: 'field.keyMetric', kind: 'metric' },
    },
    field: {
      version: { label: 'field.modelVersion' },
      metrics: { kind: 'metrics' },
      status: { kind: 'modelStatus', required: true, initial: 'draft' },
    },
    form: ['name', 'version', 'thingTypeId', 'description', 'metrics', 'status'],
  }),
  folder: def('folder', { createDefaults: { typeElement: REPORT_FOLDER_TYPE } }),
  endpoint: def('endpoint', { editor: 'page', field: { secret: { kind: 'secret' } } }),
  subscription: def('subscription', {}),
  reportDefinition: def('reportDefinition', {
    detailPath: '/analytics/report/edit',
    newPath: '/analytics/report/create',
    editor: 'page',
    form: ['name', 'reportType', 'folderId', 'description'],
    field: { reportType: { required: true } },
  }),
};

/**
 * Every resource page of the legacy UI, keyed by API path: a plain catalog resource has its page
 * from its entry alone.
 */
export const RESOURCES: Record<string, ResourceDef> = {
  ...DEFINED,
  ...Object.fromEntries(
    CATALOG_ENTRIES.filter((entry) => !Object.hasOwn(DEFINED, entry.path)).map((entry) => [
      entry.path,
      def(entry.path as CatalogPath, {}),
    ]),
  ),
};

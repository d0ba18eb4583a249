// Table shapes of the services database. Column names are the API's camelCase field names: Kysely
// quotes every identifier, so the same names work on SQLite and PostgreSQL.
import type { Generated } from 'kysely';
import type {
  AuditAct,
  ImportJobCounts,
  ImportJobState,
  LocalMapDescription,
  WebhookAttempt,
} from '@portico/core';

/** 0 / 1: SQLite has no boolean type, so both dialects store flags as integers. */
export type Flag = number;

export interface GroupTable {
  id: Generated<number>;
  parentId: number | null;
  groupTypeId: number | null;
  name: string;
  code: string;
  description: string;
  hierarchyCode: string;
  fqnBase: string;
  treeLevel: number;
  archived: Flag;
  createdBy: string;
  creationTime: number;
}

/** The columns a group type and a thing type share: a tenant's named, coded kind. */
interface KindColumns {
  id: Generated<number>;
  groupId: number;
  name: string;
  code: string;
  description: string;
  archived: Flag;
  creationTime: number;
}

export interface GroupTypeTable extends KindColumns {
  createdBy: string;
}

export interface FieldTable {
  id: Generated<number>;
  ownerId: number;
  name: string;
  value: string;
}

export interface UserTable {
  id: Generated<number>;
  groupId: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  apiKeyHash: string | null;
  roleIds: string;
  archived: Flag;
  passwordExpirationTime: number | null;
  displayPasswordExpirationTime: Flag;
  createdBy: string;
  creationTime: number;
  /** The platform's weekly shift: minutes of the day (0–1439) per weekday, start ≤ end; null = none. */
  mondayStart: Generated<number | null>;
  mondayEnd: Generated<number | null>;
  tuesdayStart: Generated<number | null>;
  tuesdayEnd: Generated<number | null>;
  wednesdayStart: Generated<number | null>;
  wednesdayEnd: Generated<number | null>;
  thursdayStart: Generated<number | null>;
  thursdayEnd: Generated<number | null>;
  fridayStart: Generated<number | null>;
  fridayEnd: Generated<number | null>;
  saturdayStart: Generated<number | null>;
  saturdayEnd: Generated<number | null>;
  sundayStart: Generated<number | null>;
  sundayEnd: Generated<number | null>;
}

export interface RoleTable {
  id: Generated<number>;
  groupId: number;
  name: string;
  description: string;
  permissions: string;
  archived: Flag;
  creationTime: number;
}

/** The bookkeeping column of a table whose unique fields are unique per tenant. */
export interface UniqueScoped {
  /** The tenant its unique fields are unique in (db/unique-fields.ts); null until it is known. */
  uniqueScope: Generated<number | null>;
}

/** The bookkeeping column of a table whose rows are deleted softly. */
export interface SoftDeleted {
  /** When it was deleted (restorable for a while, then purged: db/soft-delete-tables.ts); null while live. */
  deletedAt: Generated<number | null>;
}

export interface ResourceTable extends SoftDeleted {
  id: Generated<number>;
  groupId: number;
  name: string;
  label: string;
  description: string;
  typeName: string;
  acceptedAttributes: string;
}

export interface SessionTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  createdAt: number;
  lastUsedAt: number;
  timeoutMs: number;
  /** The API key a `POST /user/login {apiKey}` session was opened with: it carries that key's scope. */
  apiKeyId: number | null;
}

/** A personal API key (migration 0010): the key itself is never stored, only its SHA-256. */
export interface ApiKeyTable {
  id: Generated<number>;
  userId: number;
  /** The owner's tenant (tree-level-2 group) when created; null for a root user. */
  tenantId: number | null;
  name: string;
  /** The first characters of the key, shown so its owner can tell keys apart. */
  prefix: string;
  keyHash: string;
  /** JSON list of permission strings: a subset of the owner's, re-checked at each use. */
  permissions: string;
  createdAt: number;
  expiresAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  revokedBy: number | null;
}

export interface ThingTypeTable extends KindColumns, UniqueScoped, SoftDeleted {
  /** The platform's flag: things of this type may be created by the edge on an unknown serial. */
  autoCreate: Generated<Flag>;
}

export interface ThingTable extends UniqueScoped, SoftDeleted {
  id: Generated<number>;
  groupId: number;
  thingTypeId: number;
  zoneId: number | null;
  name: string;
  serial: string;
  status: string;
  /** The platform's `activated` flag (POST /thing/{id}/activate, /deactivate). */
  activated: Generated<Flag>;
  /** The parent thing (the platform's two levels: a parent has no parent). */
  parentId: Generated<number | null>;
  /** JSON: its attribute values, `{name: value}` (core's thing-attributes.ts). */
  udfs: Generated<string>;
  creationTime: number;
  modifiedTime: number;
}

export interface ZoneTypeTable extends UniqueScoped, SoftDeleted {
  id: Generated<number>;
  groupId: number;
  name: string;
  code: string;
  description: string;
}

export interface ZoneGroupTable extends SoftDeleted {
  id: Generated<number>;
  groupId: number;
  name: string;
  description: string;
}

/** A site-level group's details (0023): address, time zone, working hours (JSON). */
export interface SiteTable {
  id: Generated<number>;
  groupId: number;
  tenantId: number | null;
  street: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** An IANA zone. */
  timeZone: string;
  /** JSON: core's `WorkingHours` (per weekday `{open, close}` or null). */
  workingHours: string;
  modifiedAt: number;
}

/** A site's local map (0023): the image (a blob, never sent whole in a list) and its description. */
export interface LocalMapTable extends LocalMapDescription {
  id: Generated<number>;
  groupId: number;
  tenantId: number | null;
  image: Uint8Array;
  modifiedAt: number;
}

export interface ZoneTable extends UniqueScoped, SoftDeleted {
  id: Generated<number>;
  groupId: number;
  zoneTypeId: number;
  zoneGroupId: number | null;
  name: string;
  code: string;
  description: string;
  color: string;
  /** JSON: its outline on the local map, `[{x, y}, …]` (core's zone-outline.ts); `[]` when not drawn. */
  points: Generated<string>;
}

export interface LogicalReaderTable extends UniqueScoped, SoftDeleted {
  id: Generated<number>;
  groupId: number;
  zoneId: number | null;
  name: string;
  code: string;
  description: string;
  /** Its device profile (a `reader` one); null: none. */
  deviceProfileId: number | null;
}

export interface ConnectionTable extends UniqueScoped, SoftDeleted {
  id: Generated<number>;
  groupId: number;
  name: string;
  code: string;
  type: string;
  properties: string;
}

export interface EdgeboxTable extends UniqueScoped, SoftDeleted {
  id: Generated<number>;
  groupId: number;
  name: string;
  code: string;
  type: string;
  description: string;
  status: string;
  /** Its device profile (an `edgebox` one); null: none. */
  deviceProfileId: number | null;
}

export interface ScheduledRuleTable {
  id: Generated<number>;
  groupId: number;
  name: string;
  /** A cron expression (core's schedule.ts), read in the tenant's time zone. */
  cronExpression: string;
  edgeboxId: number;
  /** One of core's SCHEDULED_RULE_ACTIONS. */
  action: string;
  enabled: number;
  description: string;
}

/** A thing type's attribute (the platform's ThingTypeField; core's thing-attributes.ts). */
export interface ThingTypeFieldTable {
  id: Generated<number>;
  thingTypeId: number;
  /** The thing type's group. */
  groupId: number;
  /** The attribute's code: the key of its value in a thing's `udfs`. */
  name: string;
  /** JSON: a plain label or one per language. */
  label: string;
  /** One of core's ATTRIBUTE_DATA_TYPES. */
  dataType: string;
  unit: string;
  symbol: string;
  required: Flag;
  /** JSON list of the values an ENUMERATION allows. */
  allowedValues: string;
  minimum: number | null;
  maximum: number | null;
  maxLength: number | null;
  /** JSON of the typed default, or null. */
  defaultValue: string | null;
  position: number;
  creationTime: number;
}

export interface DeviceProfileTable {
  id: Generated<number>;
  groupId: number;
  name: string;
  /** One of core's DEVICE_KINDS: `reader` or `edgebox`. */
  deviceKind: string;
  /** JSON: the settings, valid against its kind's schema (core's device-profiles.ts). */
  settings: string;
  description: string;
}

export interface TrainedModelTable {
  id: Generated<number>;
  groupId: number;
  name: string;
  /** A semantic version (core's trained-models.ts); unique with the name in the tenant. */
  version: string;
  description: string;
  thingTypeId: number;
  /** JSON: named numbers (core's metricsProblem). */
  metrics: string;
  /** One of core's TRAINED_MODEL_STATUSES, moved along TRAINED_MODEL_TRANSITIONS. */
  status: string;
  /** The uploaded file ('' and 0 until one is): its name, size, type and SHA-256 (hex). */
  fileName: string;
  fileSize: number;
  fileContentType: string;
  fileChecksum: string;
  /** The upload whose chunks (trainedModelChunks.upload) hold the file; '' for none. */
  fileUpload: string;
  /** Who uploaded the file (username) and when; '' and null until one is. */
  uploadedBy: string;
  uploadedAt: number | null;
}

/** A trained model's file, in chunks of at most 256 KiB, by upload (a replaced file's go with it). */
export interface TrainedModelChunkTable {
  id: Generated<number>;
  modelId: number;
  upload: string;
  seq: number;
  content: Uint8Array;
}

export interface StreamAppTable {
  id: Generated<number>;
  groupId: number;
  name: string;
  edgeboxId: number;
  /** One of core's STREAM_APP_KINDS. */
  appKind: string;
  version: string;
  /** JSON: the configuration, valid against its kind's schema (core's stream-apps.ts). */
  configuration: string;
  /** `running` or `stopped`: what the edge box is asked to do. */
  desiredState: string;
  /** What the edge box last reported (`unknown` until it reports). */
  reportedState: string;
  reportedAt: number | null;
}

export interface FolderTable extends SoftDeleted {
  id: Generated<number>;
  groupId: number;
  name: string;
  typeElement: string;
  sequence: number;
  createdByUserId: number | null;
  creationDate: number;
  lastModificationDate: number;
}

export interface ReportDefinitionTable extends SoftDeleted {
  id: Generated<number>;
  groupId: number;
  folderId: number | null;
  name: string;
  description: string;
  reportType: string;
  /** The resource it lists (core's REPORTABLE_RESOURCES) and, as JSON text, its query (core's report-definition.ts). */
  resource: Generated<string>;
  reportProperty: Generated<string>;
  reportFilter: Generated<string>;
  reportGroupBy: Generated<string>;
  sortBy: string | null;
  createdByUserId: number | null;
  creationDate: number;
  lastModificationDate: number;
}

export interface AnalyticsEventTable {
  id: Generated<number>;
  event: string;
  distinctId: string;
  /** The capturing session's tenant (or root) group; null when captured without a session. */
  groupId: number | null;
  /** That group's name when captured (informative only: it scopes nothing). */
  tenant: string | null;
  properties: string;
  timestamp: string;
  receivedAt: number;
}

export interface LoginAttemptTable {
  key: string;
  attempts: number;
  lastAt: number;
  blockedUntil: number;
  nonce: string;
}

/**
 * One append-only audit entry: who did what to which record, when, from where, and each changed
 * field's before and after (secrets only as changed). Written in the same transaction as the change.
 */
export interface AuditEntryTable extends AuditAct {
  id: Generated<number>;
  /** Milliseconds since the epoch. */
  at: number;
  /** The tenant (tree-level-2 group) the entry belongs to; null: the root level, read by root only. */
  tenantId: number | null;
  actorId: number | null;
  /** The actor's username then (or the name a failed sign-in tried). */
  actorName: string;
  /** JSON: `[{ field, before?, after? }]`. */
  changes: string;
  /** The API key the request was authenticated with; null for a password session. */
  apiKeyId: number | null;
}

export interface WebhookEndpointTable {
  id: Generated<number>;
  groupId: number;
  name: string;
  url: string;
  /** The HMAC key deliveries are signed with: write-only through the API. */
  secret: string;
  description: string;
  /** JSON: extra request headers, `{ name: value }`. */
  headers: string;
  enabled: number;
}

export interface WebhookSubscriptionTable {
  id: Generated<number>;
  groupId: number;
  /** The tenant of `groupId`, set on every write; null: the root level. */
  tenantId: number | null;
  name: string;
  endpointId: number;
  /** JSON: the event types (`zone.created`, `session.login.failed`, …). */
  events: string;
  enabled: number;
}

export interface WebhookOutboxTable {
  id: Generated<number>;
  endpointId: number;
  tenantId: number | null;
  event: string;
  /** JSON: the body delivered. */
  payload: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  /** A dispatcher holds the row until then (0: free). */
  lockedUntil: number;
  state: 'pending' | 'delivered' | 'failed';
}

export interface WebhookDeliveryTable extends WebhookAttempt {
  id: Generated<number>;
  outboxId: number;
  endpointId: number;
  tenantId: number | null;
  event: string;
  at: number;
}

export interface RetentionPolicyTable {
  id: Generated<number>;
  /** The tenant's group, or the root group for the root level. */
  scopeGroupId: number;
  kind: string;
  maxAgeDays: number;
  modifiedAt: number;
}

export interface RetentionRunTable {
  id: Generated<number>;
  scopeGroupId: number;
  at: number;
  trigger: 'manual' | 'scheduled' | 'dryRun';
  actorName: string;
  /** JSON: `{ kind: rows purged (or that would be) }`. */
  counts: string;
  durationMs: number;
}

/** A license root generated (issuedLicenses) or a tenant installed (installedLicenses: one per tenant). */
export interface LicenseTable {
  id: Generated<number>;
  /** The tenant's group (tree level 2). */
  tenantId: number;
  /** The payload's `id`. */
  licenseId: string;
  /** The signed payload JSON (core's canonicalLicenseJson). */
  payload: string;
  /** The portable license text. */
  text: string;
  expiresAt: number;
  /** When it was generated or installed, and by whom. */
  at: number;
  actorName: string;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** Every table, by name. */
export interface ImportJobTable extends ImportJobCounts {
  id: Generated<number>;
  /** Whose job: the tenant's group (root: the root group). */
  scopeGroupId: number;
  tenantId: number | null;
  /** The group a row without a `group` column is created in (the uploader's). */
  groupId: number;
  resource: string;
  fileName: string;
  state: ImportJobState;
  actorId: number;
  actorName: string;
  fileBytes: number;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  durationMs: number | null;
  /** Why the job failed or was cancelled. */
  message: string;
  cancelRequested: number;
  /** JSON: the first rows as they would be written. */
  preview: string;
  /** JSON: the first problems, each with its line and column. */
  problems: string;
}

export interface ImportJobChunkTable {
  id: Generated<number>;
  jobId: number;
  kind: 'file' | 'errors';
  seq: number;
  content: string;
}

export interface ConfigVersionTable {
  id: Generated<number>;
  /** Whose configuration: the tenant's group (root: the root group). */
  scopeGroupId: number;
  tenantId: number | null;
  note: string;
  actorId: number | null;
  actorName: string;
  at: number;
  /** JSON: the snapshot's content (@portico/core SnapshotContent). */
  content: string;
}

export interface Database {
  groups: GroupTable;
  groupTypes: GroupTypeTable;
  groupFields: FieldTable;
  users: UserTable;
  userFields: FieldTable;
  roles: RoleTable;
  resources: ResourceTable;
  sessions: SessionTable;
  thingTypes: ThingTypeTable;
  things: ThingTable;
  zoneTypes: ZoneTypeTable;
  zoneGroups: ZoneGroupTable;
  zones: ZoneTable;
  logicalReaders: LogicalReaderTable;
  connections: ConnectionTable;
  edgeboxes: EdgeboxTable;
  scheduledRules: ScheduledRuleTable;
  streamApps: StreamAppTable;
  deviceProfiles: DeviceProfileTable;
  thingTypeFields: ThingTypeFieldTable;
  trainedModels: TrainedModelTable;
  trainedModelChunks: TrainedModelChunkTable;
  folders: FolderTable;
  reportDefinitions: ReportDefinitionTable;
  analyticsEvents: AnalyticsEventTable;
  loginAttempts: LoginAttemptTable;
  auditEntries: AuditEntryTable;
  webhookEndpoints: WebhookEndpointTable;
  webhookSubscriptions: WebhookSubscriptionTable;
  webhookOutbox: WebhookOutboxTable;
  webhookDeliveries: WebhookDeliveryTable;
  retentionPolicies: RetentionPolicyTable;
  retentionRuns: RetentionRunTable;
  importJobs: ImportJobTable;
  importJobChunks: ImportJobChunkTable;
  apiKeys: ApiKeyTable;
  issuedLicenses: LicenseTable;
  installedLicenses: LicenseTable;
  configVersions: ConfigVersionTable;
  sites: SiteTable;
  localMaps: LocalMapTable;
  meta: MetaTable;
}

// The JSON shapes the services send, written once: the services' presenters return them (so the
// compiler holds the services to them), the legacy UI and the tests read them. Types only. A
// database row that stores the same fields differently (epoch numbers for ISO strings, a blob)
// extends the part it shares rather than naming those fields again.
import type { SnapshotContent } from './config-versions.ts';
import type { ImportProblem } from './csv-import.ts';
import type { LicensePayload, LicenseUsage } from './license.ts';
import type { MapPlacement, SiteAddress, WorkingHours } from './sites.ts';
import type { AttributeDefinition } from './thing-attributes.ts';

/** What a bulk action (`POST /{resource}/bulk`) does to the records it names or matches. */
export type BulkAction = 'delete' | 'update' | 'restore';

/** A record a bulk action left alone, and why. */
export interface BulkFailure {
  id: number;
  /** Null when the caller may not read the record (whether it exists is not told). */
  name: string | null;
  status: number;
  error: string;
  /** A delete refused because other records still point at this one. */
  usedBy?: { resource: string; count: number };
}

/** The services' answer to a bulk action: what was done, what was not and why. */
export interface BulkResult {
  action: BulkAction;
  /** How many records the request named or matched. */
  total: number;
  done: Array<{ id: number; name: string }>;
  failed: BulkFailure[];
  /** After a soft delete: until when (epoch ms) `restore` can bring the records back. */
  restorableUntil?: number;
}

/** A site's local map as stored and described, but for when it changed and where its image is. */
export interface LocalMapDescription extends MapPlacement {
  name: string;
  /** image/png | image/jpeg | image/webp, read from the file's bytes. */
  imageType: string;
  imageBytes: number;
  /** SHA-256 of the image, hex: its ETag and its audit record. */
  imageChecksum: string;
  pixelWidth: number;
  pixelHeight: number;
}

/** A site's local map, as described (the image itself at `imagePath`). */
export interface SiteMap extends LocalMapDescription {
  id: number;
  /** ISO 8601. */
  modifiedAt: string;
  imagePath: string;
}

/** A site in the sites list (`GET /site`): a site-level group and its address ('' until set). */
export interface SiteSummary extends SiteAddress {
  id: number;
  name: string;
  code: string;
  /** False for a site-level group whose details were never saved. */
  configured: boolean;
  timeZone: string;
  hasMap: boolean;
}

/** A site with everything its edit page shows (`GET /site/{id}`). */
export interface SiteDetails {
  id: number;
  name: string;
  code: string;
  description: string;
  configured: boolean;
  address: SiteAddress;
  timeZone: string;
  workingHours: WorkingHours;
  /** ISO 8601; null until the details are first saved. */
  modifiedAt: string | null;
  map: SiteMap | null;
}

export type ImportJobState = 'checked' | 'invalid' | 'running' | 'done' | 'failed' | 'cancelled';

/** An import job's counts: rows in the file, rows at fault, and what a run would do and did. */
export interface ImportJobCounts {
  totalRows: number;
  errorRows: number;
  toCreate: number;
  toUpdate: number;
  created: number;
  updated: number;
  processed: number;
}

/** A row of a file as it would be written. */
export interface ImportPreviewRow {
  line: number;
  action: 'create' | 'update';
  /** The row's cells as they would be written, by column (a reference by the code given). */
  values: Record<string, string>;
}

/** A CSV import job (`/importJob`). */
export interface ImportJob extends ImportJobCounts {
  id: number;
  resource: string;
  fileName: string;
  state: ImportJobState;
  actorName: string;
  cancelling: boolean;
  fileBytes: number;
  createdAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  message: string;
  hasErrorFile: boolean;
  /** A confirm would run it: checked, or failed with nothing at fault in the file (interrupted). */
  runnable: boolean;
  /** Only when one job is read, not in a list. */
  preview?: ImportPreviewRow[];
  problems?: ImportProblem[];
}

export type WebhookOutcome = 'delivered' | 'retrying' | 'failed';

/** What one attempt to deliver a webhook event came to. */
export interface WebhookAttempt {
  attempt: number;
  /** The HTTP status answered; 0 when none came. */
  status: number;
  durationMs: number;
  outcome: WebhookOutcome;
  responseExcerpt: string;
  error: string;
}

/** One attempt to deliver a webhook event, as an endpoint's delivery list shows it. */
export interface WebhookDelivery extends WebhookAttempt {
  id: number;
  deliveryId: number;
  event: string;
  /** ISO 8601. */
  at: string;
}

/** One field's change; a missing side did not exist (a create has no before, a delete no after). */
export interface AuditFieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

/** What an audit entry says was done, from where, to which record. */
export interface AuditAct {
  address: string;
  requestId: string;
  action: string;
  resource: string;
  recordId: number | null;
  recordName: string;
}

/** One audit entry as `GET /auditEntry` answers it. */
export interface AuditEntry extends AuditAct {
  id: number;
  /** ISO 8601, and `time` the same in milliseconds since the epoch. */
  at: string;
  time: number;
  /** The tenant the entry belongs to; null: the root level. */
  tenantId: number | null;
  /** The actor then (or the name a failed sign-in tried). */
  user: { id: number | null; username: string };
  changes: AuditFieldChange[];
  /** The API key the request was authenticated with; null for a password session. */
  apiKeyId: number | null;
}

/** A thing type's attribute, as `/thingType/{id}/fields` answers it. */
export interface ThingTypeField extends AttributeDefinition {
  readonly id: number;
  readonly thingTypeId: number;
  readonly position: number;
  /** Milliseconds since the epoch. */
  readonly creationTime: number;
}

/** A configuration snapshot: who took it, when and why, and how many records of each kind. */
export interface ConfigVersion {
  id: number;
  note: string;
  /** Whose configuration; null: the root level's. */
  tenantId: number | null;
  actorName: string;
  /** ISO 8601. */
  at: string;
  /** Records of each versioned kind, by kind. */
  counts: Record<string, number>;
  /** Only when one snapshot is read. */
  content?: SnapshotContent;
}

/** A license as generated or installed: its payload, whether it is in force, when and by whom. */
export interface LicenseInfo extends LicensePayload {
  status: 'valid' | 'expired';
  /** ISO 8601. */
  at: string;
  actorName: string;
  /** Generated licenses only: the signed text to hand over. */
  text?: string;
}

/** `GET /license`: the tenant, its installed license (null: no limits) and each limit's use. */
export interface LicenseState {
  tenant: { id: number; name: string };
  license: LicenseInfo | null;
  usage: LicenseUsage[];
}

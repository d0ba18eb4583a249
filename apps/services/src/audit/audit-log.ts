// The audit trail's write side: every write through the API appends one entry, with the same
// `writer` (the transaction) as the change itself, so the change and its entry commit together or
// not at all. Entries are never updated or deleted through the API. Secrets (password hashes, API
// key and token hashes) are never stored: a changed secret shows as changed, nothing more.
import type { Kysely } from 'kysely';
import type { AuditFieldChange } from '@portico/core';
import type { Database } from '../db/schema.ts';
import type { AuditedResource } from '@portico/core';
import { enqueueWebhooks } from '../webhooks/webhook-outbox.ts';

/** What an entry says was done. */
export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  /** A deleted record brought back within its undo window. */
  | 'restore'
  | 'login'
  | 'login.failed'
  | 'logout'
  | 'field.set'
  | 'field.remove'
  | 'test'
  | 'retry'
  | 'purge'
  /** A CSV import job (its rows have entries of their own). */
  | 'import';

/** Where the request came from. */
export interface AuditOrigin {
  address: string;
  requestId: string;
  /** The API key the request was authenticated with, if it was. */
  apiKeyId?: number | null;
}

export interface AuditEntryInput {
  action: AuditAction;
  /** The API resource (`zone`, `user`, …), or a record outside the catalog (`session` for sign-ins). */
  resource: AuditedResource;
  recordId?: number | null;
  recordName?: string;
  tenantId: number | null;
  actorId: number | null;
  actorName: string;
  changes?: readonly AuditFieldChange[];
}

/** An entry's actor: the signed-in user the request runs as. */
export function auditActor(caller: {
  user: { id: number; username: string };
}): Pick<AuditEntryInput, 'actorId' | 'actorName'> {
  return { actorId: caller.user.id, actorName: caller.user.username };
}

/** What a secret's value is shown as. */
export const SECRET_VALUE = '(secret)';

const SECRET_FIELD = /password|secret|hash|apikey|token|salt/i;
/** Bookkeeping columns no person changes. */
const BOOKKEEPING = new Set(['uniqueScope']);

function shown(field: string, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (SECRET_FIELD.test(field)) return value === null || value === '' ? null : SECRET_VALUE;
  return typeof value === 'bigint' ? Number(value) : value;
}

function same(a: unknown, b: unknown): boolean {
  // numbers may come back as strings (bigint columns on PostgreSQL)
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  return String(a) === String(b);
}

/**
 * The field-level difference of two rows (before a write and after it), secrets redacted, the
 * columns in `ignore` (a row's modification time, say) left out.
 */
export function fieldChanges(
  before: Readonly<Record<string, unknown>> | undefined,
  after: Readonly<Record<string, unknown>> | undefined,
  ignore: ReadonlySet<string> = new Set(),
): AuditFieldChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditFieldChange[] = [];
  for (const field of [...fields].sort()) {
    if (field === 'id' || BOOKKEEPING.has(field) || ignore.has(field)) continue;
    const old = before?.[field];
    const now = after?.[field];
    if (before && after && same(old, now)) continue;
    if (!before && (now === null || now === '' || now === undefined)) continue;
    if (!after && (old === null || old === '' || old === undefined)) continue;
    const change: AuditFieldChange = { field };
    if (before) change.before = shown(field, old ?? null);
    if (after) change.after = shown(field, now ?? null);
    changes.push(change);
  }
  return changes;
}

/** The name a person would know a row by. */
export function recordNameOf(row: Readonly<Record<string, unknown>> | undefined): string {
  for (const key of ['name', 'username', 'serial', 'code'])
    if (typeof row?.[key] === 'string' && row[key] !== '') return String(row[key]).slice(0, 200);
  return '';
}

/** Appends an entry through `writer` (the change's own transaction). */
function auditRow(origin: AuditOrigin, entry: AuditEntryInput, now: number) {
  return {
    at: now,
    tenantId: entry.tenantId,
    actorId: entry.actorId,
    actorName: entry.actorName.slice(0, 256),
    address: origin.address.slice(0, 100),
    requestId: origin.requestId.slice(0, 100),
    action: entry.action,
    resource: entry.resource,
    recordId: entry.recordId ?? null,
    recordName: entry.recordName ?? '',
    changes: JSON.stringify(entry.changes ?? []),
    apiKeyId: origin.apiKeyId ?? null,
  };
}

/**
 * The entries of many rows written by one job (an import's batch), in one statement. They raise no
 * webhook events: a 100,000-row import would queue as many deliveries for each subscriber.
 */
export async function appendAuditEntries(
  writer: Kysely<Database>,
  origin: AuditOrigin,
  entries: readonly AuditEntryInput[],
  now = Date.now(),
): Promise<void> {
  if (entries.length === 0) return;
  await writer
    .insertInto('auditEntries')
    .values(entries.map((entry) => auditRow(origin, entry, now)))
    .execute();
}

export async function appendAudit(
  writer: Kysely<Database>,
  origin: AuditOrigin,
  entry: AuditEntryInput,
  now = Date.now(),
): Promise<void> {
  await writer
    .insertInto('auditEntries')
    .values(auditRow(origin, entry, now))
    .execute();
  // the webhook events of this change, in the same transaction (outbox)
  await enqueueWebhooks(writer, { ...entry, requestId: origin.requestId }, now);
}

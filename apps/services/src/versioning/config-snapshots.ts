// A tenant's configuration as a snapshot (read in one reader, a transaction for a restore) and the
// restore that writes a snapshot back: in one transaction, after an automatic "before restore"
// snapshot; every written record has its audit entry and the restore has one of its own. A restore
// updates the records that changed and re-creates the ones the snapshot has and now lacks (a
// deleted record is brought back, one gone for good is inserted anew); records created after the
// snapshot are kept: a restore never deletes.
import type { Kysely } from 'kysely';
import { VERSIONED_KINDS, restorePlan } from '@portico/core';
import type {
  CatalogPath,
  RestorePlan,
  SnapshotContent,
  SnapshotRecord,
  SnapshotValue,
  VersionedKindName,
} from '@portico/core';
import { appendAudit } from '../audit/audit-log.ts';
import type { AuditOrigin } from '../audit/audit-log.ts';
import type { Directory } from '../auth/directory.ts';
import type { Database } from '../db/schema.ts';
import { violatedUniqueKey } from '../db/unique-fields.ts';
import { HttpError } from '../http/http-error.ts';

type RecordTable = 'roles' | 'thingTypes' | 'zoneTypes' | 'reportDefinitions';
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** The API resource each kind's audit entries name. */
export const KIND_RESOURCE: Readonly<Record<VersionedKindName, CatalogPath>> = {
  groupFields: 'group',
  roles: 'role',
  thingTypes: 'thingType',
  zoneTypes: 'zoneType',
  reportDefinitions: 'reportDefinition',
};

/** Whose configuration a snapshot holds. */
export interface SnapshotScope {
  readonly groupId: number;
  readonly tenantId: number | null;
}

async function scopeGroups(reader: Kysely<Database>, scope: SnapshotScope) {
  const top = await reader
    .selectFrom('groups')
    .select('hierarchyCode')
    .where('id', '=', scope.groupId)
    .executeTakeFirst();
  if (!top) return new Map<number, string>();
  const rows = await reader
    .selectFrom('groups')
    .select(['id', 'name'])
    .where('hierarchyCode', 'like', `${top.hierarchyCode}%`)
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

function value(raw: unknown): SnapshotValue {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' || typeof raw === 'boolean') return raw;
  return Number(raw);
}

/** The scope's configuration now. */
export async function readConfiguration(
  reader: Kysely<Database>,
  scope: SnapshotScope,
): Promise<SnapshotContent> {
  const groups = await scopeGroups(reader, scope);
  const ids = [...groups.keys()];
  const content = {} as Record<VersionedKindName, SnapshotRecord[]>;
  const fields =
    ids.length === 0
      ? []
      : await reader
          .selectFrom('groupFields')
          .select(['ownerId', 'name', 'value'])
          .where('ownerId', 'in', ids)
          .orderBy('ownerId')
          .orderBy('name')
          .execute();
  const byGroup = new Map<number, Record<string, SnapshotValue>>();
  for (const field of fields) {
    const owner = Number(field.ownerId);
    byGroup.set(owner, { ...byGroup.get(owner), [field.name]: field.value });
  }
  content.groupFields = [...byGroup].map(([id, values]) => ({
    key: String(id),
    name: groups.get(id) ?? String(id),
    fields: values,
  }));
  for (const { kind, table, fields: kept } of VERSIONED_KINDS) {
    if (kind === 'groupFields') continue;
    const db = reader as unknown as AnyDb;
    let query = db
      .selectFrom(table)
      .select(['id', ...kept])
      .where('groupId', 'in', ids.length ? ids : [-1]);
    if (table !== 'roles') query = query.where('deletedAt', 'is', null);
    const rows = await query.orderBy('id').execute();
    content[kind] = rows.map((row) => ({
      key: String(row.id),
      name: String(row.name),
      fields: Object.fromEntries(kept.map((field) => [field, value(row[field])])),
    }));
  }
  return content;
}

export interface Actor {
  readonly id: number | null;
  readonly name: string;
}

/** Stores a snapshot of the scope's configuration now, audited; its id and content. */
export async function takeSnapshot(
  trx: Kysely<Database>,
  scope: SnapshotScope,
  note: string,
  actor: Actor,
  origin: AuditOrigin,
): Promise<{ id: number; content: SnapshotContent }> {
  const content = await readConfiguration(trx, scope);
  const inserted = await trx
    .insertInto('configVersions')
    .values({
      scopeGroupId: scope.groupId,
      tenantId: scope.tenantId,
      note,
      actorId: actor.id,
      actorName: actor.name,
      at: Date.now(),
      content: JSON.stringify(content),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  await appendAudit(trx, origin, {
    action: 'create',
    resource: 'configVersion',
    recordId: id,
    recordName: note,
    tenantId: scope.tenantId,
    actorId: actor.id,
    actorName: actor.name,
    changes: [{ field: 'note', after: note }],
  });
  return { id, content };
}

/** The columns a re-created record needs beyond its kept fields. */
function creationColumns(table: RecordTable, now: number, actor: Actor): Record<string, unknown> {
  switch (table) {
    case 'roles':
      return { creationTime: now };
    case 'thingTypes':
      return { creationTime: now };
    case 'zoneTypes':
      return {};
    case 'reportDefinitions':
      return { createdByUserId: actor.id, creationDate: now, lastModificationDate: now };
  }
}

const SCOPED: ReadonlySet<string> = new Set(['thingTypes', 'zoneTypes']);

/**
 * Writes `snapshot` back over the scope's configuration in `trx`, after storing a "before restore"
 * snapshot; returns that snapshot's id and the plan it carried out.
 */
export async function restoreSnapshot(
  trx: Kysely<Database>,
  directory: Directory,
  scope: SnapshotScope,
  snapshot: { id: number; note: string; content: SnapshotContent },
  actor: Actor,
  origin: AuditOrigin,
): Promise<{ beforeId: number; plan: RestorePlan[] }> {
  const before = await takeSnapshot(trx, scope, `Before restore of #${snapshot.id}`, actor, origin);
  const plan = restorePlan(before.content, snapshot.content);
  const groups = await scopeGroups(trx, scope);
  const snapshotRecords = new Map(
    VERSIONED_KINDS.map(({ kind }) => [
      kind,
      new Map(snapshot.content[kind].map((record) => [record.key, record])),
    ]),
  );
  const audit = (
    kind: VersionedKindName,
    action: 'update' | 'create' | 'restore' | 'field.set',
    recordId: number,
    recordName: string,
    changes: ReadonlyArray<{ field: string; before?: unknown; after?: unknown }>,
  ) =>
    appendAudit(trx, origin, {
      action,
      resource: KIND_RESOURCE[kind],
      recordId,
      recordName,
      tenantId: scope.tenantId,
      actorId: actor.id,
      actorName: actor.name,
      changes,
    });
  const inScope = (kind: VersionedKindName, record: SnapshotRecord, groupId: number) => {
    if (!groups.has(groupId))
      throw new HttpError(
        409,
        `Cannot restore ${kind} "${record.name}": its group ${groupId} no longer exists`,
        { [kind]: `group ${groupId} no longer exists` },
      );
  };
  const now = Date.now();
  try {
    for (const step of plan) {
      const records = snapshotRecords.get(step.kind)!;
      if (step.kind === 'groupFields') {
        const writes = [
          ...step.update.map((record) => ({ key: record.key, changes: record.changes })),
          ...step.recreate.map((record) => ({ key: record.key, changes: null })),
        ];
        for (const record of writes) {
          const ownerId = Number(record.key);
          const full = records.get(record.key)!;
          inScope(step.kind, full, ownerId);
          // a field the snapshot lacks is left as it is (a restore never deletes)
          const changes = record.changes
            ? record.changes.filter((change) => change.after !== null)
            : Object.entries(full.fields).map(([field, after]) => ({ field, before: null, after }));
          for (const change of changes) {
            const text = String(change.after);
            await trx
              .insertInto('groupFields')
              .values({ ownerId, name: change.field, value: text })
              .onConflict((oc) => oc.columns(['ownerId', 'name']).doUpdateSet({ value: text }))
              .execute();
          }
          if (changes.length) await audit(step.kind, 'field.set', ownerId, full.name, changes);
        }
        continue;
      }
      const table = VERSIONED_KINDS.find((k) => k.kind === step.kind)!.table as RecordTable;
      const db = trx as unknown as AnyDb;
      for (const record of step.update) {
        const full = records.get(record.key)!;
        inScope(step.kind, full, Number(full.fields.groupId));
        // a field the snapshot lacks (kept only by later versions, such as a report's columns) is
        // left as it is
        const changes = record.changes.filter((change) => Object.hasOwn(full.fields, change.field));
        if (changes.length === 0) continue;
        await db
          .updateTable(table)
          .set(Object.fromEntries(changes.map((change) => [change.field, change.after])))
          .where('id', '=', Number(record.key))
          .execute();
        await audit(step.kind, 'update', Number(record.key), full.name, changes);
      }
      for (const record of step.recreate) {
        const full = records.get(record.key)!;
        const groupId = Number(full.fields.groupId);
        inScope(step.kind, full, groupId);
        const values: Record<string, unknown> = { ...full.fields };
        if (SCOPED.has(table))
          values.uniqueScope = (await directory.tenantOf(groupId, trx))?.id ?? groupId;
        const deleted =
          table === 'roles'
            ? undefined
            : await db
                .selectFrom(table)
                .select('id')
                .where('id', '=', Number(record.key))
                .where('deletedAt', 'is not', null)
                .where('groupId', 'in', [...groups.keys()])
                .executeTakeFirst();
        const changes = Object.entries(full.fields).map(([field, after]) => ({ field, after }));
        if (deleted) {
          await db
            .updateTable(table)
            .set({ ...values, deletedAt: null })
            .where('id', '=', Number(record.key))
            .execute();
          await audit(step.kind, 'restore', Number(record.key), full.name, changes);
        } else {
          const row = await db
            .insertInto(table)
            .values({ ...values, ...creationColumns(table, now, actor) })
            .returning('id')
            .executeTakeFirstOrThrow();
          await audit(step.kind, 'create', Number(row.id), full.name, changes);
        }
      }
    }
  } catch (error) {
    const key = violatedUniqueKey(error);
    if (key)
      throw new HttpError(
        409,
        `Cannot restore: another ${key.table} record already has this ${key.column}`,
        { [key.column]: 'already taken by a record created after the snapshot' },
      );
    throw error;
  }
  await appendAudit(trx, origin, {
    action: 'restore',
    resource: 'configVersion',
    recordId: snapshot.id,
    recordName: snapshot.note,
    tenantId: scope.tenantId,
    actorId: actor.id,
    actorName: actor.name,
    changes: plan.map((step) => ({
      field: step.kind,
      after: {
        updated: step.update.length,
        recreated: step.recreate.length,
        kept: step.keep.length,
      },
    })),
  });
  return { beforeId: before.id, plan };
}

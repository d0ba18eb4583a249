// A finished demo import job: Acme's first zones' descriptions updated from a CSV file, with the
// file kept as an upload is, its `import` audit entry, so the import page shows a job from the start.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { csvCell } from '../resources/serialize.ts';
import type { SeededDirectory } from './directory.ts';

const NOW = Date.now();

export async function seedImportJob(trx: Kysely<Database>, directory: SeededDirectory) {
  const { acme, userIds } = directory;
  const zones = await trx
    .selectFrom('zones')
    .select(['id', 'code', 'name', 'description'])
    .where('groupId', 'in', [acme.id, directory.north.id, directory.south.id])
    .orderBy('id')
    .limit(3)
    .execute();
  if (zones.length === 0) return;
  const file = `code,name,description\r\n${zones
    .map((zone) => [zone.code, zone.name, zone.description].map(csvCell).join(','))
    .join('\r\n')}\r\n`;
  const inserted = await trx
    .insertInto('importJobs')
    .values({
      scopeGroupId: acme.id,
      tenantId: acme.id,
      groupId: acme.id,
      resource: 'zone',
      fileName: 'areas.csv',
      state: 'done',
      actorId: userIds.admin ?? 0,
      actorName: 'admin',
      totalRows: zones.length,
      errorRows: 0,
      toCreate: 0,
      toUpdate: zones.length,
      created: 0,
      updated: zones.length,
      processed: zones.length,
      fileBytes: Buffer.byteLength(file),
      createdAt: NOW - 60_000,
      startedAt: NOW - 55_000,
      finishedAt: NOW - 54_880,
      durationMs: 120,
      message: '',
      cancelRequested: 0,
      preview: '[]',
      problems: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('importJobChunks')
    .values({ jobId: Number(inserted.id), kind: 'file', seq: 0, content: file })
    .execute();
  await trx
    .insertInto('auditEntries')
    .values({
      at: NOW - 54_880,
      tenantId: acme.id,
      actorId: userIds.admin ?? null,
      actorName: 'admin',
      address: 'seed',
      requestId: '',
      action: 'import',
      resource: 'zone',
      recordId: Number(inserted.id),
      recordName: 'areas.csv',
      changes: JSON.stringify([
        { field: 'rows', after: zones.length },
        { field: 'created', after: 0 },
        { field: 'updated', after: zones.length },
      ]),
    })
    .execute();
}

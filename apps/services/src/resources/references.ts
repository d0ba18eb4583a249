// Rows still referenced by other resources cannot be deleted (409 naming the first one that uses it).
import { softDeletes } from '../db/soft-delete-tables.ts';
import { HttpError } from '../http/http-error.ts';
import { RESOURCES } from './definitions/index.ts';
import { allFields, parseJsonColumn } from './resource-fields.ts';
import type { ResourceSpec, WriteContext } from './resource-spec.ts';

/** Refuses (409) deleting row `id` of `spec` while a row of any resource refers to it. */
export async function requireUnreferenced(
  spec: ResourceSpec,
  id: number,
  { trx }: WriteContext,
): Promise<void> {
  for (const other of RESOURCES) {
    for (const [name, field] of Object.entries(allFields(other))) {
      if (field.ref !== spec.path) continue;
      if (field.kind === 'idList') {
        let query = trx.selectFrom(other.table).select(['id', name]).where(name, 'like', `%${id}%`);
        if (softDeletes(other.table)) query = query.where('deletedAt', 'is', null);
        const rows = await query.execute();
        if (rows.some((row) => (parseJsonColumn(row[name], []) as unknown[]).includes(id)))
          throw new HttpError(409, `This ${spec.path} is still used by a ${other.path}`);
      } else {
        let query = trx.selectFrom(other.table).select('id').where(name, '=', id);
        // a deleted row in its undo window does not hold its references (its restore checks them)
        if (softDeletes(other.table)) query = query.where('deletedAt', 'is', null);
        const used = await query.limit(1).executeTakeFirst();
        if (used) throw new HttpError(409, `This ${spec.path} is still used by a ${other.path}`);
      }
    }
  }
}

/**
 * What still uses row `id` of `spec`: the first resource holding references to it and how many of
 * its live rows do (a bulk delete's grouped answer: "2 still used by 5 assets"); null when none.
 */
export async function usageOf(
  reader: WriteContext['trx'],
  spec: ResourceSpec,
  id: number,
): Promise<{ resource: string; count: number } | null> {
  for (const other of RESOURCES) {
    for (const [name, field] of Object.entries(allFields(other))) {
      if (field.ref !== spec.path) continue;
      let count: number;
      if (field.kind === 'idList') {
        let query = reader
          .selectFrom(other.table)
          .select(['id', name])
          .where(name, 'like', `%${id}%`);
        if (softDeletes(other.table)) query = query.where('deletedAt', 'is', null);
        const rows = await query.execute();
        count = rows.filter((row) =>
          (parseJsonColumn(row[name], []) as unknown[]).includes(id),
        ).length;
      } else {
        let query = reader
          .selectFrom(other.table)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where(name, '=', id);
        if (softDeletes(other.table)) query = query.where('deletedAt', 'is', null);
        count = Number((await query.executeTakeFirst())?.total ?? 0);
      }
      if (count > 0) return { resource: other.path, count };
    }
  }
  return null;
}

// Rows still referenced by other resources cannot be deleted (409 naming the first one that uses it).
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
        const rows = await trx
          .selectFrom(other.table)
          .select(['id', name])
          .where(name, 'like', `%${id}%`)
          .execute();
        if (rows.some((row) => (parseJsonColumn(row[name], []) as unknown[]).includes(id)))
          throw new HttpError(409, `This ${spec.path} is still used by a ${other.path}`);
      } else {
        const used = await trx
          .selectFrom(other.table)
          .select('id')
          .where(name, '=', id)
          .limit(1)
          .executeTakeFirst();
        if (used) throw new HttpError(409, `This ${spec.path} is still used by a ${other.path}`);
      }
    }
  }
}

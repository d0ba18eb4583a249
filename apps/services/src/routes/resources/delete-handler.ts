// The delete of the resource mechanism: the resource's hooks, the reference check, the audit entry;
// soft where the table keeps deleted rows for an undo (db/soft-delete-tables.ts), and the restore
// that undoes it.
import type { Context } from 'hono';
import { softDeletes } from '../../db/soft-delete-tables.ts';
import { recordNameOf } from '../../audit/audit-log.ts';
import { parseOrThrow } from '../../http/http-error.ts';
import {
  checkReferences,
  findReadableRow,
  requirePermission,
  requireWritable,
} from '../../policies/access.ts';
import { requireLicenseRoom } from '../../policies/license-policy.ts';
import type { AppEnv } from '../../services-context.ts';
import { requireUnreferenced } from '../../resources/references.ts';
import type { ResourceSpec, Row, WriteContext } from '../../resources/resource-spec.ts';
import { findRestorableRow } from '../../resources/soft-delete.ts';
import { afterCommit, idParam } from './resource-env.ts';
import type { ResourceEnv } from './resource-env.ts';
import { audit } from './write-audit.ts';

/** A delete or a restore of row `id` by `caller` (request `c`): answers the row's name. */
type RowChange = (
  env: ResourceEnv,
  c: Context<AppEnv>,
  caller: WriteContext['caller'],
  spec: ResourceSpec,
  id: number,
) => Promise<string>;

/**
 * The frame of a delete and of a restore: the delete permission, then in one transaction the row
 * (found by `find`), the check that the caller may write it, and `change`; after the commit the
 * caches hear of it. Answers the row's name.
 */
async function changeRow(
  env: ResourceEnv,
  caller: WriteContext['caller'],
  spec: ResourceSpec,
  id: number,
  find: typeof findReadableRow,
  change: (write: WriteContext & { existing: Row }) => Promise<void>,
): Promise<string> {
  const { ctx, db } = env;
  requirePermission(caller, spec, 'd');
  const name = await db.transaction().execute(async (trx) => {
    const existing = await find(trx, spec, id, caller);
    requireWritable(spec, existing, caller);
    await change({ ctx, caller, trx, existing });
    return recordNameOf(existing);
  });
  // A deleted user's sessions went with it (its beforeDelete); afterCommit's directory event empties the caches.
  await afterCommit(env, spec);
  return name;
}

/**
 * Deletes row `id` with every check of `DELETE /{resource}/{id}` and its audit entry, in one
 * transaction; answers the deleted row's name.
 */
export const deleteRow: RowChange = (env, c, caller, spec, id) =>
  changeRow(env, caller, spec, id, findReadableRow, async (write) => {
    const { trx, existing } = write;
    await spec.beforeDelete?.(existing, write);
    await requireUnreferenced(spec, id, write);
    if (softDeletes(spec.table))
      await trx
        .updateTable(spec.table)
        .set({ deletedAt: Date.now() })
        .where('id', '=', id)
        .execute();
    else await trx.deleteFrom(spec.table).where('id', '=', id).execute();
    await spec.afterDelete?.(write);
    await audit(env, c, write, spec, 'delete', id, existing, undefined);
  });

/** Brings back a row deleted less than UNDO_WINDOW_MS ago (needs the delete permission); audited. */
export const restoreRow: RowChange = (env, c, caller, spec, id) =>
  changeRow(env, caller, spec, id, findRestorableRow, async (write) => {
    const { trx, existing } = write;
    // what it points at may have gone meanwhile: the restore is refused rather than left dangling
    const references: Row = {};
    for (const [field, definition] of Object.entries(spec.fields))
      if (definition.ref && definition.write) references[field] = existing[field];
    await checkReferences(spec, references, Number(existing.groupId), write);
    await requireLicenseRoom(write, spec.path, Number(existing.groupId));
    await trx.updateTable(spec.table).set({ deletedAt: null }).where('id', '=', id).execute();
    await audit(env, c, write, spec, 'restore', id, existing, existing);
  });

export async function handleDelete(
  env: ResourceEnv,
  c: Context<AppEnv>,
  spec: ResourceSpec,
): Promise<Response> {
  const caller = c.get('caller');
  requirePermission(caller, spec, 'd');
  const { id } = parseOrThrow(idParam, c.req.param(), 'path');
  await deleteRow(env, c, caller, spec, id);
  return c.body(null, 204);
}

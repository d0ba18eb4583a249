// The delete of the resource mechanism: the resource's hooks, the reference check, the audit entry.
import { parseOrThrow } from '../../http/http-error.ts';
import { findReadableRow, requireWritable } from '../../policies/access.ts';
import { requireUnreferenced } from '../../resources/references.ts';
import type { WriteContext } from '../../resources/resource-spec.ts';
import { afterCommit, idParam, permittedCaller } from './resource-env.ts';
import type { ResourceHandler } from './resource-env.ts';
import { audit } from './write-audit.ts';

export const handleDelete: ResourceHandler = async (env, c, spec) => {
  const { ctx, db } = env;
  const caller = permittedCaller(c, spec, 'd');
  const { id } = parseOrThrow(idParam, c.req.param(), 'path');
  await db.transaction().execute(async (trx) => {
    const existing = await findReadableRow(trx, spec, id, caller);
    requireWritable(spec, existing, caller);
    const write: WriteContext = { ctx, caller, trx, existing };
    await spec.beforeDelete?.(existing, write);
    await requireUnreferenced(spec, id, write);
    await trx.deleteFrom(spec.table).where('id', '=', id).execute();
    await spec.afterDelete?.(write);
    await audit(env, c, write, spec, 'delete', id, existing, undefined);
  });
  // A deleted user's sessions went with it (its beforeDelete); afterCommit's directory event empties the caches.
  await afterCommit(env, spec);
  return c.body(null, 204);
};

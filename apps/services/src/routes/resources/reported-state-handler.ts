// PUT /streamApp/{id}/reportedState {state}: an edge box reports what a stream app it runs is
// doing. Checked (edgebox:u, the row in the caller's tree), validated, audited in its transaction.
import type { Context } from 'hono';
import { z } from 'zod';
import { STREAM_APP_REPORTED_STATES } from '@portico/core';
import { parseOrThrow } from '../../http/http-error.ts';
import { readJson } from '../../http/read-json.ts';
import { findWritableRow } from '../../policies/access.ts';
import { requireEdgeReporter } from '../../policies/edge-policy.ts';
import type { AppEnv } from '../../services-context.ts';
import type { ResourceSpec, WriteContext } from '../../resources/resource-spec.ts';
import { toJson } from '../../resources/serialize.ts';
import { afterCommit, idParam } from './resource-env.ts';
import type { ResourceEnv } from './resource-env.ts';
import { audit } from './write-audit.ts';

// `unknown` is where an app starts, never something an edge box reports
const reported = STREAM_APP_REPORTED_STATES.filter((state) => state !== 'unknown');
const body = z.strictObject({
  state: z.enum(reported as [string, ...string[]], {
    error: `must be one of ${reported.join(', ')}`,
  }),
});

export async function handleReportedState(
  env: ResourceEnv,
  c: Context<AppEnv>,
  spec: ResourceSpec,
): Promise<Response> {
  const { ctx, db } = env;
  const caller = c.get('caller');
  requireEdgeReporter(caller);
  const { id } = parseOrThrow(idParam, c.req.param(), 'path');
  const { state } = parseOrThrow(body, await readJson(c.req), 'body');
  const json = await db.transaction().execute(async (trx) => {
    const existing = await findWritableRow(trx, spec, id, caller);
    const write: WriteContext = { ctx, caller, trx, existing };
    await trx
      .updateTable(spec.table)
      .set({ reportedState: state, reportedAt: Date.now() })
      .where('id', '=', id)
      .execute();
    const row = await trx
      .selectFrom(spec.table)
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await audit(env, c, write, spec, 'update', id, existing, row);
    return (await toJson(ctx, spec, [row], caller, trx))[0];
  });
  await afterCommit(env, spec);
  return c.json(json ?? {});
}

// The audit entry of a resource write, in the write's transaction.
import type { Context } from 'hono';
import { appendAudit, fieldChanges, recordNameOf } from '../../audit/audit-log.ts';
import { auditOrigin } from '../../http/audit-origin.ts';
import type { AppEnv, ServicesContext } from '../../services-context.ts';
import type { ResourceSpec, Row, WriteContext } from '../../resources/resource-spec.ts';
import { toJson } from '../../resources/serialize.ts';
import type { ResourceEnv } from './resource-env.ts';

/**
 * After the row is written, in its transaction: its audit entry (the field-level difference of the
 * row before and after), then the row shaped for the answer. The entry goes through the same
 * transaction: if it cannot be written, the change is rolled back with it.
 */
export async function auditAndReadBack(
  env: ResourceEnv,
  c: Context<AppEnv>,
  write: WriteContext,
  spec: ResourceSpec,
  id: number,
  action: 'create' | 'update',
) {
  const { ctx } = env;
  const row = await write.trx
    .selectFrom(spec.table)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await audit(env, c, write, spec, action, id, write.existing, row);
  return (await toJson(ctx, spec, [row], write.caller, write.trx))[0];
}

export async function audit(
  env: ResourceEnv,
  c: Context<AppEnv>,
  write: WriteContext,
  spec: ResourceSpec,
  action: 'create' | 'update' | 'delete' | 'restore',
  id: number,
  before: Row | undefined,
  after: Row | undefined,
): Promise<void> {
  const { ctx } = env;
  const row = after ?? before ?? {};
  const owner = Number(spec.ownerColumn === 'id' ? id : row.groupId);
  const tenant = Number.isFinite(owner)
    ? await ctx.directory.tenantOf(owner, write.trx as unknown as ServicesContext['db'])
    : null;
  const ignore = new Set([spec.createdAt, spec.modifiedAt].filter((key) => key !== undefined));
  await appendAudit(write.trx as unknown as ServicesContext['db'], auditOrigin(c), {
    action,
    resource: spec.path,
    recordId: id,
    recordName: recordNameOf(row),
    tenantId: tenant?.id ?? null,
    actorId: write.caller.user.id,
    actorName: write.caller.user.username,
    changes: fieldChanges(before, after, ignore),
  });
}

// What every resource handler shares: the services, the database as the generic mechanism types
// it, the list pages, and the steps every list or write takes.
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Caller } from '../../auth/directory.ts';
import { readableFor, requirePermission } from '../../policies/access.ts';
import type { AppEnv, ServicesContext } from '../../services-context.ts';
import { parseListQuery } from '../../resources/list-query.ts';
import type { ListPages } from '../../resources/list-query.ts';
import { visibilityScope } from '../../resources/projection.ts';
import type { ResourceSpec, Row } from '../../resources/resource-spec.ts';

export type AnyDb = Kysely<Record<string, Row>>;

export interface ResourceEnv {
  ctx: ServicesContext;
  db: AnyDb;
  lists: ListPages;
}

/** A handler of the resource mechanism: the shared parts, the request, the resource it serves. */
export type ResourceHandler = (
  env: ResourceEnv,
  c: Context<AppEnv>,
  spec: ResourceSpec,
) => Promise<Response>;

/** The caller, once it holds the operation's permission (`thing:r`; 403 otherwise). */
export function permittedCaller(
  c: Context<AppEnv>,
  spec: ResourceSpec,
  letter: 'r' | 'i' | 'u' | 'd',
): Caller {
  const caller = c.get('caller');
  requirePermission(caller, spec, letter);
  return caller;
}

export { idParam } from '../../http/id-param.ts';

/** After a committed write: every worker drops what the write made stale, before the answer goes out. */
export async function afterCommit(env: ResourceEnv, spec: ResourceSpec): Promise<void> {
  const { ctx } = env;
  await ctx.bus.publish({ type: 'table', table: spec.table });
  if (spec.invalidatesDirectory) await ctx.bus.publish({ type: 'directory' });
}

/** The groups a list reads: the caller's, narrowed by the platform's visibility parameters. */
export async function listScope(
  env: ResourceEnv,
  c: Context<AppEnv>,
  spec: ResourceSpec,
  query: Record<string, string>,
) {
  const { ctx } = env;
  const caller = c.get('caller');
  const readable = readableFor(caller, spec);
  if (
    query.visibilityGroupId === undefined &&
    query.upVisibility === undefined &&
    query.downVisibility === undefined
  )
    return readable;
  return visibilityScope(ctx, caller, spec, readable, parseListQuery(spec, query));
}

// The writes of the resource mechanism: create (POST, and the platform's PUT on the collection),
// replace and patch.
import type { Context } from 'hono';
import { parseOrThrow } from '../../http/http-error.ts';
import { readJson } from '../../http/read-json.ts';
import {
  checkReferences,
  findWritableRow,
  requirePermission,
  requireWritableGroup,
} from '../../policies/access.ts';
import { requireLicenseRoom, requireLicenseRoomForMove } from '../../policies/license-policy.ts';
import type { AppEnv } from '../../services-context.ts';
import { thingFromPlatformForm, userFromPlatformForm } from '../../resources/platform-forms.ts';
import type { ResourceSpec, Row, WriteContext } from '../../resources/resource-spec.ts';
import {
  checkUnique,
  hasPlatformKeys,
  parseWriteBody,
  storage,
  uniqueScopeOf,
  uniqueViolationAsHttp,
} from '../../resources/write-body.ts';
import { afterCommit, idParam, permittedCaller } from './resource-env.ts';
import type { ResourceEnv } from './resource-env.ts';
import { auditAndReadBack } from './write-audit.ts';

/** Columns a hook computes (beforeWrite) that a client may not write but the insert stores. */
const COMPUTED_ON_CREATE = [
  'treeLevel',
  'fqnBase',
  'hierarchyCode',
  'createdBy',
  'createdByUserId',
  'passwordHash',
];

/**
 * Reads a write body. The real platform's form (a create by `PUT /{r}/`, or any body giving a
 * reference as a dotted `x.id` key) is lenient as the platform is: keys that are no field are
 * skipped, and named in the `X-Portico-Skipped-Fields` answer header. Portico's own form is strict.
 */
export async function readWriteBody(
  env: ResourceEnv,
  c: Context<AppEnv>,
  spec: ResourceSpec,
  mode: 'create' | 'replace' | 'patch',
  platformCreate: boolean,
) {
  const { ctx } = env;
  let body = await readJson(c.req);
  const skipped: string[] = [];
  const lenient = platformCreate || hasPlatformKeys(body);
  if (platformCreate && spec.path === 'thing')
    body = await thingFromPlatformForm(ctx, c.get('caller'), body);
  if (spec.path === 'user') body = userFromPlatformForm(body);
  const values = parseWriteBody(spec, body, mode, { lenient, skipped });
  if (skipped.length > 0)
    c.header(
      'X-Portico-Skipped-Fields',
      skipped
        .join(',')
        .slice(0, 1000)
        .replace(/[^\x20-\x7e]/g, '?'),
    );
  return values;
}

export async function handleCreate(
  env: ResourceEnv,
  c: Context<AppEnv>,
  spec: ResourceSpec,
  platformCreate = false,
): Promise<Response> {
  const { ctx, db } = env;
  const caller = permittedCaller(c, spec, 'i');
  const values = await readWriteBody(env, c, spec, 'create', platformCreate);
  if (spec.ownerColumn !== 'id') {
    values.groupId ??= caller.group.id;
    requireWritableGroup(caller, values.groupId as number);
  }
  const json = await db
    .transaction()
    .execute(async (trx) => {
      const write: WriteContext = { ctx, caller, trx };
      await spec.beforeWrite?.(values, write);
      const groupId = spec.ownerColumn === 'id' ? undefined : (values.groupId as number);
      await checkReferences(spec, values, groupId, write);
      await checkUnique(spec, values, groupId, write);
      if (groupId !== undefined) await requireLicenseRoom(write, spec.path, groupId);
      const stored = storage(spec, values);
      for (const key of COMPUTED_ON_CREATE) if (key in values) stored[key] = values[key];
      const scope = await uniqueScopeOf(spec, groupId, write);
      if (scope !== undefined) stored.uniqueScope = scope;
      const now = Date.now();
      if (spec.createdAt) stored[spec.createdAt] = now;
      if (spec.modifiedAt) stored[spec.modifiedAt] = now;
      const inserted = await trx
        .insertInto(spec.table)
        .values(stored)
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(inserted.id);
      await spec.afterInsert?.(id, values, write);
      await spec.afterWrite?.(id, values, write);
      return auditAndReadBack(env, c, write, spec, id, 'create');
    })
    .catch((error: unknown) => {
      // two concurrent writes of one value: the unique index refused the second
      throw uniqueViolationAsHttp(spec, error);
    });
  await afterCommit(env, spec);
  return c.json(json ?? {}, 201);
}

/**
 * Applies `values` (a parsed write body) to row `id` in one transaction, with every check of an
 * update (permission, visibility, the resource's hooks, references, unique values) and its audit
 * entry (`c`: the request it records), and tells every worker. Also the path of writes made
 * through other routes (a role's members, an administrator's password reset).
 */
export async function updateRow(
  env: ResourceEnv,
  c: Context<AppEnv>,
  caller: WriteContext['caller'],
  spec: ResourceSpec,
  id: number,
  values: Row,
): Promise<Record<string, unknown> | undefined> {
  const { ctx, db } = env;
  requirePermission(caller, spec, 'u');
  const json = await db
    .transaction()
    .execute(async (trx) => {
      const existing = await findWritableRow(trx, spec, id, caller);
      if (spec.ownerColumn !== 'id' && values.groupId !== undefined)
        requireWritableGroup(caller, values.groupId as number);
      const write: WriteContext = { ctx, caller, trx, existing };
      await spec.beforeWrite?.(values, write);
      const groupId =
        spec.ownerColumn === 'id' ? undefined : Number(values.groupId ?? existing.groupId);
      await checkReferences(spec, values, groupId, write);
      await checkUnique(spec, values, groupId, write, id);
      if (groupId !== undefined)
        await requireLicenseRoomForMove(write, spec.path, Number(existing.groupId), groupId);
      const stored = storage(spec, values);
      if ('passwordHash' in values) stored.passwordHash = values.passwordHash;
      if (values.groupId !== undefined) {
        const scope = await uniqueScopeOf(spec, groupId, write);
        if (scope !== undefined) stored.uniqueScope = scope;
      }
      if (spec.modifiedAt) stored[spec.modifiedAt] = Date.now();
      if (Object.keys(stored).length > 0)
        await trx.updateTable(spec.table).set(stored).where('id', '=', id).execute();
      await spec.afterWrite?.(id, { ...values, archived: stored.archived }, write);
      return auditAndReadBack(env, c, write, spec, id, 'update');
    })
    .catch((error: unknown) => {
      throw uniqueViolationAsHttp(spec, error);
    });
  await afterCommit(env, spec);
  return json;
}

export async function handleUpdate(
  env: ResourceEnv,
  c: Context<AppEnv>,
  spec: ResourceSpec,
  mode: 'replace' | 'patch',
): Promise<Response> {
  const caller = permittedCaller(c, spec, 'u');
  const { id } = parseOrThrow(idParam, c.req.param(), 'path');
  const values = await readWriteBody(env, c, spec, mode, false);
  return c.json((await updateRow(env, c, caller, spec, id, values)) ?? {});
}

// The real platform's user calls that spec §7 does not name (UserController): GET and DELETE
// /user/{id}/field/{field}, GET /user/{id}/fields, GET /user/{id}/inheritedFields (and one field of
// it), POST /user/{id}/hasPermissions. The spec's own calls are in user-routes.ts.
import type { Hono } from 'hono';
import { z } from 'zod';
import { evaluatePermissionExpression } from '@portico/core';
import type { Caller, UserRow } from '../auth/directory.ts';
import { appendRequestAudit, auditedRecord } from '../http/audit-origin.ts';
import { HttpError, parseOrThrow, withPlatformMessage } from '../http/http-error.ts';
import { idParam, pathId } from '../http/id-param.ts';
import { readJson } from '../http/read-json.ts';
import {
  findVisibleUser,
  requireOwnPermissionQueries,
  requireUserAccess,
} from '../policies/user-policy.ts';
import { ownFieldJson, userFieldEntries, ownFields } from '../presenters/field-json.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';

const userParam = idParam;
const fieldParam = z.object({
  id: pathId,
  field: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_.-]+$/, 'not a field name'),
});

/** Permission queries: a name → a permission expression (login's `menus`, hasPermissions). */
export const permissionQueries = z
  .record(z.string().min(1).max(200), z.string().max(2000))
  .refine((queries) => Object.keys(queries).length <= 500, 'at most 500 queries');

/**
 * The platform writes its queries with single `&` and `|` (Shiro's `buildSearch`:
 * `license:r&(license:u|license:i)`); core's expressions (spec §6) double them.
 */
export function platformExpression(expression: string): string {
  return expression.replace(/(?<![&|])([&|])(?![&|])/g, '$1$1');
}

/** Each query's expression evaluated against the caller's permissions (unparsable → false). */
export function evaluateQueries(
  caller: Caller,
  queries: Readonly<Record<string, string>> | undefined,
): Record<string, boolean> {
  const result: Record<string, boolean> = {};
  for (const [name, expression] of Object.entries(queries ?? {})) {
    let held = false;
    try {
      held = evaluatePermissionExpression(platformExpression(expression), caller.permissionList);
    } catch {
      held = false;
    }
    result[name] = held;
  }
  return result;
}

/** The user `userId` when the caller may read (or, with 'u', change) its fields: else 404 / 403. */
async function fieldOwner(
  ctx: ServicesContext,
  caller: Caller,
  userId: number,
  letter: 'r' | 'u',
): Promise<UserRow> {
  const user = await findVisibleUser(ctx.db, caller, userId, `User[${userId}] not found`);
  requireUserAccess(
    caller,
    user.id,
    letter,
    letter === 'r' ? 'Forbidden Access' : 'Forbidden UserField',
  );
  return user;
}

export function registerPlatformUserRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  // the user's own value of one field (the platform's UserField), else 404
  api.get('/user/:id/field/:field', async (c) => {
    const params = parseOrThrow(fieldParam, c.req.param(), 'path');
    const user = await fieldOwner(ctx, c.get('caller'), params.id, 'r');
    const row = await ownFields(ctx.db, user.id)
      .where('name', '=', params.field)
      .executeTakeFirst();
    if (!row)
      throw withPlatformMessage(
        new HttpError(404, `User ${user.id} has no value of its own for ${params.field}`),
        `Field[${params.field}] not found`,
      );
    return c.json(ownFieldJson(user, row));
  });

  // removes the user's own value (the inherited one applies again): 204, also when there was none
  api.delete('/user/:id/field/:field', async (c) => {
    const params = parseOrThrow(fieldParam, c.req.param(), 'path');
    const caller = c.get('caller');
    const user = await fieldOwner(ctx, caller, params.id, 'u');
    const tenant = await ctx.directory.tenantOf(user.groupId);
    const removed = await ctx.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('userFields')
        .select(['id', 'value'])
        .where('ownerId', '=', user.id)
        .where('name', '=', params.field)
        .executeTakeFirst();
      if (!before) return false;
      await trx.deleteFrom('userFields').where('id', '=', before.id).execute();
      await appendRequestAudit(trx, c, {
        action: 'field.remove',
        ...auditedRecord('user', user.id, user.username, tenant?.id ?? null),
        changes: [{ field: params.field, before: before.value, after: null }],
      });
      return true;
    });
    if (removed) await ctx.bus.publish({ type: 'directory' });
    return c.body(null, 204);
  });

  // the user's own fields, paged as the platform's
  api.get('/user/:id/fields', async (c) => {
    const params = parseOrThrow(userParam, c.req.param(), 'path');
    const user = await fieldOwner(ctx, c.get('caller'), params.id, 'r');
    const rows = await ownFields(ctx.db, user.id).orderBy('name').execute();
    return c.json({ total: rows.length, results: rows.map((row) => ownFieldJson(user, row)) });
  });

  // the platform's GET: every field the user sees, by name (its own value else the group tree's)
  api.get('/user/:id/inheritedFields', async (c) => {
    const params = parseOrThrow(userParam, c.req.param(), 'path');
    const user = await fieldOwner(ctx, c.get('caller'), params.id, 'r');
    const entries = await userFieldEntries(ctx.db, ctx.directory, user);
    return c.json(Object.fromEntries(entries));
  });

  api.get('/user/:id/inheritedFields/:field', async (c) => {
    const params = parseOrThrow(fieldParam, c.req.param(), 'path');
    const user = await fieldOwner(ctx, c.get('caller'), params.id, 'r');
    const entry = (await userFieldEntries(ctx.db, ctx.directory, user)).get(params.field);
    if (!entry)
      throw withPlatformMessage(
        new HttpError(404, `No value of ${params.field} for user ${user.id}`),
        `Field[${params.field}] not found`,
      );
    return c.json(entry);
  });

  // the platform's: only for the caller itself; a query the caller cannot answer is false
  api.post('/user/:id/hasPermissions', async (c) => {
    const params = parseOrThrow(userParam, c.req.param(), 'path');
    const caller = c.get('caller');
    requireOwnPermissionQueries(caller, params.id);
    const queries = parseOrThrow(permissionQueries, await readJson(c.req), 'body');
    return c.json(evaluateQueries(caller, queries));
  });
}

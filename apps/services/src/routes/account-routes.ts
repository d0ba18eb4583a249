// People and access: a role's members (GET, PUT, DELETE /role/{id}/members[/{userId}]) and a new
// password (PUT /user/{id}/password: one's own with the current password, anyone else's as an
// administrator). Membership writes and administrators' resets go through the user resource's
// update (every check of PATCH /user/{id}: user:u, the tree, the authority policy, the last
// administrator); one's own password needs no user:u.
import type { Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { parseIdList } from '../auth/directory.ts';
import type { Caller } from '../auth/directory.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { MAX_PASSWORD_LENGTH, checkNewPassword } from '../auth/password-rules.ts';
import { hashToken } from '../auth/token.ts';
import type { Database } from '../db/schema.ts';
import { SECRET_VALUE } from '../audit/audit-log.ts';
import { appendRequestAudit, auditedRecord } from '../http/audit-origin.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError, parseOrThrow, invalidField } from '../http/http-error.ts';
import { idParam, pathId } from '../http/id-param.ts';
import { readJson } from '../http/read-json.ts';
import { findReadableRow, readableGroups, requireAllPermissions } from '../policies/access.ts';
import { RESOURCES_BY_PATH } from '../resources/definitions/index.ts';
import type { ResourceWrites } from './resources/resource-routes.ts';
import type { ResourceSpec } from '../resources/resource-spec.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';

const roleParam = idParam;
const memberParam = z.object({ id: pathId, userId: pathId });
const passwordBody = z.strictObject({
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH).optional(),
  newPassword: z.string().max(MAX_PASSWORD_LENGTH, `at most ${MAX_PASSWORD_LENGTH} characters`),
});

function spec(path: string): ResourceSpec {
  const found = RESOURCES_BY_PATH.get(path);
  if (!found) throw new Error(`no resource ${path}`);
  return found;
}

/** A role's members, as the caller may see them: users of its tree (all for root) holding the role. */
async function membersOf(ctx: ServicesContext, caller: Caller, roleId: number) {
  const users = spec('user');
  const readable = readableGroups(caller, users);
  let query = ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'firstName', 'lastName', 'groupId', 'roleIds', 'archived'])
    .where('roleIds', 'like', `%${roleId}%`);
  if (readable) query = query.where('groupId', 'in', [...readable]);
  const rows = (await query.orderBy('username').execute()).filter((row) =>
    parseIdList(row.roleIds).includes(roleId),
  );
  const groups = await ctx.directory.groupsById();
  const results = rows.map((row) => ({
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    archived: row.archived === 1,
    groupId: row.groupId,
    group: { id: row.groupId, name: groups.get(row.groupId)?.name ?? '' },
  }));
  return { total: results.length, results };
}

export function registerAccountRoutes(
  api: Hono<AppEnv>,
  ctx: ServicesContext,
  writes: ResourceWrites,
): void {
  const roles = spec('role');
  const users = spec('user');
  const db = ctx.db as unknown as Kysely<Record<string, Record<string, unknown>>>;

  /** The role `roleId` when the caller may read roles and users and sees the role (else 403/404). */
  async function readableRole(caller: Caller, roleId: number) {
    requireAllPermissions(caller, ['role:r', 'user:r']);
    return findReadableRow(db, roles, roleId, caller);
  }

  api.get('/role/:id/members', async (c) => {
    const caller = c.get('caller');
    const { id: roleId } = parseOrThrow(roleParam, c.req.param(), 'path');
    await readableRole(caller, roleId);
    return c.json(await membersOf(ctx, caller, roleId));
  });

  async function changeMembership(
    c: Context<AppEnv>,
    caller: Caller,
    roleId: number,
    userId: number,
    member: boolean,
  ) {
    await readableRole(caller, roleId);
    const user = await findReadableRow(db, users, userId, caller);
    const current = parseIdList(String(user.roleIds));
    const next = member
      ? [...new Set([...current, roleId])]
      : current.filter((held) => held !== roleId);
    if (next.length !== current.length)
      await writes.updateRow(c, caller, users, userId, { roleIds: next });
    return membersOf(ctx, caller, roleId);
  }

  api.put('/role/:id/members/:userId', async (c) => {
    const { id: roleId, userId } = parseOrThrow(memberParam, c.req.param(), 'path');
    return c.json(await changeMembership(c, c.get('caller'), roleId, userId, true));
  });

  api.delete('/role/:id/members/:userId', async (c) => {
    const { id: roleId, userId } = parseOrThrow(memberParam, c.req.param(), 'path');
    return c.json(await changeMembership(c, c.get('caller'), roleId, userId, false));
  });

  api.put('/user/:id/password', async (c) => {
    const caller = c.get('caller');
    const { id: userId } = parseOrThrow(roleParam, c.req.param(), 'path');
    const body = parseOrThrow(passwordBody, await readJson(c.req), 'body');
    if (userId !== caller.user.id) {
      // An administrator's reset: the checks of PATCH /user/{id} {password}.
      await writes.updateRow(c, caller, users, userId, { password: body.newPassword });
      return c.json({ message: 'Password changed' });
    }
    if (body.currentPassword === undefined || body.currentPassword === '')
      throw invalidField('currentPassword', 'required');
    const problem = checkNewPassword(body.newPassword, caller.user.username);
    if (problem)
      throw new HttpError(400, `Invalid body: newPassword: ${problem}`, { newPassword: problem });
    // Guessing the current password is guessing a sign-in: the same throttle counts it.
    const attempt = await ctx.sessions.throttle.reserve(caller.user.username, clientAddress(c));
    if (!attempt.allowed)
      throw new HttpError(
        429,
        `Too many attempts: try again in ${attempt.retryAfterSeconds} seconds`,
        undefined,
        { 'Retry-After': String(attempt.retryAfterSeconds) },
        { retryAfter: attempt.retryAfterSeconds },
      );
    const stored = await ctx.db
      .selectFrom('users')
      .select(['passwordHash', 'passwordExpirationTime'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(body.currentPassword, stored.passwordHash))) {
      ctx.sessions.throttle.failed(attempt.reservation);
      throw invalidField('currentPassword', 'not your current password');
    }
    await ctx.sessions.throttle.succeeded(attempt.reservation);
    const passwordHash = await hashPassword(body.newPassword);
    const expiry = stored.passwordExpirationTime;
    const keep = hashToken(c.get('token'));
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          passwordHash,
          // a new password lifts an expiry already past
          ...(typeof expiry === 'number' && expiry <= Date.now()
            ? { passwordExpirationTime: null }
            : {}),
        })
        .where('id', '=', userId)
        .execute();
      // Every other session of the user ends; this one goes on.
      await (trx as Kysely<Database>)
        .deleteFrom('sessions')
        .where('userId', '=', userId)
        .where('tokenHash', '!=', keep)
        .execute();
      // its audit entry, in the same transaction (the secret shows as changed, nothing more)
      const tenant = await ctx.directory.tenantOf(caller.user.groupId, trx as Kysely<Database>);
      await appendRequestAudit(trx as Kysely<Database>, c, {
        action: 'update',
        ...auditedRecord('user', userId, caller.user.username, tenant?.id ?? null),
        changes: [{ field: 'passwordHash', before: SECRET_VALUE, after: SECRET_VALUE }],
      });
    });
    await ctx.bus.publish({ type: 'directory' });
    return c.json({ message: 'Password changed' });
  });
}

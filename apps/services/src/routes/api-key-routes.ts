// Personal API keys: GET /user/{id}/apiKey (the user's keys, never a key), PUT or POST
// /user/{id}/apiKey (create one: the key is in that answer only), DELETE /user/{id}/apiKey/{keyId}
// (revoke it, at once on every instance). Who may do what: policies/authority-policy.ts.
import type { Hono } from 'hono';
import type { Context } from 'hono';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { parsePermission } from '@portico/core';
import {
  MAX_KEYS_PER_USER,
  MAX_KEY_LIFETIME_MS,
  SHOWN_PREFIX_LENGTH,
  createApiKeySecret,
} from '../auth/api-keys.ts';
import { parseStringList } from '../auth/directory.ts';
import { hashToken } from '../auth/token.ts';
import { fieldChanges } from '../audit/audit-log.ts';
import type { ApiKeyTable } from '../db/schema.ts';
import { appendRequestAudit, auditedRecord } from '../http/audit-origin.ts';
import { HttpError, parseOrThrow, invalidField } from '../http/http-error.ts';
import { idParam, pathId } from '../http/id-param.ts';
import { readJson } from '../http/read-json.ts';
import {
  authorizeApiKeyCreate,
  authorizeApiKeyList,
  authorizeApiKeyRevoke,
} from '../policies/authority-policy.ts';
import { findVisibleUser } from '../policies/user-policy.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';

const userParam = idParam;
const keyParam = z.object({ id: pathId, keyId: pathId });

const instant = z.union([
  z.number().int().nonnegative(),
  z.string().transform((text, issue) => {
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) {
      issue.addIssue({ code: 'custom', message: 'must be a time (ISO 8601 or milliseconds)' });
      return z.NEVER;
    }
    return ms;
  }),
]);
const permission = z
  .string()
  .min(1)
  .max(200)
  .refine((text) => parsePermission(text) !== null, 'not a permission string such as zone:r')
  .refine((text) => !text.startsWith('_anything:'), 'derived: choose the resource instead');
const createBody = z.strictObject({
  name: z.string().trim().min(1, 'required').max(100, 'at most 100 characters'),
  expiresAt: instant,
  permissions: z
    .array(permission)
    .min(1, 'choose at least one permission')
    .max(1000)
    .transform((list) => [...new Set(list)]),
});

type KeyRow = Selectable<ApiKeyTable>;

function keyJson(row: KeyRow, now: number) {
  const expiresAt = Number(row.expiresAt);
  const revokedAt = row.revokedAt === null ? null : Number(row.revokedAt);
  return {
    id: Number(row.id),
    userId: Number(row.userId),
    name: row.name,
    prefix: row.prefix,
    permissions: parseStringList(row.permissions),
    createdAt: Number(row.createdAt),
    expiresAt,
    lastUsedAt: row.lastUsedAt === null ? null : Number(row.lastUsedAt),
    revokedAt,
    expired: expiresAt <= now,
    active: revokedAt === null && expiresAt > now,
  };
}

export function registerApiKeyRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  api.get('/user/:id/apiKey', async (c) => {
    const { id: userId } = parseOrThrow(userParam, c.req.param(), 'path');
    const caller = c.get('caller');
    const user = await findVisibleUser(ctx.db, caller, userId);
    authorizeApiKeyList(caller, user);
    const rows = await ctx.db
      .selectFrom('apiKeys')
      .selectAll()
      .where('userId', '=', user.id)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const now = Date.now();
    return c.json({ total: rows.length, results: rows.map((row) => keyJson(row, now)) });
  });

  const create = async (c: Context<AppEnv>) => {
    const { id: userId } = parseOrThrow(userParam, c.req.param(), 'path');
    const body = parseOrThrow(createBody, await readJson(c.req), 'body');
    const caller = c.get('caller');
    const user = await findVisibleUser(ctx.db, caller, userId);
    authorizeApiKeyCreate(caller, user.id, body.permissions);
    const now = Date.now();
    if (body.expiresAt <= now) throw invalidField('expiresAt', 'must be in the future');
    if (body.expiresAt > now + MAX_KEY_LIFETIME_MS)
      throw invalidField('expiresAt', 'at most one year from now');
    const key = createApiKeySecret();
    const tenant = await ctx.directory.tenantOf(user.groupId);
    const row = await ctx.db.transaction().execute(async (trx) => {
      const active = await trx
        .selectFrom('apiKeys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', user.id)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirstOrThrow();
      if (Number(active.n) >= MAX_KEYS_PER_USER)
        throw new HttpError(
          409,
          `You hold ${MAX_KEYS_PER_USER} active API keys already: revoke one first`,
        );
      const values = {
        userId: user.id,
        tenantId: tenant?.id ?? null,
        name: body.name,
        prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
        keyHash: hashToken(key),
        permissions: JSON.stringify(body.permissions),
        createdAt: now,
        expiresAt: body.expiresAt,
      };
      const inserted = await trx
        .insertInto('apiKeys')
        .values(values)
        .returningAll()
        .executeTakeFirstOrThrow();
      const { keyHash: _secret, ...shown } = values;
      await appendRequestAudit(trx, c, {
        action: 'create',
        ...auditedRecord('apiKey', inserted.id, body.name, tenant?.id ?? null),
        changes: fieldChanges(undefined, shown),
      });
      return inserted;
    });
    return c.json({ ...keyJson(row, now), key }, 201);
  };
  api.put('/user/:id/apiKey', create);
  api.post('/user/:id/apiKey', create);

  api.delete('/user/:id/apiKey/:keyId', async (c) => {
    const { id: userId, keyId } = parseOrThrow(keyParam, c.req.param(), 'path');
    const caller = c.get('caller');
    const user = await findVisibleUser(ctx.db, caller, userId);
    const tenant = await ctx.directory.tenantOf(user.groupId);
    const revoked = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('apiKeys')
        .selectAll()
        .where('id', '=', keyId)
        .where('userId', '=', user.id)
        .executeTakeFirst();
      if (!row) throw new HttpError(404, `API key ${keyId} not found`);
      await authorizeApiKeyRevoke(trx, caller, user);
      if (row.revokedAt !== null) return false;
      const now = Date.now();
      await trx
        .updateTable('apiKeys')
        .set({ revokedAt: now, revokedBy: caller.user.id })
        .where('id', '=', keyId)
        .execute();
      // the sessions signed in with the key end with it
      await trx.deleteFrom('sessions').where('apiKeyId', '=', keyId).execute();
      await appendRequestAudit(trx, c, {
        action: 'update',
        ...auditedRecord('apiKey', keyId, row.name, tenant?.id ?? null),
        changes: [{ field: 'revokedAt', before: null, after: now }],
      });
      return true;
    });
    // every worker and instance forgets the key before the answer goes out
    if (revoked) await ctx.bus.publish({ type: 'apiKey', id: keyId });
    return c.body(null, 204);
  });
}

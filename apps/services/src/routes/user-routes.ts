// GET /user/{id}, /user/{id}/permissions, POST /user/{id}/inheritedFields, /user/{id}/visibilityGroups,
// PUT /user/{id}/field/{field}; GET /group/{id}/inheritedFields.
import type { Hono } from 'hono';
import { z } from 'zod';
import {
  CALENDAR_FORMATS,
  DATE_FORMATS,
  SUPPORTED_LANGUAGES,
  TAB_NAMES,
  VISIBILITY_RESOURCES,
  perLetterPermissions,
  isValidTimeZone,
} from '@portico/core';
import type { Caller, UserRow } from '../auth/directory.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';
import { appendRequestAudit, auditedRecord } from '../http/audit-origin.ts';
import { HttpError, parseOrThrow } from '../http/http-error.ts';
import {
  findVisibleUser,
  requireOwnPermissions,
  requireUserAccess,
} from '../policies/user-policy.ts';
import { readJson } from '../http/read-json.ts';
import { USER_EXTRAS, USER_FIELDS, shapeUser } from '../presenters/user-json.ts';
import {
  groupFieldEntries,
  ownFieldJson,
  userFieldEntries,
  ownFields,
} from '../presenters/field-json.ts';
import type { FieldEntry } from '../presenters/field-json.ts';
import { idParam, pathId } from '../http/id-param.ts';
import { commaItems } from '../resources/comma-items.ts';

const csv = (allowed: readonly string[], name: string) =>
  z
    .string()
    .max(2000)
    .transform((value, issue) => {
      const items = commaItems(value);
      const unknown = items.filter((item) => !allowed.includes(item));
      if (unknown.length > 0) {
        issue.addIssue({ code: 'custom', message: `unknown ${name}: ${unknown.join(', ')}` });
        return z.NEVER;
      }
      return new Set(items);
    });
const userQuery = z
  .object({
    extra: csv(USER_EXTRAS, 'extra').optional(),
    only: csv(USER_FIELDS, 'only field').optional(),
    _: z.string().optional(),
    ts: z.string().optional(),
    timestamp: z.string().optional(),
  })
  .strict();

const fieldNameFilter = z.strictObject({
  property: z.literal('field.name'),
  operator: z.literal('EQ'),
  values: z.array(z.string().min(1).max(128)).max(200),
});
const orderBy = z
  .array(
    z.strictObject({
      property: z.string().min(1).max(64),
      direction: z.enum(['ASC', 'DESC', 'asc', 'desc']),
    }),
  )
  .max(5);
const inheritedBody = z.strictObject({
  filters: z.array(fieldNameFilter).max(5).optional(),
  orderBy: orderBy.optional(),
});
const visibilityBody = z.strictObject({
  filters: z
    .array(
      z.strictObject({
        property: z.literal('resource'),
        operator: z.literal('EQ'),
        values: z.array(z.enum(VISIBILITY_RESOURCES)).max(50),
      }),
    )
    .max(5)
    .optional(),
  orderBy: orderBy.optional(),
});
const formatQuery = z
  .object({
    format: z.enum(['map', 'list']).optional(),
    _: z.string().optional(),
    ts: z.string().optional(),
  })
  .strict();

const FIELD_VALIDATORS = {
  timeZoneConfiguration: z.string().refine(isValidTimeZone, 'not a known time zone'),
  dateFormatConfiguration: z.enum(DATE_FORMATS),
  calendarFormatConfiguration: z.enum(CALENDAR_FORMATS),
  language: z.enum(SUPPORTED_LANGUAGES),
  hiddenTabs: z
    .union([
      z.array(z.enum(TAB_NAMES)).max(TAB_NAMES.length),
      z
        .string()
        .max(4000)
        .transform((text, issue) => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            issue.addIssue({ code: 'custom', message: 'not a JSON list of tab names' });
            return z.NEVER;
          }
        })
        .pipe(z.array(z.enum(TAB_NAMES)).max(TAB_NAMES.length)),
    ])
    .transform((tabs) => JSON.stringify([...new Set(tabs)])),
} as const;
type FieldName = keyof typeof FIELD_VALIDATORS;
const fieldParam = z.object({
  id: pathId,
  field: z.enum(Object.keys(FIELD_VALIDATORS) as [FieldName, ...FieldName[]]),
});

/** A user record the caller may see: itself, or one in its tree when it holds user:r (else 404/403). */
async function visibleUser(
  ctx: ServicesContext,
  caller: Caller,
  id: number,
  letter: 'r' | 'u',
): Promise<UserRow> {
  if (id === caller.user.id) {
    return (
      (await ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ??
      caller.user
    );
  }
  const user = await findVisibleUser(ctx.db, caller, id);
  requireUserAccess(caller, id, letter);
  return user;
}

function toMap(
  fields: Iterable<FieldEntry>,
  names: Set<string> | undefined,
  format: 'map' | 'list',
): unknown {
  const selected = [...fields]
    .filter((field) => !names || names.has(field.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  return format === 'list'
    ? selected
    : Object.fromEntries(selected.map((field) => [field.name, field]));
}

export function registerUserRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  // only a number: /user/whoami, /user/validateToken and /user/export.csv are other routes
  api.get('/user/:id{[0-9]+}', async (c) => {
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const query = parseOrThrow(userQuery, c.req.query(), 'query');
    const caller = c.get('caller');
    const user = await visibleUser(ctx, caller, id, 'r');
    const fields = await ctx.directory.userFields(user.id);
    return c.json(
      await shapeUser(ctx.directory, user, fields, query.extra ?? new Set(), query.only),
    );
  });

  api.get('/user/:id/permissions', (c) => {
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const caller = c.get('caller');
    requireOwnPermissions(caller, id);
    // Portico's strings, then the platform's one-string-per-letter form of them (RiotShiroRealm)
    return c.json({
      results: [
        ...new Set([...caller.permissionList, ...perLetterPermissions(caller.permissionList)]),
      ],
    });
  });

  api.post('/user/:id/inheritedFields', async (c) => {
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const { format = 'map' } = parseOrThrow(formatQuery, c.req.query(), 'query');
    const body = parseOrThrow(inheritedBody, (await readJson(c.req, false)) ?? {}, 'body');
    const user = await visibleUser(ctx, c.get('caller'), id, 'r');
    const merged = await userFieldEntries(ctx.db, ctx.directory, user);
    const names = body.filters?.length
      ? new Set(body.filters.flatMap((filter) => filter.values))
      : undefined;
    return c.json(toMap(merged.values(), names, format) as object);
  });

  api.post('/user/:id/visibilityGroups', async (c) => {
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const body = parseOrThrow(visibilityBody, (await readJson(c.req, false)) ?? {}, 'body');
    const user = await visibleUser(ctx, c.get('caller'), id, 'r');
    const group = await ctx.directory.group(user.groupId);
    if (!group) throw new HttpError(404, `User ${id} not found`);
    const wanted = body.filters?.length
      ? [...new Set(body.filters.flatMap((filter) => filter.values))]
      : [...VISIBILITY_RESOURCES];
    const descending = body.orderBy?.[0]?.direction.toUpperCase() === 'DESC';
    wanted.sort((a, b) => (descending ? b.localeCompare(a) : a.localeCompare(b)));
    return c.json(
      wanted.map((resource) => ({
        resource,
        group: {
          id: group.id,
          name: group.name,
          treeLevel: group.treeLevel,
          hierarchyCode: group.hierarchyCode,
        },
      })),
    );
  });

  api.put('/user/:id/field/:field', async (c) => {
    const { id, field } = parseOrThrow(fieldParam, c.req.param(), 'path');
    const raw = parseOrThrow(z.strictObject({ value: z.unknown() }), await readJson(c.req), 'body');
    const caller = c.get('caller');
    const user = await visibleUser(ctx, caller, id, 'u');
    const value =
      raw.value === null
        ? null
        : parseOrThrow(z.object({ value: FIELD_VALIDATORS[field] }), raw, 'body').value;
    const tenant = await ctx.directory.tenantOf(user.groupId);
    await ctx.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('userFields')
        .select('value')
        .where('ownerId', '=', user.id)
        .where('name', '=', field)
        .executeTakeFirst();
      if (value === null) {
        await trx
          .deleteFrom('userFields')
          .where('ownerId', '=', user.id)
          .where('name', '=', field)
          .execute();
      } else {
        await trx
          .insertInto('userFields')
          .values({ ownerId: user.id, name: field, value })
          .onConflict((oc) => oc.columns(['ownerId', 'name']).doUpdateSet({ value }))
          .execute();
      }
      await appendRequestAudit(trx, c, {
        action: value === null ? 'field.remove' : 'field.set',
        ...auditedRecord('user', user.id, user.username, tenant?.id ?? null),
        changes: [{ field, before: before?.value ?? null, after: value }],
      });
    });
    await ctx.bus.publish({ type: 'directory' });
    if (value === null) return c.body(null, 204);
    // the platform's answer: 201 with the UserField
    const row = await ownFields(ctx.db, user.id)
      .where('name', '=', field)
      .executeTakeFirstOrThrow();
    return c.json(ownFieldJson(user, row), 201);
  });

  api.get('/group/:id/inheritedFields', async (c) => {
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    // the platform's default is its list format; the console asks for format=map (spec §7)
    const { format = 'list' } = parseOrThrow(formatQuery, c.req.query(), 'query');
    const caller = c.get('caller');
    if (!caller.visibleGroupIds.has(id)) throw new HttpError(404, `Group ${id} not found`);
    const fields = await groupFieldEntries(ctx.db, ctx.directory, id);
    if (format === 'list') {
      const results = [...fields.values()];
      return c.json({ total: results.length, results });
    }
    return c.json(toMap(fields.values(), undefined, format) as object);
  });
}

// PUT /group/{id}/field/{field} `{ "value": … }`: sets (or, with null, removes) one of a group's own
// fields, the shape of PUT /user/{id}/field/{field}. The tenant settings (the session timeout, the
// default tab, the time and date formats, the vocabulary labels) are group fields inherited by the
// groups below. Permission `settings:u` on a group of the caller's tree (policies/group-field-policy.ts);
// each field is validated on its own (a clear 400 names the field); the write and its audit entry
// commit together; every cache of inherited fields is emptied through the bus.
import type { Hono } from 'hono';
import { z } from 'zod';
import {
  CALENDAR_FORMATS,
  DATE_FORMATS,
  MAX_SESSION_TIMEOUT_MINUTES,
  SUPPORTED_LANGUAGES,
  TAB_NAMES,
  isValidTimeZone,
} from '@portico/core';
import { appendAudit } from '../audit/audit-log.ts';
import { auditOrigin } from '../http/audit-origin.ts';
import { parseOrThrow } from '../http/http-error.ts';
import { readJson } from '../http/read-json.ts';
import { requireGroupFieldWrite } from '../policies/group-field-policy.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';

/** Whole minutes, as a number or its text; stored as text (group fields are text). */
const minutes = z
  .union([z.number(), z.string().regex(/^\s*\d+\s*$/, 'not a whole number of minutes')])
  .transform(Number)
  .pipe(
    z
      .number()
      .int('not a whole number of minutes')
      .min(1, 'at least 1 minute')
      .max(MAX_SESSION_TIMEOUT_MINUTES, `at most ${MAX_SESSION_TIMEOUT_MINUTES} minutes`),
  )
  .transform(String);

const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((value) => String(value));

/** A vocabulary label: one text for every language, or a language → text map (stored as JSON). */
const label = z.union([
  z.string().trim().min(1, 'a label cannot be empty').max(200),
  z
    .partialRecord(z.enum(SUPPORTED_LANGUAGES), z.string().trim().min(1).max(200))
    .refine((map) => Object.keys(map).length > 0, 'at least one language')
    .transform((map) => JSON.stringify(map)),
]);

const FIELD_VALIDATORS = {
  sessionTimeout: minutes,
  timeZoneConfiguration: z.string().refine(isValidTimeZone, 'not a known time zone'),
  dateFormatConfiguration: z.enum(DATE_FORMATS),
  calendarFormatConfiguration: z.enum(CALENDAR_FORMATS),
  language: z.enum(SUPPORTED_LANGUAGES),
  defaultNavBar: z.enum(TAB_NAMES),
  autoLoadTabMenus: flag,
} as const;
type KnownField = keyof typeof FIELD_VALIDATORS;
const VOCABULARY = /^vizixVocabularyLabel[A-Za-z]{1,64}$/;

const fieldParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  field: z
    .string()
    .refine(
      (name) => Object.hasOwn(FIELD_VALIDATORS, name) || VOCABULARY.test(name),
      `not a group field that can be set (${Object.keys(FIELD_VALIDATORS).join(', ')}, vizixVocabularyLabel…)`,
    ),
});

function validatorOf(field: string): z.ZodType<string> {
  return Object.hasOwn(FIELD_VALIDATORS, field) ? FIELD_VALIDATORS[field as KnownField] : label;
}

export function registerGroupFieldRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  api.put('/group/:id/field/:field', async (c) => {
    const { id, field } = parseOrThrow(fieldParam, c.req.param(), 'path');
    const caller = c.get('caller');
    const group = requireGroupFieldWrite(caller, id, await ctx.directory.group(id));
    const raw = parseOrThrow(z.strictObject({ value: z.unknown() }), await readJson(c.req), 'body');
    const value =
      raw.value === null
        ? null
        : parseOrThrow(z.object({ value: validatorOf(field) }), raw, 'body').value;
    const tenant = await ctx.directory.tenantOf(group.id);
    await ctx.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('groupFields')
        .select('value')
        .where('ownerId', '=', group.id)
        .where('name', '=', field)
        .executeTakeFirst();
      if (value === null) {
        await trx
          .deleteFrom('groupFields')
          .where('ownerId', '=', group.id)
          .where('name', '=', field)
          .execute();
      } else {
        await trx
          .insertInto('groupFields')
          .values({ ownerId: group.id, name: field, value })
          .onConflict((oc) => oc.columns(['ownerId', 'name']).doUpdateSet({ value }))
          .execute();
      }
      await appendAudit(trx, auditOrigin(c), {
        action: value === null ? 'field.remove' : 'field.set',
        resource: 'group',
        recordId: group.id,
        recordName: group.name,
        tenantId: tenant?.id ?? null,
        actorId: caller.user.id,
        actorName: caller.user.username,
        changes: [{ field, before: before?.value ?? null, after: value }],
      });
    });
    await ctx.bus.publish({ type: 'directory' });
    const fields = await ctx.directory.inheritedGroupFields(group.id);
    const now = fields.get(field);
    // the field as GET /group/{id}/inheritedFields?format=list shows it, with the group it belongs to
    return c.json({
      group: { id: group.id, name: group.name },
      name: field,
      value: now?.value ?? null,
      parentValue: now?.parentValue ?? null,
    });
  });
}

// A thing type's attributes (the platform's ThingTypeField; Tenants → Rules & attributes):
// GET    /thingType/{id}/fields                 its attributes, in order ({total, results})
// POST   /thingType/{id}/fields                 add one (placed last)
// PATCH  /thingType/{id}/fields/{fieldId}       change one (PUT too: the whole definition)
// DELETE /thingType/{id}/fields/{fieldId}       delete one (409 while things hold a value of it,
//                                               unless ?removeValues=true: the values go with it)
// POST   /thingType/{id}/fields/reorder         {order: [fieldId, …]}: every attribute, in its new order
// thingtype:r reads, thingtype:u changes (policies/thing-type-field-policy.ts); each change is audited
// in its own transaction. A change the things' stored values would break is refused (409 naming how
// many things), so a thing's values always hold against its type.
import type { Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  ATTRIBUTE_LIMITS,
  attributeDefinitionProblemText,
  checkAttributeDefinition,
} from '@portico/core';
import { fieldChanges } from '../audit/audit-log.ts';
import type { Caller } from '../auth/directory.ts';
import { appendRequestAudit } from '../http/audit-origin.ts';
import { HttpError, parseOrThrow, invalidField } from '../http/http-error.ts';
import { pathId } from '../http/id-param.ts';
import { readJson } from '../http/read-json.ts';
import { describeRoute } from '../http/route-registry.ts';
import { findReadableRow } from '../policies/access.ts';
import {
  requireThingTypeFields,
  requireThingTypeWritable,
} from '../policies/thing-type-field-policy.ts';
import { attributeJson } from '../presenters/thing-type-field-json.ts';
import { THING_TYPE } from '../resources/definitions/model.ts';
import {
  attributeColumns,
  attributeOfRow,
  attributesOfType,
  refusesValue,
  thingsRefusing,
} from '../resources/definitions/thing-attributes.ts';
import type { StoredAttribute } from '../resources/definitions/thing-attributes.ts';
import type { Row } from '../resources/resource-spec.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';

type AnyDb = Kysely<Record<string, Row>>;

const params = z.object({
  id: pathId,
});
const fieldParams = params.extend({
  fieldId: pathId,
});
const definitionBody = z.looseObject({});
const reorderBody = z.strictObject({
  order: z.array(z.number().int().positive()).max(ATTRIBUTE_LIMITS.attributes),
});
const deleteQuery = z.object({ removeValues: z.enum(['true', 'false']).optional() });

function refused(problems: ReturnType<typeof checkAttributeDefinition>): HttpError {
  const fields: Record<string, string> = {};
  if (!problems.ok)
    for (const problem of problems.problems)
      fields[problem.field] ??= attributeDefinitionProblemText(problem);
  const [field, text] = Object.entries(fields)[0] ?? ['body', 'invalid'];
  return new HttpError(400, `Invalid body: ${field}: ${text}`, fields, undefined, {
    problems: problems.ok ? [] : problems.problems,
  });
}

const ofThings = (count: number) => `${count} thing${count === 1 ? '' : 's'}`;

export function registerThingTypeFieldRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  const db = ctx.db as unknown as AnyDb;

  /** The thing type of the path, readable by the caller (404 otherwise), and writable for a change. */
  async function thingTypeOf(reader: AnyDb, caller: Caller, id: number, change: boolean) {
    const type = await findReadableRow(reader, THING_TYPE, id, caller);
    if (change) requireThingTypeWritable(caller, Number(type.groupId));
    return type;
  }

  async function audit(
    c: Context<AppEnv>,
    trx: AnyDb,
    caller: Caller,
    action: 'create' | 'update' | 'delete',
    type: Row,
    before: StoredAttribute | undefined,
    after: StoredAttribute | undefined,
    extra: { field: string; before?: unknown; after?: unknown }[] = [],
  ) {
    const subject = after ?? before;
    const tenant = await ctx.directory.tenantOf(
      Number(type.groupId),
      trx as unknown as ServicesContext['db'],
    );
    const shape = (attribute: StoredAttribute | undefined) =>
      attribute && { ...attributeJson(attribute), id: undefined, creationTime: undefined };
    await appendRequestAudit(trx as unknown as ServicesContext['db'], c, {
      action,
      resource: 'thingTypeField',
      recordId: subject?.id ?? null,
      recordName: `${String(type.name)} / ${subject?.name ?? ''}`.slice(0, 200),
      tenantId: tenant?.id ?? null,
      changes: [...fieldChanges(shape(before), shape(after)), ...extra],
    });
  }

  /** A change's caller (held to the attribute change permission), its path and its body, checked. */
  async function changeOf<Path extends object, Body>(
    c: Context<AppEnv>,
    path: z.ZodType<Path>,
    body: z.ZodType<Body>,
  ) {
    const caller = c.get('caller');
    requireThingTypeFields(caller, 'change');
    const where = parseOrThrow(path, c.req.param(), 'path');
    return { caller, ...where, body: parseOrThrow(body, await readJson(c.req), 'body') };
  }

  async function tell(tables: string[]) {
    for (const table of tables) await ctx.bus.publish({ type: 'table', table });
  }

  describeRoute(api, 'GET', '/thingType/:id/fields', {
    summary: 'The attributes (user-defined fields) of a thing type, in order',
    tag: 'thingType',
  });
  api.get('/thingType/:id/fields', async (c) => {
    const caller = c.get('caller');
    requireThingTypeFields(caller, 'read');
    const { id } = parseOrThrow(params, c.req.param(), 'path');
    await thingTypeOf(db, caller, id, false);
    const results = (await attributesOfType(db, id)).map(attributeJson);
    return c.json({ total: results.length, results });
  });

  describeRoute(api, 'POST', '/thingType/:id/fields', {
    summary: 'Add an attribute to a thing type',
    tag: 'thingType',
    body: definitionBody,
  });
  api.post('/thingType/:id/fields', async (c) => {
    const { caller, id, body } = await changeOf(c, params, definitionBody);
    const created = await db.transaction().execute(async (trx) => {
      const type = await thingTypeOf(trx, caller, id, true);
      const siblings = await attributesOfType(trx, id);
      if (siblings.length >= ATTRIBUTE_LIMITS.attributes)
        throw new HttpError(
          409,
          `A thing type holds at most ${ATTRIBUTE_LIMITS.attributes} attributes`,
        );
      const check = checkAttributeDefinition(
        body,
        siblings.map((sibling) => sibling.name),
      );
      if (!check.ok) throw refused(check);
      const position = Math.max(-1, ...siblings.map((sibling) => sibling.position)) + 1;
      const inserted = await trx
        .insertInto('thingTypeFields')
        .values({
          ...attributeColumns(check.definition),
          thingTypeId: id,
          groupId: Number(type.groupId),
          position,
          creationTime: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await trx
        .selectFrom('thingTypeFields')
        .selectAll()
        .where('id', '=', Number(inserted.id))
        .executeTakeFirstOrThrow();
      const attribute = attributeOfRow(row);
      await audit(c, trx, caller, 'create', type, undefined, attribute);
      return attribute;
    });
    await tell(['thingTypeFields']);
    return c.json(attributeJson(created), 201);
  });

  for (const method of ['PATCH', 'PUT'] as const) {
    describeRoute(api, method, '/thingType/:id/fields/:fieldId', {
      summary:
        method === 'PATCH'
          ? 'Change an attribute (the keys sent; refused while things hold values it would refuse)'
          : 'Replace an attribute (the whole definition)',
      tag: 'thingType',
      body: definitionBody,
    });
    api.on(method, '/thingType/:id/fields/:fieldId', async (c) => {
      const { caller, id, fieldId, body } = await changeOf(c, fieldParams, definitionBody);
      const updated = await db.transaction().execute(async (trx) => {
        const type = await thingTypeOf(trx, caller, id, true);
        const siblings = await attributesOfType(trx, id);
        const before = siblings.find((sibling) => sibling.id === fieldId);
        if (!before) throw new HttpError(404, `thingTypeField ${fieldId} not found`);
        const input = method === 'PATCH' ? { ...attributeJson(before), ...body } : body;
        const check = checkAttributeDefinition(
          input,
          siblings.filter((sibling) => sibling.id !== fieldId).map((sibling) => sibling.name),
        );
        if (!check.ok) throw refused(check);
        const definition = check.definition;
        // the things' values must hold against the new definition: a renamed attribute leaves its
        // values behind, a stricter one refuses some
        const renamed = definition.name !== before.name;
        const breaking = await thingsRefusing(
          trx,
          id,
          before.name,
          (value) => renamed || refusesValue(definition, value),
        );
        if (breaking.length > 0)
          throw new HttpError(
            409,
            renamed
              ? `${ofThings(breaking.length)} hold a value of ${before.name}: its name cannot change`
              : `${ofThings(breaking.length)} hold a value of ${before.name} this definition refuses`,
            undefined,
            undefined,
            { count: breaking.length },
          );
        await trx
          .updateTable('thingTypeFields')
          .set(attributeColumns(definition))
          .where('id', '=', fieldId)
          .execute();
        const after = attributeOfRow(
          await trx
            .selectFrom('thingTypeFields')
            .selectAll()
            .where('id', '=', fieldId)
            .executeTakeFirstOrThrow(),
        );
        await audit(c, trx, caller, 'update', type, before, after);
        return after;
      });
      await tell(['thingTypeFields']);
      return c.json(attributeJson(updated));
    });
  }

  describeRoute(api, 'DELETE', '/thingType/:id/fields/:fieldId', {
    summary:
      'Delete an attribute (409 naming how many things hold a value, unless removeValues=true)',
    tag: 'thingType',
    query: deleteQuery,
  });
  api.delete('/thingType/:id/fields/:fieldId', async (c) => {
    const caller = c.get('caller');
    requireThingTypeFields(caller, 'change');
    const { id, fieldId } = parseOrThrow(fieldParams, c.req.param(), 'path');
    const { removeValues } = parseOrThrow(deleteQuery, c.req.query(), 'query');
    const removed = await db.transaction().execute(async (trx) => {
      const type = await thingTypeOf(trx, caller, id, true);
      const before = (await attributesOfType(trx, id)).find((sibling) => sibling.id === fieldId);
      if (!before) throw new HttpError(404, `thingTypeField ${fieldId} not found`);
      const holding = await thingsRefusing(trx, id, before.name, () => true);
      if (holding.length > 0 && removeValues !== 'true')
        throw new HttpError(
          409,
          `${ofThings(holding.length)} hold a value of ${before.name}: delete with removeValues=true to remove the values too`,
          undefined,
          undefined,
          { count: holding.length },
        );
      for (const thing of holding) {
        const udfs = { ...thing.udfs };
        delete udfs[before.name];
        await trx
          .updateTable('things')
          .set({ udfs: JSON.stringify(udfs), modifiedTime: Date.now() })
          .where('id', '=', thing.id)
          .execute();
      }
      await trx.deleteFrom('thingTypeFields').where('id', '=', fieldId).execute();
      await audit(
        c,
        trx,
        caller,
        'delete',
        type,
        before,
        undefined,
        holding.length > 0 ? [{ field: 'valuesRemoved', after: holding.length }] : [],
      );
      return holding.length;
    });
    await tell(removed > 0 ? ['thingTypeFields', 'things'] : ['thingTypeFields']);
    return c.json({ deleted: fieldId, valuesRemoved: removed });
  });

  describeRoute(api, 'POST', '/thingType/:id/fields/reorder', {
    summary: 'Order the attributes of a thing type (every attribute id, in its new order)',
    tag: 'thingType',
    body: reorderBody,
  });
  api.post('/thingType/:id/fields/reorder', async (c) => {
    const {
      caller,
      id,
      body: { order },
    } = await changeOf(c, params, reorderBody);
    const results = await db.transaction().execute(async (trx) => {
      const type = await thingTypeOf(trx, caller, id, true);
      const attributes = await attributesOfType(trx, id);
      const known = new Set(attributes.map((attribute) => attribute.id));
      if (
        order.length !== attributes.length ||
        new Set(order).size !== order.length ||
        order.some((fieldId) => !known.has(fieldId))
      )
        throw invalidField('order', 'must list every attribute once');
      for (const [position, fieldId] of order.entries())
        await trx
          .updateTable('thingTypeFields')
          .set({ position })
          .where('id', '=', fieldId)
          .execute();
      const before = attributes.map((attribute) => attribute.name);
      const after = order.map(
        (fieldId) => attributes.find((attribute) => attribute.id === fieldId)?.name,
      );
      if (before.join() !== after.join()) {
        const tenant = await ctx.directory.tenantOf(
          Number(type.groupId),
          trx as unknown as ServicesContext['db'],
        );
        await appendRequestAudit(trx as unknown as ServicesContext['db'], c, {
          action: 'update',
          resource: 'thingTypeField',
          recordName: `${String(type.name)}`.slice(0, 200),
          tenantId: tenant?.id ?? null,
          changes: [{ field: 'order', before, after }],
        });
      }
      return (await attributesOfType(trx, id)).map(attributeJson);
    });
    await tell(['thingTypeFields']);
    return c.json({ total: results.length, results });
  });
}

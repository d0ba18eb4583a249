// Thing attributes in the services: a definition's row as core's AttributeDefinition, the
// definitions of a thing type, the check of a thing's values on every write of a thing (the THING
// hook: create, PUT, PATCH, the platform's PUT form, bulk, CSV import) and how many things hold a
// value of an attribute.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  attributeValueProblemText,
  checkAttributeValue,
  checkThingAttributes,
  isRecord,
} from '@portico/core';
import type { AttributeDataType, AttributeDefinition, AttributeValue } from '@portico/core';
import { HttpError } from '../../http/http-error.ts';
import { parseJsonColumn } from '../resource-fields.ts';
import type { Row, WriteContext } from '../resource-spec.ts';

type AnyDb = Kysely<Record<string, Row>>;

/** A definition with its row's id, thing type and place. */
export interface StoredAttribute extends AttributeDefinition {
  readonly id: number;
  readonly thingTypeId: number;
  readonly groupId: number;
  readonly position: number;
  readonly creationTime: number;
}

const nullableNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

export function attributeOfRow(row: Row): StoredAttribute {
  const label = parseJsonColumn(row.label, '');
  const allowed = parseJsonColumn(row.allowedValues, []);
  const defaultValue = parseJsonColumn(row.defaultValue, null);
  return {
    id: Number(row.id),
    thingTypeId: Number(row.thingTypeId),
    groupId: Number(row.groupId),
    name: String(row.name),
    label:
      typeof label === 'string' || isRecord(label) ? (label as AttributeDefinition['label']) : '',
    dataType: String(row.dataType) as AttributeDataType,
    unit: String(row.unit ?? ''),
    symbol: String(row.symbol ?? ''),
    required: Number(row.required) === 1,
    allowedValues: Array.isArray(allowed) ? allowed.map(String) : [],
    minimum: nullableNumber(row.minimum),
    maximum: nullableNumber(row.maximum),
    maxLength: nullableNumber(row.maxLength),
    defaultValue:
      typeof defaultValue === 'string' ||
      typeof defaultValue === 'number' ||
      typeof defaultValue === 'boolean'
        ? defaultValue
        : null,
    position: Number(row.position),
    creationTime: Number(row.creationTime),
  };
}

/** The storage form of a checked definition (the columns a write sets). */
export function attributeColumns(definition: AttributeDefinition): Row {
  return {
    name: definition.name,
    label: JSON.stringify(definition.label),
    dataType: definition.dataType,
    unit: definition.unit,
    symbol: definition.symbol,
    required: definition.required ? 1 : 0,
    allowedValues: JSON.stringify(definition.allowedValues),
    minimum: definition.minimum,
    maximum: definition.maximum,
    maxLength: definition.maxLength,
    defaultValue: definition.defaultValue === null ? null : JSON.stringify(definition.defaultValue),
  };
}

/** The attributes of thing type `thingTypeId`, in their order. */
export async function attributesOfType(
  reader: AnyDb,
  thingTypeId: number,
): Promise<StoredAttribute[]> {
  const rows = await reader
    .selectFrom('thingTypeFields')
    .selectAll()
    .where('thingTypeId', '=', thingTypeId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(attributeOfRow);
}

/** The attributes of many thing types at once, by thing type. */
export async function attributesOfTypes(
  reader: AnyDb,
  thingTypeIds: readonly number[],
): Promise<Map<number, StoredAttribute[]>> {
  const byType = new Map<number, StoredAttribute[]>();
  if (thingTypeIds.length === 0) return byType;
  const rows = await reader
    .selectFrom('thingTypeFields')
    .selectAll()
    .where('thingTypeId', 'in', [...new Set(thingTypeIds)])
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const attribute of rows.map(attributeOfRow)) {
    const list = byType.get(attribute.thingTypeId) ?? [];
    list.push(attribute);
    byType.set(attribute.thingTypeId, list);
  }
  return byType;
}

const typesByTransaction = new WeakMap<
  object,
  Map<number, { groupId: number | undefined; definitions: StoredAttribute[] }>
>();

/** A thing's `udfs` as a client writes it: an object of values (or of the platform's `{value}`). */
export const udfsWrite = z
  .record(z.string().max(100), z.unknown())
  .superRefine((value, context) => {
    if (JSON.stringify(value).length > 50_000)
      context.addIssue({ code: 'custom', message: 'must be at most 50000 characters of JSON' });
  });

/**
 * The THING hook: a thing's values against its type's attributes. A create checks them (defaults
 * given); an update checks them when it writes `udfs` or moves the thing to another type (then the
 * new type's defaults fill what it lacks); a write of other fields leaves them alone. Refused: 400
 * naming the first attribute (every one in `fields`, as `udfs.<name>`); nothing is written.
 */
export async function checkThingUdfs(values: Row, write: WriteContext): Promise<void> {
  const existing = write.existing;
  const typeChanged =
    existing !== undefined &&
    values.thingTypeId !== undefined &&
    Number(values.thingTypeId) !== Number(existing.thingTypeId);
  if (existing && values.udfs === undefined && !typeChanged) return;
  const thingTypeId = values.thingTypeId ?? existing?.thingTypeId;
  if (typeof thingTypeId !== 'number') return;
  // one transaction (an import's batch) asks of the same few types for many things
  let cache = typesByTransaction.get(write.trx);
  if (!cache) typesByTransaction.set(write.trx, (cache = new Map()));
  let known = cache.get(thingTypeId);
  if (!known) {
    const row = await write.trx
      .selectFrom('thingTypes')
      .select(['id', 'groupId'])
      .where('id', '=', thingTypeId)
      .executeTakeFirst();
    known = {
      groupId: row ? Number(row.groupId) : undefined,
      definitions: row ? await attributesOfType(write.trx, thingTypeId) : [],
    };
    cache.set(thingTypeId, known);
  }
  const type = known.groupId === undefined ? undefined : { groupId: known.groupId };
  const { caller } = write;
  const readable =
    type !== undefined &&
    (caller.isRoot ||
      caller.visibleGroupIds.has(Number(type.groupId)) ||
      caller.tenantAncestorIds.has(Number(type.groupId)));
  // an unknown or unreadable type is the references' check to refuse, with its own answer
  if (!readable) return;
  const raw = (values.udfs ?? parseJsonColumn(existing?.udfs, {}) ?? {}) as Record<string, unknown>;
  const definitions = known.definitions;
  const check = checkThingAttributes(
    definitions,
    isRecord(raw) ? raw : {},
    !existing || typeChanged,
  );
  if (check.ok) {
    values.udfs = check.values;
    return;
  }
  const fields: Record<string, string> = {};
  for (const { attribute, problem } of check.problems)
    fields[`udfs.${attribute}`] = attributeValueProblemText(problem);
  const [first] = check.problems;
  // check.ok is false only with a problem
  const name = first ? `udfs.${first.attribute}` : 'udfs';
  throw new HttpError(400, `Invalid body: ${name}: ${fields[name]}`, fields, undefined, {
    problems: check.problems,
  });
}

/** The live things of `thingTypeId` whose value of attribute `name` `refused` says is wrong. */
export async function thingsRefusing(
  reader: AnyDb,
  thingTypeId: number,
  name: string,
  refused: (value: unknown) => boolean,
): Promise<{ id: number; udfs: Record<string, unknown> }[]> {
  const rows = await reader
    .selectFrom('things')
    .select(['id', 'udfs'])
    .where('thingTypeId', '=', thingTypeId)
    .where('deletedAt', 'is', null)
    // the key's text is in the JSON of every thing that holds it (a quick filter; JSON decides)
    .where('udfs', 'like', `%${JSON.stringify(name)}%`)
    .execute();
  const out: { id: number; udfs: Record<string, unknown> }[] = [];
  for (const row of rows) {
    const udfs = parseJsonColumn(row.udfs, {});
    if (isRecord(udfs) && Object.hasOwn(udfs, name) && refused(udfs[name]))
      out.push({ id: Number(row.id), udfs });
  }
  return out;
}

/** Whether `definition` refuses a stored value (it was valid for the definition before a change). */
export function refusesValue(definition: AttributeDefinition, value: unknown): boolean {
  return !checkAttributeValue(definition, value as AttributeValue).ok;
}

// The real platform's own create form of a thing (`PUT /thing`): `{group: ">A>B", thingTypeCode,
// name, serialNumber, udfs}`, translated into Portico's fields before the generic validation.
import type { Kysely } from 'kysely';
import { isRecord } from '@portico/core';
import type { Caller } from '../auth/directory.ts';
import { HttpError, withPlatformMessage } from '../http/http-error.ts';
import type { ServicesContext } from '../services-context.ts';
import { readableGroups } from '../policies/access.ts';
import { RESOURCES_BY_PATH } from './definitions/index.ts';
import type { Row } from './resource-spec.ts';

type AnyDb = Kysely<Record<string, Row>>;

/**
 * The group a hierarchy path of group codes names (`">acme>acme-north"`: the last code's group, its
 * parent's code the one before, and so on up the path), among the groups the caller can write to.
 */
async function groupOfPath(
  ctx: ServicesContext,
  caller: Caller,
  path: string,
): Promise<number | undefined> {
  const codes = path.split('>').filter((code) => code !== '');
  if (codes.length === 0) return undefined;
  const groups = await ctx.directory.groupsById();
  const matches = [...groups.values()].filter((group) => {
    if (!caller.visibleGroupIds.has(group.id)) return false;
    let current: typeof group | undefined = group;
    for (let index = codes.length - 1; index >= 0; index--) {
      if (!current || current.code !== codes[index]) return false;
      current = current.parentId === null ? undefined : groups.get(current.parentId);
    }
    return true;
  });
  return matches.length === 1 ? matches[0]?.id : undefined;
}

async function idByCode(
  db: AnyDb,
  caller: Caller,
  path: 'thingType' | 'zone' | 'thing',
  code: string,
): Promise<number | undefined> {
  const spec = RESOURCES_BY_PATH.get(path);
  if (!spec) return undefined;
  let query = db
    .selectFrom(spec.table)
    .select('id')
    .where(path === 'thing' ? 'serial' : 'code', '=', code)
    .where('deletedAt', 'is', null);
  const readable = readableGroups(caller, spec);
  if (readable) query = query.where('groupId', 'in', [...readable]);
  const row = await query.orderBy('id').limit(1).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** A 400 of the thing form: the platform answers these as `{"message"}`, Portico as `{"error"}`. */
function platformRefusal(text: string, fields: Record<string, string>): HttpError {
  return withPlatformMessage(new HttpError(400, text, fields), text);
}

/** The udf value of `{name: {value}}` or `{name: value}`. */
function udfValue(udfs: Record<string, unknown>, name: string): unknown {
  const entry = udfs[name];
  return isRecord(entry) ? entry.value : entry;
}

/**
 * A thing's create body in the platform's form, as Portico's: `group` (a hierarchy path) → `groupId`,
 * `thingTypeCode` → `thingTypeId`, `serialNumber` → `serial`, `parent: {serialNumber}` → `parentId`
 * (a readable thing of that serial), the `zone` and `status` udfs → `zoneId` and `status`, other
 * udfs → `udfs` (the thing type's attribute values). What Portico does not model (`children`,
 * `time`) is skipped by the lenient write body (named in `X-Portico-Skipped-Fields`). A body in Portico's own form passes through unchanged.
 */
export async function thingFromPlatformForm(
  ctx: ServicesContext,
  caller: Caller,
  body: unknown,
): Promise<unknown> {
  if (!isRecord(body)) return body;
  const out: Record<string, unknown> = { ...body };
  const db = ctx.db as unknown as AnyDb;
  if (typeof out.group === 'string') {
    const groupId = await groupOfPath(ctx, caller, out.group);
    if (groupId === undefined)
      throw platformRefusal(`Invalid group [${out.group}]`, { group: 'no such group path' });
    delete out.group;
    out.groupId ??= groupId;
  }
  if (typeof out.thingTypeCode === 'string') {
    const thingTypeId = await idByCode(db, caller, 'thingType', out.thingTypeCode);
    if (thingTypeId === undefined)
      throw platformRefusal(`Invalid thingTypeCode [${out.thingTypeCode}]`, {
        thingTypeCode: 'no such thing type',
      });
    delete out.thingTypeCode;
    out.thingTypeId ??= thingTypeId;
  }
  if (isRecord(out.parent) && typeof out.parent.serialNumber === 'string') {
    const serial = out.parent.serialNumber;
    const parentId = await idByCode(db, caller, 'thing', serial);
    if (parentId === undefined)
      throw platformRefusal(`Parent with serial:${serial} does not exist`, {
        'parent.serialNumber': 'no such thing',
      });
    delete out.parent;
    out.parentId ??= parentId;
  }
  if (typeof out.serialNumber === 'string') {
    out.serial ??= out.serialNumber;
    delete out.serialNumber;
  }
  if (isRecord(out.udfs)) {
    const udfs = out.udfs;
    delete out.udfs;
    const attributes: Record<string, unknown> = {};
    for (const name of Object.keys(udfs)) {
      const value = udfValue(udfs, name);
      if (name === 'zone' && typeof value === 'string') {
        const zoneId = await idByCode(db, caller, 'zone', value);
        if (zoneId === undefined)
          throw platformRefusal(`Invalid zone [${value}]`, { 'udfs.zone': 'no such zone' });
        out.zoneId ??= zoneId;
      } else if (name === 'status' && typeof value === 'string') {
        out.status ??= value;
      } else {
        // the thing type's attributes: checked against them as any thing's values are
        attributes[name] = value;
      }
    }
    if (Object.keys(attributes).length > 0) out.udfs = attributes;
  }
  return out;
}

/**
 * A user's write body with the platform's `userRoles` (its roles as a user answer lists them,
 * `[{id, name, ...}]`, or their ids) read as `roleIds`; `roleIds`, when sent too, wins (a body holding
 * both is an echo of a GET). The roles are then checked as any `roleIds` are (the authority policy:
 * only roles the caller may hand out).
 */
export function userFromPlatformForm(body: unknown): unknown {
  if (!isRecord(body) || !Object.hasOwn(body, 'userRoles')) return body;
  const { userRoles, ...rest } = body;
  if (Object.hasOwn(rest, 'roleIds')) return rest;
  const roleIds = Array.isArray(userRoles)
    ? userRoles.map((role: unknown) => (isRecord(role) && role.id !== undefined ? role.id : role))
    : userRoles;
  return { ...rest, roleIds };
}

// People and access: users, roles and the resources roles name.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { parsePermission } from '@portico/core';
import { hashPassword } from '../../auth/password.ts';
import { MAX_PASSWORD_LENGTH, checkNewPassword } from '../../auth/password-rules.ts';
import { requireUsernameFree } from '../../auth/usernames.ts';
import { HttpError, invalidField } from '../../http/http-error.ts';
import {
  administratorCensus,
  withoutUser,
  authorizeRoleDelete,
  authorizeRoleWrite,
  authorizeUserCreate,
  authorizeUserDelete,
  authorizeUserUpdate,
  requireAdministratorsRemain,
} from '../../policies/authority-policy.ts';
import type { AdministratorCensus } from '../../policies/authority-policy.ts';
import { userJson } from '../../presenters/user-json.ts';
import type { UserRow } from '../../auth/directory.ts';
import { parseIdList } from '../../auth/directory.ts';
import type { Database } from '../../db/schema.ts';
import type { ResourceSpec, WriteContext } from '../resource-spec.ts';
import { name, str, flag, identity, catalogFields } from './fields.ts';
import { SHIFT_FIELDS, checkShifts } from './user-shifts.ts';

// The administrator census taken before a user or role write, compared with the one after it (in
// the same transaction): a write that leaves a tenant without an administrator rolls back (409).
const censusBefore = new WeakMap<WriteContext, AdministratorCensus>();

async function takeCensus(write: WriteContext): Promise<AdministratorCensus> {
  const reader = write.trx as unknown as Kysely<Database>;
  return administratorCensus(reader, await write.ctx.directory.groupsById(reader));
}

async function rememberCensus(write: WriteContext): Promise<void> {
  censusBefore.set(write, await takeCensus(write));
}

async function checkCensus(write: WriteContext): Promise<void> {
  const before = censusBefore.get(write);
  if (before) requireAdministratorsRemain(before, await takeCensus(write));
}

const USERNAME = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.@-]+$/, 'letters, digits, _ . @ - only');

export const USER: ResourceSpec = {
  ...identity('user'),
  table: 'users',
  visibility: 'tree',
  displayField: 'username',
  invalidatesDirectory: true,
  fields: {
    ...catalogFields('user', {
      username: { write: USERNAME, unique: 'global' },
      password: {
        write: z.string().max(MAX_PASSWORD_LENGTH, `at most ${MAX_PASSWORD_LENGTH} characters`),
      },
    }),
    archived: flag,
    passwordHash: { kind: 'string', hidden: true, search: false, sort: false },
    apiKeyHash: { kind: 'string', hidden: true, search: false, sort: false },
    passwordExpirationTime: {
      kind: 'time',
      write: z.number().int().nonnegative().nullable(),
      nullable: true,
      default: null,
    },
    displayPasswordExpirationTime: { ...flag },
    ...SHIFT_FIELDS,
    createdBy: { kind: 'string' },
  },
  outputOnly: [
    'timeZone',
    'calendarFormat',
    'dateFormat',
    'language',
    'hiddenTabs',
    'group',
    'roles',
    'userRoles',
    'userFields',
  ],
  createdAt: 'creationTime',
  async beforeWrite(values, write) {
    const { caller, existing } = write;
    const reader = write.trx as unknown as Kysely<Database>;
    checkShifts(values);
    if (!existing && values.password === undefined) throw invalidField('password', 'required');
    if (existing && existing.id === caller.user.id && values.archived === true)
      throw new HttpError(409, 'You cannot archive yourself');
    const username =
      typeof values.username === 'string'
        ? values.username
        : (existing?.username as string | undefined);
    if (typeof values.password === 'string') {
      const problem = checkNewPassword(values.password, username);
      if (problem)
        throw new HttpError(400, `Invalid body: password: ${problem}`, { password: problem });
    }
    if (existing) {
      await authorizeUserUpdate(reader, caller, existing as unknown as UserRow, values);
      await rememberCensus(write);
    } else {
      await authorizeUserCreate(reader, caller, values);
    }
    if (typeof values.username === 'string')
      await requireUsernameFree(reader, values.username, existing?.id as number | undefined);
    if (typeof values.password === 'string') {
      values.passwordHash = await hashPassword(values.password);
      // a new password lifts an expiry already past, unless the same write sets one
      const expiry = existing?.passwordExpirationTime as number | null | undefined;
      if (
        existing &&
        !('passwordExpirationTime' in values) &&
        typeof expiry === 'number' &&
        expiry <= Date.now()
      )
        values.passwordExpirationTime = null;
    }
    delete values.password;
    if (!existing) values.createdBy = caller.user.username;
  },
  async afterWrite(userId, values, write) {
    const { ctx, existing, trx } = write;
    // A new password or an archived account ends the user's sessions (in this transaction; the
    // directory event published after the commit empties the session caches).
    if (existing && (values.passwordHash !== undefined || values.archived === 1))
      await ctx.sessions.deleteSessionsOf(userId, trx as unknown as Kysely<Database>);
    await checkCensus(write);
  },
  async beforeDelete(row, write) {
    if (row.id === write.caller.user.id) throw new HttpError(409, 'You cannot delete yourself');
    await authorizeUserDelete(
      write.trx as unknown as Kysely<Database>,
      write.caller,
      row as unknown as UserRow,
    );
    // Decided before the reference checks, so the answer names the real obstacle.
    const before = await takeCensus(write);
    requireAdministratorsRemain(before, withoutUser(before, String(row.username)));
    // Its sessions and fields go with it (rolled back if a reference check refuses the delete).
    await write.trx.deleteFrom('sessions').where('userId', '=', row.id).execute();
    await write.trx.deleteFrom('userFields').where('ownerId', '=', row.id).execute();
  },
  async decorate(items, rows, { db }) {
    const ids = rows.map((row) => row.id as number);
    const fields = ids.length
      ? await db
          .selectFrom('userFields')
          .select(['id', 'ownerId', 'name', 'value'])
          .where('ownerId', 'in', ids)
          .execute()
      : [];
    const roleIds = [...new Set(rows.flatMap((row) => parseIdList(String(row.roleIds))))];
    const roles = new Map(
      (roleIds.length
        ? await db
            .selectFrom('roles')
            .select(['id', 'name', 'description', 'archived'])
            .where('id', 'in', roleIds)
            .execute()
        : []
      ).map((role) => [
        Number(role.id),
        { ...role, id: Number(role.id), archived: role.archived === 1 || role.archived === true },
      ]),
    );
    for (const [index, row] of rows.entries()) {
      const own = new Map(
        fields
          .filter((field) => field.ownerId === row.id)
          .map((field) => [field.name as string, field.value as string]),
      );
      const item = items[index];
      if (item)
        Object.assign(item, userJson(row as unknown as UserRow, own), {
          group: item.group,
          // the platform's User.publicMap: its roles and its own field values
          userRoles: parseIdList(String(row.roleIds)).flatMap((id) => roles.get(id) ?? []),
          userFields: fields
            .filter((field) => field.ownerId === row.id)
            .map((field) => ({ id: field.id, name: field.name, value: field.value })),
        });
    }
  },
};

const PERMISSION_STRING = z
  .string()
  .max(200)
  .refine((value) => parsePermission(value) !== null, 'not a permission string such as zone:r');

export const ROLE: ResourceSpec = {
  ...identity('role'),
  table: 'roles',
  visibility: 'tree',
  invalidatesDirectory: true,
  fields: {
    ...catalogFields('role', { permissions: { write: z.array(PERMISSION_STRING).max(500) } }),
    archived: flag,
  },
  createdAt: 'creationTime',
  async beforeWrite(values, write) {
    // No escalation: a role may only carry permissions its author holds, and only someone holding
    // every permission of a role may edit it.
    authorizeRoleWrite(
      write.caller,
      write.existing as { name: string; permissions: string } | undefined,
      values.permissions as string[] | undefined,
    );
    if (write.existing) await rememberCensus(write);
  },
  afterWrite: (_id, _values, write) => checkCensus(write),
  async beforeDelete(row, write) {
    authorizeRoleDelete(write.caller, row as { name: string; permissions: string });
    await rememberCensus(write);
  },
  afterDelete: checkCensus,
};

export const RESOURCE: ResourceSpec = {
  ...identity('resource'),
  table: 'resources',
  visibility: 'global',
  fields: {
    ...catalogFields('resource', {
      name: {
        write: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a permission resource name'),
      },
      // a label, when given, is not empty
      label: { write: name },
    }),
    acceptedAttributes: str(z.string().regex(/^[riudax]{0,6}$/, 'letters from riudax'), {
      default: 'riuda',
    }),
  },
  outputOnly: ['type', 'resource'],
  async decorate(items) {
    for (const item of items) {
      item.type = { id: item.typeName === 'module' ? 2 : 1, name: item.typeName };
      item.resource = item.name;
    }
  },
};

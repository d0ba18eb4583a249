// Every resource of the shared contracts, declared once.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  CONNECTION_TYPES,
  EDGEBOX_STATUSES,
  EDGEBOX_TYPES,
  REPORT_FOLDER_TYPE,
  REPORT_TYPES,
  RESOURCE_TYPE_NAMES,
  THING_STATUSES,
  buildFolderPermissionExpressions,
  canDeleteFolder,
  canEditFolder,
  parsePermission,
} from '@portico/core';
import { hashPassword } from '../auth/password.ts';
import { MAX_PASSWORD_LENGTH, checkNewPassword } from '../auth/password-rules.ts';
import { requireUsernameFree } from '../auth/usernames.ts';
import { HttpError } from '../http/http-error.ts';
import {
  administratorCensus,
  withoutUser,
  authorizeRoleDelete,
  authorizeRoleWrite,
  authorizeUserCreate,
  authorizeUserDelete,
  authorizeUserUpdate,
  requireAdministratorsRemain,
} from '../policies/authority-policy.ts';
import type { AdministratorCensus } from '../policies/authority-policy.ts';
import { groupJson, userJson } from '../presenters/user-json.ts';
import type { GroupRow, UserRow } from '../auth/directory.ts';
import type { Database } from '../db/schema.ts';
import type { FieldSpec, Json, ResourceSpec, Row, WriteContext } from './resource-spec.ts';

const name = z.string().trim().min(1, 'must not be empty').max(200);
const code = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9_.-]*$/, 'letters, digits, _ . - only');
const text = z.string().max(4000);
const id = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

const str = (write: z.ZodType | undefined, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  kind: 'string',
  write,
  search: true,
  ...extra,
});
const ref = (target: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  kind: 'ref',
  ref: target,
  write: extra.nullable ? id.nullable() : id,
  filter: true,
  ...extra,
});
const flag: FieldSpec = { kind: 'boolean', write: z.boolean(), default: false, filter: true };

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

function folderSubject(row: Row, callerId: number) {
  return {
    id: row.id as number,
    type: REPORT_FOLDER_TYPE,
    isOwner: row.createdByUserId === callerId,
  };
}

function color(): z.ZodType {
  return z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour such as #1f77b4');
}

const GROUP: ResourceSpec = {
  path: 'group',
  table: 'groups',
  permission: 'group',
  visibility: 'tree',
  ownerColumn: 'id',
  invalidatesDirectory: true,
  fields: {
    name: str(name, { required: true }),
    code: str(code, { required: true }),
    description: str(text, { default: '' }),
    parentId: ref('group', { required: true, nullable: true }),
    groupTypeId: ref('groupType', { nullable: true, default: null }),
    archived: flag,
    hierarchyCode: { kind: 'string', search: false },
    fqnBase: { kind: 'string' },
    treeLevel: { kind: 'integer', filter: true },
    createdBy: { kind: 'string' },
    creationTime: { kind: 'time' },
  },
  outputOnly: ['groupId', 'parent', 'groupType'],
  createdAt: 'creationTime',
  async beforeWrite(values, { ctx, caller, existing, trx }) {
    if (existing) {
      if ('parentId' in values && values.parentId !== existing.parentId)
        throw new HttpError(400, 'Invalid body: parentId cannot change (move is not supported)', {
          parentId: 'cannot change',
        });
      return;
    }
    const parentId = values.parentId as number | null;
    const parent =
      parentId === null
        ? undefined
        : await ctx.directory.group(parentId, trx as unknown as Kysely<Database>);
    if (!parent || !caller.visibleGroupIds.has(parent.id))
      throw new HttpError(400, 'Invalid body: parentId must be a group you can see', {
        parentId: 'not a visible group',
      });
    values.treeLevel = parent.treeLevel + 1;
    values.fqnBase = parent.fqnBase
      ? `${parent.fqnBase}.${String(values.code)}`
      : String(values.code);
    values.hierarchyCode = `${parent.hierarchyCode}pending-${Date.now()}-${Math.random()}`;
    values.createdBy = caller.user.username;
  },
  async afterInsert(newId, values, { trx, ctx }) {
    const parent = await ctx.directory.group(
      values.parentId as number,
      trx as unknown as Kysely<Database>,
    );
    await trx
      .updateTable('groups')
      .set({ hierarchyCode: `${parent?.hierarchyCode ?? '>'}${newId}>` })
      .where('id', '=', newId)
      .execute();
  },
  async beforeDelete(row, { caller, trx }) {
    if (row.id === caller.group.id) throw new HttpError(409, 'You cannot delete your own group');
    // Its own fields go with it (the transaction rolls this back if a reference check refuses the delete).
    await trx.deleteFrom('groupFields').where('ownerId', '=', row.id).execute();
  },
  async decorate(items, rows) {
    for (const [index, row] of rows.entries()) {
      const item = items[index];
      if (item)
        Object.assign(item, groupJson(row as unknown as GroupRow), { groupType: item.groupType });
    }
  },
};

const GROUP_TYPE: ResourceSpec = {
  path: 'groupType',
  table: 'groupTypes',
  permission: 'grouptype',
  visibility: 'global',
  fields: {
    name: str(name, { required: true }),
    code: str(code, { default: '' }),
    description: str(text, { default: '' }),
    archived: flag,
    createdBy: { kind: 'string' },
    creationTime: { kind: 'time' },
  },
  createdAt: 'creationTime',
  async beforeWrite(values, { caller, existing }) {
    if (!existing) values.createdBy = caller.user.username;
  },
};

const USERNAME = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.@-]+$/, 'letters, digits, _ . @ - only');

const USER: ResourceSpec = {
  path: 'user',
  table: 'users',
  permission: 'user',
  visibility: 'tree',
  displayField: 'username',
  invalidatesDirectory: true,
  fields: {
    username: str(USERNAME, { required: true, unique: 'global' }),
    firstName: str(z.string().trim().max(100), { default: '' }),
    lastName: str(z.string().trim().max(100), { default: '' }),
    email: str(z.union([z.literal(''), z.email().max(254)]), { default: '' }),
    roleIds: { kind: 'idList', ref: 'role', write: z.array(id).max(100), default: [] },
    archived: flag,
    password: {
      kind: 'string',
      write: z.string().max(MAX_PASSWORD_LENGTH, `at most ${MAX_PASSWORD_LENGTH} characters`),
      hidden: true,
      search: false,
      sort: false,
    },
    passwordHash: { kind: 'string', hidden: true, search: false, sort: false },
    apiKeyHash: { kind: 'string', hidden: true, search: false, sort: false },
    passwordExpirationTime: {
      kind: 'time',
      write: z.number().int().nonnegative().nullable(),
      nullable: true,
      default: null,
    },
    displayPasswordExpirationTime: { ...flag },
    createdBy: { kind: 'string' },
    creationTime: { kind: 'time' },
  },
  outputOnly: [
    'timeZone',
    'calendarFormat',
    'dateFormat',
    'language',
    'hiddenTabs',
    'group',
    'roles',
  ],
  createdAt: 'creationTime',
  async beforeWrite(values, write) {
    const { caller, existing } = write;
    const reader = write.trx as unknown as Kysely<Database>;
    if (!existing && values.password === undefined)
      throw new HttpError(400, 'Invalid body: password: required', { password: 'required' });
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
          .select(['ownerId', 'name', 'value'])
          .where('ownerId', 'in', ids)
          .execute()
      : [];
    for (const [index, row] of rows.entries()) {
      const own = new Map(
        fields
          .filter((field) => field.ownerId === row.id)
          .map((field) => [field.name as string, field.value as string]),
      );
      const item = items[index];
      if (item)
        Object.assign(item, userJson(row as unknown as UserRow, own), { group: item.group });
    }
  },
};

const PERMISSION_STRING = z
  .string()
  .max(200)
  .refine((value) => parsePermission(value) !== null, 'not a permission string such as zone:r');

const ROLE: ResourceSpec = {
  path: 'role',
  table: 'roles',
  permission: 'role',
  visibility: 'tree',
  invalidatesDirectory: true,
  fields: {
    name: str(name, { required: true }),
    description: str(text, { default: '' }),
    permissions: { kind: 'stringList', write: z.array(PERMISSION_STRING).max(500), default: [] },
    archived: flag,
    creationTime: { kind: 'time' },
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

const RESOURCE: ResourceSpec = {
  path: 'resource',
  table: 'resources',
  permission: 'resource',
  visibility: 'global',
  fields: {
    name: str(
      z
        .string()
        .trim()
        .min(1)
        .max(100)
        .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a permission resource name'),
      { required: true },
    ),
    label: str(name, { default: '' }),
    description: str(text, { default: '' }),
    typeName: str(z.enum(RESOURCE_TYPE_NAMES), { default: 'class', filter: true }),
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

const THING_TYPE: ResourceSpec = {
  path: 'thingType',
  table: 'thingTypes',
  permission: 'thingtype',
  visibility: 'tenant',
  fields: {
    name: str(name, { required: true }),
    code: str(code, { default: '', unique: 'tenant' }),
    description: str(text, { default: '' }),
    archived: flag,
    creationTime: { kind: 'time' },
  },
  createdAt: 'creationTime',
};

const THING: ResourceSpec = {
  path: 'thing',
  table: 'things',
  permission: 'thing',
  visibility: 'tree',
  fields: {
    name: str(name, { required: true }),
    serial: str(z.string().trim().min(1).max(100), { required: true, unique: 'tenant' }),
    thingTypeId: ref('thingType', { required: true }),
    zoneId: ref('zone', { nullable: true, default: null }),
    status: str(z.enum(THING_STATUSES), {
      default: 'active',
      filter: true,
    }),
    creationTime: { kind: 'time' },
    modifiedTime: { kind: 'time' },
  },
  createdAt: 'creationTime',
  modifiedAt: 'modifiedTime',
};

const ZONE_TYPE: ResourceSpec = {
  path: 'zoneType',
  table: 'zoneTypes',
  permission: 'zonetype',
  visibility: 'tenant',
  fields: {
    name: str(name, { required: true }),
    code: str(code, { default: '', unique: 'tenant' }),
    description: str(text, { default: '' }),
  },
};

const ZONE_GROUP: ResourceSpec = {
  path: 'zoneGroup',
  table: 'zoneGroups',
  permission: 'zonegroup',
  visibility: 'tree',
  fields: { name: str(name, { required: true }), description: str(text, { default: '' }) },
};

const ZONE: ResourceSpec = {
  path: 'zone',
  table: 'zones',
  permission: 'zone',
  visibility: 'tree',
  fields: {
    name: str(name, { required: true }),
    code: str(code, { default: '', unique: 'tenant' }),
    description: str(text, { default: '' }),
    color: str(color(), { default: '#1f77b4', search: false }),
    zoneTypeId: ref('zoneType', { required: true }),
    zoneGroupId: ref('zoneGroup', { nullable: true, default: null }),
  },
};

const LOGICAL_READER: ResourceSpec = {
  path: 'logicalReader',
  table: 'logicalReaders',
  permission: 'logicalreader',
  visibility: 'tree',
  fields: {
    name: str(name, { required: true }),
    code: str(code, { default: '', unique: 'tenant' }),
    description: str(text, { default: '' }),
    zoneId: ref('zone', { nullable: true, default: null }),
  },
};

const CONNECTION: ResourceSpec = {
  path: 'connection',
  table: 'connections',
  permission: 'connection',
  visibility: 'tree',
  fields: {
    name: str(name, { required: true }),
    code: str(code, { default: '', unique: 'tenant' }),
    type: str(z.enum(CONNECTION_TYPES), { required: true, filter: true }),
    properties: {
      kind: 'json',
      write: z.record(
        z.string().max(100),
        z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]),
      ),
      default: {},
    },
  },
};

const EDGEBOX: ResourceSpec = {
  path: 'edgebox',
  table: 'edgeboxes',
  permission: 'edgebox',
  visibility: 'tree',
  fields: {
    name: str(name, { required: true }),
    code: str(code, { default: '', unique: 'tenant' }),
    type: str(z.enum(EDGEBOX_TYPES), { default: 'edge', filter: true }),
    description: str(text, { default: '' }),
    status: str(z.enum(EDGEBOX_STATUSES), { default: 'offline', filter: true }),
  },
};

const FOLDER: ResourceSpec = {
  path: 'folder',
  table: 'folders',
  permission: 'reportDefinitionfolder',
  visibility: 'tenant',
  fields: {
    name: str(name, { required: true }),
    typeElement: str(z.literal(REPORT_FOLDER_TYPE), { default: REPORT_FOLDER_TYPE, filter: true }),
    sequence: { kind: 'integer', write: z.number().int().min(0).max(1_000_000), default: 0 },
    createdByUserId: { kind: 'ref', ref: 'user', filter: true, nullable: true },
    creationDate: { kind: 'time' },
    lastModificationDate: { kind: 'time' },
  },
  outputOnly: [
    'reportsTotal',
    'createdBy',
    'createdByUser',
    'hasEditPermission',
    'hasDeletePermission',
    'unassignedFolder',
    'allFolder',
    'behaviour',
  ],
  createdAt: 'creationDate',
  modifiedAt: 'lastModificationDate',
  async beforeWrite(values, { caller, existing }) {
    if (!existing) values.createdByUserId = caller.user.id;
    // spec §6: type-level update does not reach a folder marked delete-only or read-only
    else if (!canEditFolder(folderSubject(existing, caller.user.id), caller.permissions))
      throw new HttpError(403, 'You may not edit this folder');
  },
  async beforeDelete(row, { caller }) {
    if (!canDeleteFolder(folderSubject(row, caller.user.id), caller.permissions))
      throw new HttpError(403, 'You may not delete this folder');
  },
  async decorate(items, rows, { db, caller }) {
    const ids = rows.map((row) => row.id as number);
    const counts = ids.length
      ? await db
          .selectFrom('reportDefinitions')
          .select(['folderId', (eb) => eb.fn.countAll<number>().as('total')])
          .where('folderId', 'in', ids)
          .where('deletedAt', 'is', null)
          .groupBy('folderId')
          .execute()
      : [];
    for (const item of items) {
      const folderId = item.id as number;
      const owner = item.createdByUserId === caller.user.id;
      item.reportsTotal = Number(counts.find((count) => count.folderId === folderId)?.total ?? 0);
      item.createdBy = (item.createdByUser as Json | null)?.username ?? null;
      // core's folder rules (spec §6), with the owner flag filled in for this caller
      const expressions = buildFolderPermissionExpressions({
        id: folderId,
        type: REPORT_FOLDER_TYPE,
      });
      item.hasEditPermission = expressions.hasEditPermission.replaceAll(
        '{isOwner}',
        owner ? '1' : '0',
      );
      item.hasDeletePermission = expressions.hasDeletePermission.replaceAll(
        '{isOwner}',
        owner ? '1' : '0',
      );
      item.unassignedFolder = false;
      item.allFolder = false;
      item.behaviour = 'FOLDER';
    }
  },
};

const REPORT_DEFINITION: ResourceSpec = {
  path: 'reportDefinition',
  table: 'reportDefinitions',
  permission: 'report_definition',
  visibility: 'tenant',
  fields: {
    name: str(name, { required: true }),
    description: str(text, { default: '' }),
    reportType: str(z.enum(REPORT_TYPES), { default: 'table', filter: true }),
    folderId: ref('folder', { nullable: true, default: null }),
    createdByUserId: { kind: 'ref', ref: 'user', filter: true, nullable: true },
    creationDate: { kind: 'time' },
    lastModificationDate: { kind: 'time' },
  },
  createdAt: 'creationDate',
  modifiedAt: 'lastModificationDate',
  async beforeWrite(values, { caller, existing }) {
    if (!existing) values.createdByUserId = caller.user.id;
  },
};

export const RESOURCES: readonly ResourceSpec[] = [
  GROUP,
  GROUP_TYPE,
  USER,
  ROLE,
  RESOURCE,
  THING,
  THING_TYPE,
  ZONE,
  ZONE_TYPE,
  ZONE_GROUP,
  LOGICAL_READER,
  CONNECTION,
  EDGEBOX,
  FOLDER,
  REPORT_DEFINITION,
];

export const RESOURCES_BY_PATH: ReadonlyMap<string, ResourceSpec> = new Map(
  RESOURCES.map((spec) => [spec.path, spec]),
);

export type { Row };

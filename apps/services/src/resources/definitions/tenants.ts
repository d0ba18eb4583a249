// Tenants: groups and group types.
import type { Kysely } from 'kysely';
import { HttpError } from '../../http/http-error.ts';
import { groupJson } from '../../presenters/user-json.ts';
import type { GroupRow } from '../../auth/directory.ts';
import type { Database } from '../../db/schema.ts';
import type { ResourceSpec } from '../resource-spec.ts';
import { id, flag, identity, catalogFields } from './fields.ts';
import { checkGroupLineage } from './group-names.ts';

export const GROUP: ResourceSpec = {
  ...identity('group'),
  table: 'groups',
  visibility: 'tree',
  ownerColumn: 'id',
  invalidatesDirectory: true,
  fields: {
    ...catalogFields('group', { parentId: { write: id.nullable(), nullable: true } }),
    archived: flag,
    hierarchyCode: { kind: 'string', search: false },
    fqnBase: { kind: 'string' },
    createdBy: { kind: 'string' },
  },
  outputOnly: ['groupId', 'parent', 'groupType'],
  createdAt: 'creationTime',
  async beforeWrite(values, write) {
    const { ctx, caller, existing, trx } = write;
    if (existing) {
      if ('parentId' in values && values.parentId !== existing.parentId)
        throw new HttpError(400, 'Invalid body: parentId cannot change (move is not supported)', {
          parentId: 'cannot change',
        });
      await checkGroupLineage(values, write);
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
    await checkGroupLineage(values, write);
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
    // and so do its site details and its local map (sites: routes/site-routes.ts)
    await trx.deleteFrom('sites').where('groupId', '=', row.id).execute();
    await trx.deleteFrom('localMaps').where('groupId', '=', row.id).execute();
  },
  async decorate(items, rows) {
    for (const [index, row] of rows.entries()) {
      const item = items[index];
      if (item)
        Object.assign(item, groupJson(row as unknown as GroupRow), { groupType: item.groupType });
    }
  },
};

export const GROUP_TYPE: ResourceSpec = {
  ...identity('groupType'),
  table: 'groupTypes',
  visibility: 'global',
  fields: {
    ...catalogFields('groupType'),
    archived: flag,
    createdBy: { kind: 'string' },
  },
  createdAt: 'creationTime',
  async beforeWrite(values, { caller, existing }) {
    if (!existing) values.createdBy = caller.user.username;
  },
};

// Analytics: report folders and report definitions.
import { z } from 'zod';
import { REPORT_FOLDER_TYPE, buildFolderPermissionExpressions } from '@portico/core';
import { requireFolderDeletable, requireFolderEditable } from '../../policies/folder-policy.ts';
import type { Json, ResourceSpec } from '../resource-spec.ts';
import { str, identity, catalogFields } from './fields.ts';

export const FOLDER: ResourceSpec = {
  ...identity('folder'),
  table: 'folders',
  visibility: 'tenant',
  fields: {
    ...catalogFields('folder', { sequence: { write: z.number().int().min(0).max(1_000_000) } }),
    typeElement: str(z.literal(REPORT_FOLDER_TYPE), { default: REPORT_FOLDER_TYPE, filter: true }),
    createdByUserId: { kind: 'ref', ref: 'user', filter: true, nullable: true },
    creationDate: { kind: 'time' },
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
    else requireFolderEditable(caller, existing);
  },
  async beforeDelete(row, { caller }) {
    requireFolderDeletable(caller, row);
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

export const REPORT_DEFINITION: ResourceSpec = {
  ...identity('reportDefinition'),
  table: 'reportDefinitions',
  visibility: 'tenant',
  fields: {
    ...catalogFields('reportDefinition'),
    createdByUserId: { kind: 'ref', ref: 'user', filter: true, nullable: true },
    creationDate: { kind: 'time' },
  },
  createdAt: 'creationDate',
  modifiedAt: 'lastModificationDate',
  async beforeWrite(values, { caller, existing }) {
    if (!existing) values.createdByUserId = caller.user.id;
  },
};

// Analytics: report folders and report definitions.
import { z } from 'zod';
import {
  REPORTABLE_RESOURCES,
  REPORT_FOLDER_TYPE,
  buildFolderPermissionExpressions,
  checkReportDefinition,
} from '@portico/core';
import { HttpError } from '../../http/http-error.ts';
import { requireFolderDeletable, requireFolderEditable } from '../../policies/folder-policy.ts';
import { parseJsonColumn } from '../resource-fields.ts';
import type { Json, ResourceSpec, Row } from '../resource-spec.ts';
import { name, text, str, ref, identity, oneOf } from './fields.ts';

export const FOLDER: ResourceSpec = {
  ...identity('folder'),
  table: 'folders',
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
    name: str(name, { required: true }),
    description: str(text, { default: '' }),
    reportType: str(oneOf('reportDefinition', 'reportType'), { default: 'table', filter: true }),
    folderId: ref('folder', { nullable: true, default: null }),
    // what it lists (core's report-definition.ts checks the five together in beforeWrite)
    resource: str(z.enum(REPORTABLE_RESOURCES), { default: 'thing', filter: true, search: false }),
    reportProperty: { kind: 'json', write: z.unknown(), default: [] },
    reportFilter: { kind: 'json', write: z.unknown(), default: [] },
    reportGroupBy: { kind: 'json', write: z.unknown(), default: [] },
    sortBy: { kind: 'json', write: z.unknown(), default: null, nullable: true },
    createdByUserId: { kind: 'ref', ref: 'user', filter: true, nullable: true },
    creationDate: { kind: 'time' },
    lastModificationDate: { kind: 'time' },
  },
  createdAt: 'creationDate',
  modifiedAt: 'lastModificationDate',
  async beforeWrite(values, { caller, existing }) {
    if (!existing) values.createdByUserId = caller.user.id;
    checkReportQuery(values, existing);
  },
  async decorate(items, rows) {
    // no order is null (a json field reads a missing value as {})
    items.forEach((item, index) => {
      if (rows[index]?.sortBy === null || rows[index]?.sortBy === undefined) item.sortBy = null;
    });
  },
};

const QUERY_KEYS = [
  'resource',
  'reportProperty',
  'reportFilter',
  'reportGroupBy',
  'sortBy',
] as const;

/**
 * The report's query as written over what is stored (a patch may change one part: the whole is
 * checked), refused with a 400 naming each wrong part; `values` then holds the checked query.
 */
export function checkReportQuery(values: Row, existing: Row | undefined): void {
  if (existing && !QUERY_KEYS.some((key) => key in values)) return;
  const stored = (key: (typeof QUERY_KEYS)[number]) =>
    key === 'resource' ? existing?.resource : parseJsonColumn(existing?.[key], undefined);
  const input = Object.fromEntries(
    QUERY_KEYS.map((key) => [key, key in values ? values[key] : stored(key)]),
  );
  const result = checkReportDefinition(input);
  if (!result.ok) {
    const fields = Object.fromEntries(result.problems.map((p) => [p.path, p.message]));
    const first = result.problems[0]!;
    throw new HttpError(400, `Invalid body: ${first.path}: ${first.message}`, fields, undefined, {
      problems: result.problems,
    });
  }
  Object.assign(values, result.query);
}

// The model: things and their types, zones, zone types and groups, logical readers.
import { z } from 'zod';
import { checkOutline } from '@portico/core';
import type { OutlineProblem } from '@portico/core';
import type { ResourceSpec } from '../resource-spec.ts';
import { ref, flag, identity, catalogFields } from './fields.ts';
import { deviceProfileOfKind } from './devices.ts';
import { checkThingParent } from './thing-parent.ts';
import { checkThingUdfs, udfsWrite } from './thing-attributes.ts';

export const THING_TYPE: ResourceSpec = {
  ...identity('thingType'),
  table: 'thingTypes',
  visibility: 'tenant',
  fields: {
    ...catalogFields('thingType', { code: { unique: 'tenant' } }),
    archived: flag,
    // the platform's flag: the edge may create a thing of this type for a serial it does not know
    autoCreate: flag,
  },
  createdAt: 'creationTime',
  aliases: { thingTypeCode: 'code' },
};

export const THING: ResourceSpec = {
  ...identity('thing'),
  table: 'things',
  visibility: 'tree',
  fields: {
    ...catalogFields('thing', { serial: { unique: 'tenant' } }),
    // the platform's parent thing (`parent.id`; `extra=parent`; the thing tree nests by it)
    parentId: ref('thing', { nullable: true, default: null }),
    // the platform's own flag, beside Portico's status (POST /thing/{id}/activate, /deactivate)
    activated: { ...flag, default: true },
    // its values of its type's attributes, `{name: value}` (thing-attributes.ts checks them)
    udfs: { kind: 'json', write: udfsWrite, default: {}, search: false, sort: false },
  },
  createdAt: 'creationTime',
  modifiedAt: 'modifiedTime',
  async beforeWrite(values, write) {
    await checkThingParent(values, write);
    await checkThingUdfs(values, write);
  },
};

export const ZONE_TYPE: ResourceSpec = {
  ...identity('zoneType'),
  table: 'zoneTypes',
  visibility: 'tenant',
  fields: catalogFields('zoneType', { code: { unique: 'tenant' } }),
  aliases: { zoneTypeCode: 'code' },
};

export const ZONE_GROUP: ResourceSpec = {
  ...identity('zoneGroup'),
  table: 'zoneGroups',
  visibility: 'tree',
  fields: catalogFields('zoneGroup'),
};

/** What is wrong with an outline, for the 400's message. */
function outlineMessage(problem: OutlineProblem): string {
  switch (problem.problem) {
    case 'notPoints':
      return 'must be a list of points {x, y} with numeric coordinates';
    case 'tooFew':
      return 'needs at least 3 points (or none)';
    case 'tooMany':
      return 'has too many points';
    case 'outside':
      return `point ${problem.at + 1} is outside the map (0 to 1000 on each axis)`;
    case 'samePlace':
      return `points ${problem.at[0] + 1} and ${problem.at[1] + 1} are at the same place`;
    case 'flat':
      return 'encloses no area: its points lie on one line';
    case 'crossing':
      return `edges ${problem.at[0] + 1} and ${problem.at[1] + 1} cross: an outline may not cross itself`;
  }
}

/** A zone's outline (core's zone-outline.ts): refused with the reason, stored rounded. */
const outline = z.unknown().transform((value, ctx) => {
  const check = checkOutline(value);
  if (check.ok) return check.points;
  ctx.addIssue({ code: 'custom', message: outlineMessage(check) });
  return z.NEVER;
});

export const ZONE: ResourceSpec = {
  ...identity('zone'),
  table: 'zones',
  visibility: 'tree',
  fields: catalogFields('zone', {
    code: { unique: 'tenant' },
    points: { write: outline, sort: false },
  }),
};

export const LOGICAL_READER: ResourceSpec = {
  ...identity('logicalReader'),
  table: 'logicalReaders',
  visibility: 'tree',
  fields: catalogFields('logicalReader', { code: { unique: 'tenant' } }),
  afterWrite: deviceProfileOfKind('logicalReader'),
};

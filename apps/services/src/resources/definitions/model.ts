// The model: things and their types, zones, zone types and groups, logical readers.
import { z } from 'zod';
import { THING_STATUSES } from '@portico/core';
import type { ResourceSpec } from '../resource-spec.ts';
import { name, code, text, str, ref, flag, color } from './fields.ts';

export const THING_TYPE: ResourceSpec = {
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

export const THING: ResourceSpec = {
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

export const ZONE_TYPE: ResourceSpec = {
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

export const ZONE_GROUP: ResourceSpec = {
  path: 'zoneGroup',
  table: 'zoneGroups',
  permission: 'zonegroup',
  visibility: 'tree',
  fields: { name: str(name, { required: true }), description: str(text, { default: '' }) },
};

export const ZONE: ResourceSpec = {
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

export const LOGICAL_READER: ResourceSpec = {
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

// Services and gateways: connections and edge boxes.
import { z } from 'zod';
import { CONNECTION_TYPES, EDGEBOX_STATUSES, EDGEBOX_TYPES } from '@portico/core';
import type { ResourceSpec } from '../resource-spec.ts';
import { name, code, text, str } from './fields.ts';

export const CONNECTION: ResourceSpec = {
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

export const EDGEBOX: ResourceSpec = {
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

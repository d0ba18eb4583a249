// Services and gateways: connections and edge boxes.
import { z } from 'zod';
import type { ResourceSpec } from '../resource-spec.ts';
import { name, code, text, str, identity, oneOf } from './fields.ts';

export const CONNECTION: ResourceSpec = {
  ...identity('connection'),
  table: 'connections',
  visibility: 'tree',
  fields: {
    name: str(name, { required: true }),
    code: str(code, { default: '', unique: 'tenant' }),
    type: str(oneOf('connection', 'type'), { required: true, filter: true }),
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
  ...identity('edgebox'),
  table: 'edgeboxes',
  visibility: 'tree',
  fields: {
    name: str(name, { required: true }),
    code: str(code, { default: '', unique: 'tenant' }),
    type: str(oneOf('edgebox', 'type'), { default: 'edge', filter: true }),
    description: str(text, { default: '' }),
    status: str(oneOf('edgebox', 'status'), { default: 'offline', filter: true }),
  },
};

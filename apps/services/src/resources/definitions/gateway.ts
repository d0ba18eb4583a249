// Services and gateways: connections, edge boxes, the rules they run on a schedule and the stream
// apps deployed to them.
import { z } from 'zod';
import { cronProblem } from '@portico/core';
import { invalidField } from '../../http/http-error.ts';
import { configurationProblems } from '../app-config.ts';
import { deviceProfileOfKind } from './devices.ts';
import { parseJsonColumn } from '../resource-fields.ts';
import type { ResourceSpec } from '../resource-spec.ts';
import { identity, catalogFields } from './fields.ts';

export const CONNECTION: ResourceSpec = {
  ...identity('connection'),
  table: 'connections',
  visibility: 'tree',
  fields: catalogFields('connection', {
    code: { unique: 'tenant' },
    properties: {
      write: z.record(
        z.string().max(100),
        z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]),
      ),
    },
  }),
};

export const EDGEBOX: ResourceSpec = {
  ...identity('edgebox'),
  table: 'edgeboxes',
  visibility: 'tree',
  fields: catalogFields('edgebox', { code: { unique: 'tenant' } }),
  afterWrite: deviceProfileOfKind('edgebox'),
};

export const SCHEDULED_RULE: ResourceSpec = {
  ...identity('scheduledRule'),
  table: 'scheduledRules',
  visibility: 'tree',
  // what a cron expression means is checked below (core's cronProblem): its length by the catalog
  fields: catalogFields('scheduledRule'),

  // the real platform's names
  aliases: { cron_expression: 'cronExpression', active: 'enabled' },
  beforeWrite(values) {
    if (typeof values.cronExpression === 'string') {
      const problem = cronProblem(values.cronExpression);
      if (problem) return Promise.reject(invalidField('cronExpression', problem.detail));
    }
    return Promise.resolve();
  },
};

export const STREAM_APP: ResourceSpec = {
  ...identity('streamApp'),
  table: 'streamApps',
  visibility: 'tree',
  // its reported state is set by its edge box (PUT /streamApp/{id}/reportedState), never by a write
  fields: catalogFields('streamApp'),
  beforeWrite(values, write) {
    // a new kind or a new configuration: the configuration must match the kind's schema
    if (values.appKind === undefined && values.configuration === undefined)
      return Promise.resolve();
    const kind = values.appKind ?? write.existing?.appKind;
    const config = values.configuration ?? parseJsonColumn(write.existing?.configuration, {}) ?? {};
    const problems = configurationProblems(kind, config);
    if (problems.length === 0) return Promise.resolve();
    const text = problems.map((problem) => `${problem.pointer} ${problem.message}`).join('; ');
    return Promise.reject(
      invalidField('configuration', `does not match the ${String(kind)} schema: ${text}`, {
        problems,
      }),
    );
  },
};

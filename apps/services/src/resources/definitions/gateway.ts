// Services and gateways: connections, edge boxes, the rules they run on a schedule and the stream
// apps deployed to them.
import { z } from 'zod';
import { MAX_CRON_LENGTH, cronProblem } from '@portico/core';
import { HttpError } from '../../http/http-error.ts';
import { configurationProblems } from '../app-config.ts';
import { deviceProfileOfKind } from './devices.ts';
import { parseJsonColumn } from '../resource-fields.ts';
import type { ResourceSpec } from '../resource-spec.ts';
import { name, code, text, str, ref, flag, identity, oneOf } from './fields.ts';

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
    deviceProfileId: ref('deviceProfile', { nullable: true, default: null }),
  },
  afterWrite: deviceProfileOfKind('edgebox'),
};

function invalid(field: string, problem: string, details?: Record<string, unknown>): HttpError {
  return new HttpError(
    400,
    `Invalid body: ${field}: ${problem}`,
    { [field]: problem },
    undefined,
    details,
  );
}

export const SCHEDULED_RULE: ResourceSpec = {
  ...identity('scheduledRule'),
  table: 'scheduledRules',
  visibility: 'tree',
  fields: {
    name: str(name, { required: true }),
    // what the expression means is checked below (core's cronProblem): its length here
    cronExpression: str(z.string().trim().min(1, 'must not be empty').max(MAX_CRON_LENGTH), {
      required: true,
    }),
    edgeboxId: ref('edgebox', { required: true }),
    action: str(oneOf('scheduledRule', 'action'), { required: true, filter: true }),
    enabled: { ...flag, default: true },
    description: str(text, { default: '' }),
  },
  // the real platform's names
  aliases: { cron_expression: 'cronExpression', active: 'enabled' },
  beforeWrite(values) {
    if (typeof values.cronExpression === 'string') {
      const problem = cronProblem(values.cronExpression);
      if (problem) return Promise.reject(invalid('cronExpression', problem.detail));
    }
    return Promise.resolve();
  },
};

const configuration = z.record(z.string().max(100), z.unknown()).superRefine((value, context) => {
  if (JSON.stringify(value).length > 20_000)
    context.addIssue({ code: 'custom', message: 'must be at most 20000 characters of JSON' });
});

export const STREAM_APP: ResourceSpec = {
  ...identity('streamApp'),
  table: 'streamApps',
  visibility: 'tree',
  fields: {
    name: str(name, { required: true }),
    edgeboxId: ref('edgebox', { required: true }),
    appKind: str(oneOf('streamApp', 'appKind'), { required: true, filter: true }),
    // the app's own version label (`1.4.0`, `2024.06`)
    version: str(z.string().trim().min(1, 'must not be empty').max(50), { required: true }),
    configuration: { kind: 'json', write: configuration, default: {} },
    desiredState: str(oneOf('streamApp', 'desiredState'), { default: 'running', filter: true }),
    // set by its edge box (PUT /streamApp/{id}/reportedState), never by a write of the app
    reportedState: { kind: 'string', search: true, filter: true },
    reportedAt: { kind: 'time' },
  },
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
      invalid('configuration', `does not match the ${String(kind)} schema: ${text}`, { problems }),
    );
  },
};

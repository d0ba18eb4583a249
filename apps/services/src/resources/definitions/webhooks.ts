// Outbound webhooks as resources: an endpoint (where events go, signed with its secret) and a
// subscription (which events go to which endpoint). Deliveries are the outbox's (webhooks/).
import { z } from 'zod';
import { webhookPatternProblem } from '@portico/core';
import { HttpError, invalidField } from '../../http/http-error.ts';
import { webhookTargetProblem } from '../../webhooks/allowed-hosts.ts';
import type { ServicesContext } from '../../services-context.ts';
import type { ResourceSpec, Row, WriteContext } from '../resource-spec.ts';
import { catalogFields, identity } from './fields.ts';

/** Request headers an endpoint's own headers may not set: ours, and the ones HTTP computes. */
const RESERVED_HEADERS =
  /^(host|content-length|content-type|transfer-encoding|connection|keep-alive|upgrade|te|trailer|expect|user-agent|x-portico-.*)$/i;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

const headers = z.record(z.string(), z.string().max(1000)).superRefine((value, context) => {
  const names = Object.keys(value);
  if (names.length > 20) context.addIssue({ code: 'custom', message: 'at most 20 headers' });
  for (const [key, text] of Object.entries(value)) {
    if (!HEADER_NAME.test(key))
      context.addIssue({ code: 'custom', message: `"${key}" is not a header name` });
    else if (RESERVED_HEADERS.test(key))
      context.addIssue({ code: 'custom', message: `"${key}" is set by the server` });
    if (/[\r\n\0]/.test(text))
      context.addIssue({ code: 'custom', message: `the value of "${key}" has a line break` });
  }
});

async function tenantIdOf(write: WriteContext, values: Row): Promise<number | null> {
  const groupId = Number(values.groupId ?? write.existing?.groupId);
  const tenant = await write.ctx.directory.tenantOf(
    groupId,
    write.trx as unknown as ServicesContext['db'],
  );
  return tenant?.id ?? null;
}

/** The two webhook resources; `resourcePaths` names every resource an event may be about. */
export function webhookResources(resourcePaths: () => readonly string[]): ResourceSpec[] {
  const endpoint: ResourceSpec = {
    ...identity('endpoint'),
    table: 'webhookEndpoints',
    visibility: 'tree',
    fields: catalogFields('endpoint', {
      secret: {
        write: z
          .string()
          .min(16, 'must be at least 16 characters')
          .max(200, 'must be at most 200 characters'),
      },
      headers: { write: headers },
    }),
    outputOnly: ['secretSet'],
    async beforeWrite(values, write) {
      if (typeof values.url === 'string') {
        const problem = webhookTargetProblem(values.url, write.ctx.webhooks.settings.allowedHosts);
        if (problem) throw invalidField('url', problem);
      }
      if (!write.existing && !values.secret) throw invalidField('secret', 'required');
    },
    async beforeDelete(row, { trx }) {
      const using = await trx
        .selectFrom('webhookSubscriptions')
        .select(['name'])
        .where('endpointId', '=', row.id as number)
        .execute();
      if (using.length > 0)
        throw new HttpError(
          409,
          `This endpoint is used by ${using.length} subscription(s): ${using
            .slice(0, 5)
            .map((subscription) => String(subscription.name))
            .join(', ')}. Delete or move them first.`,
        );
      // what was still waiting for it will never be sent
      await trx
        .updateTable('webhookOutbox')
        .set({ state: 'failed' })
        .where('endpointId', '=', row.id as number)
        .where('state', '=', 'pending')
        .execute();
    },
    async decorate(items, rows) {
      items.forEach((item, index) => {
        item.secretSet = Boolean(rows[index]?.secret);
      });
    },
  };

  const subscription: ResourceSpec = {
    path: 'subscription',
    table: 'webhookSubscriptions',
    // a subscription decides what an endpoint receives: the endpoint's permissions govern it
    permission: 'endpoint',
    visibility: 'tree',
    fields: catalogFields('subscription'),
    async beforeWrite(values, write) {
      if (Array.isArray(values.events)) {
        const paths = resourcePaths();
        for (const pattern of values.events as string[]) {
          const problem = webhookPatternProblem(pattern, paths);
          if (problem) throw invalidField('events', problem);
        }
        values.events = [...new Set(values.events as string[])];
      }
      values.tenantId = await tenantIdOf(write, values);
    },
  };
  return [endpoint, subscription];
}

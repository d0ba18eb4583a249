// Webhook endpoints' own actions beside their generic resource routes:
// GET  /endpoint/{id}/delivery                 its delivery log (newest first, paged)
// POST /endpoint/{id}/test                     sends a test event now and answers the attempt
// POST /endpoint/{id}/delivery/{deliveryId}/retry   sends a failed delivery's event again
import type { Hono } from 'hono';
import { z } from 'zod';
import { WEBHOOK_TEST_EVENT } from '@portico/core';
import type { WebhookDelivery } from '@portico/core';
import { appendRequestAudit, auditedRecord, auditOrigin } from '../http/audit-origin.ts';
import { HttpError, parseOrThrow } from '../http/http-error.ts';
import { idParam, pathId } from '../http/id-param.ts';
import { findReadableRow, findWritableRow, requirePermission } from '../policies/access.ts';
import { RESOURCES_BY_PATH } from '../resources/definitions/index.ts';
import type { ResourceSpec } from '../resources/resource-spec.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';
import type { WebhookPayload } from '../webhooks/webhook-outbox.ts';

const MAX_PAGE_SIZE = 100;
const endpointParam = idParam;
const deliveryParam = z.object({ id: pathId, deliveryId: pathId });
const deliveryQuery = z.strictObject({
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  pageNumber: pathId.optional(),
});

export function registerWebhookRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  const spec = RESOURCES_BY_PATH.get('endpoint') as ResourceSpec;
  const { db } = ctx;
  const anyDb = db as unknown as Parameters<typeof findReadableRow>[0];

  api.get('/endpoint/:id{[0-9]+}/delivery', async (c) => {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'r');
    const params = parseOrThrow(endpointParam, c.req.param(), 'path');
    const query = parseOrThrow(deliveryQuery, c.req.query(), 'query');
    await findReadableRow(anyDb, spec, params.id, caller);
    const pageSize = query.pageSize ?? 20;
    const pageNumber = query.pageNumber ?? 1;
    const [count, rows] = await Promise.all([
      db
        .selectFrom('webhookDeliveries')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('endpointId', '=', params.id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('webhookDeliveries')
        .selectAll()
        .where('endpointId', '=', params.id)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((pageNumber - 1) * pageSize)
        .execute(),
    ]);
    return c.json({
      total: Number(count.total),
      pageSize,
      pageNumber,
      results: rows.map((row): WebhookDelivery => ({
        id: Number(row.id),
        deliveryId: Number(row.outboxId),
        event: row.event,
        at: new Date(Number(row.at)).toISOString(),
        attempt: Number(row.attempt),
        status: Number(row.status),
        durationMs: Number(row.durationMs),
        outcome: row.outcome,
        responseExcerpt: row.responseExcerpt,
        error: row.error,
      })),
    });
  });

  api.post('/endpoint/:id{[0-9]+}/test', async (c) => {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'u');
    const params = parseOrThrow(endpointParam, c.req.param(), 'path');
    const row = await findWritableRow(anyDb, spec, params.id, caller);
    const tenant = await ctx.directory.tenantOf(Number(row.groupId));
    const now = Date.now();
    const origin = auditOrigin(c);
    const payload: WebhookPayload = {
      type: WEBHOOK_TEST_EVENT,
      occurredAt: new Date(now).toISOString(),
      tenantId: tenant?.id ?? null,
      resource: 'endpoint',
      record: { id: params.id, name: String(row.name) },
      actor: { id: caller.user.id, name: caller.user.username },
      requestId: origin.requestId,
      changes: [],
    };
    const outboxId = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('webhookOutbox')
        .values({
          endpointId: params.id,
          tenantId: tenant?.id ?? null,
          event: WEBHOOK_TEST_EVENT,
          payload: JSON.stringify(payload),
          createdAt: now,
          attempts: 0,
          // the dispatcher's polls leave it to this request
          nextAttemptAt: Number.MAX_SAFE_INTEGER,
          lockedUntil: 0,
          state: 'pending',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await appendRequestAudit(trx, c, {
        action: 'test',
        ...auditedRecord('endpoint', params.id, String(row.name), tenant?.id ?? null),
      });
      return Number(inserted.id);
    });
    const result = await ctx.webhooks.dispatcher.deliverNow(outboxId);
    if (!result) throw new HttpError(409, 'The test event is already being sent');
    return c.json(result);
  });

  api.post('/endpoint/:id{[0-9]+}/delivery/:deliveryId{[0-9]+}/retry', async (c) => {
    const caller = c.get('caller');
    requirePermission(caller, spec, 'u');
    const params = parseOrThrow(deliveryParam, c.req.param(), 'path');
    const row = await findWritableRow(anyDb, spec, params.id, caller);
    const outbox = await db
      .selectFrom('webhookOutbox')
      .select(['id', 'state', 'event'])
      .where('id', '=', params.deliveryId)
      .where('endpointId', '=', params.id)
      .executeTakeFirst();
    if (!outbox) throw new HttpError(404, `delivery ${params.deliveryId} not found`);
    if (outbox.state !== 'failed')
      throw new HttpError(
        409,
        `Only a failed delivery is sent again (this one is ${outbox.state})`,
      );
    if (outbox.event === WEBHOOK_TEST_EVENT)
      throw new HttpError(409, 'A test event is not sent again: send a new one');
    const tenant = await ctx.directory.tenantOf(Number(row.groupId));
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhookOutbox')
        .set({ state: 'pending', nextAttemptAt: Date.now(), lockedUntil: 0, attempts: 0 })
        .where('id', '=', params.deliveryId)
        .execute();
      await appendRequestAudit(trx, c, {
        action: 'retry',
        ...auditedRecord('endpoint', params.id, String(row.name), tenant?.id ?? null),
        changes: [{ field: 'delivery', after: params.deliveryId }],
      });
    });
    void ctx.webhooks.dispatcher.runOnce();
    return c.json({ deliveryId: params.deliveryId, state: 'pending' }, 202);
  });
}

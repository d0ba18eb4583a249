// The outbox's write side: a change's webhook events are rows written through the change's own
// transaction (the audit trail calls this beside its entry), so an event is delivered if and only
// if its change committed, and pending deliveries survive a restart.
import type { Kysely } from 'kysely';
import { subscriptionWants, webhookEventFor } from '@portico/core';
import type { Database } from '../db/schema.ts';

/** What an event tells its receiver (the delivery id is added when it is sent). */
export interface WebhookPayload {
  type: string;
  occurredAt: string;
  tenantId: number | null;
  resource: string;
  record: { id: number | null; name: string } | null;
  actor: { id: number | null; name: string };
  requestId: string;
  changes: readonly unknown[];
}

export interface AuditedChange {
  action: string;
  resource: string;
  tenantId: number | null;
  recordId?: number | null;
  recordName?: string;
  actorId: number | null;
  actorName: string;
  requestId: string;
  changes?: readonly unknown[];
}

function patternsOf(events: string): string[] {
  try {
    const parsed: unknown = JSON.parse(events);
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Writes one outbox row per endpoint subscribed to the change's event (once per endpoint, however
 * many of its subscriptions match). Returns how many rows it wrote.
 */
export async function enqueueWebhooks(
  writer: Kysely<Database>,
  change: AuditedChange,
  now = Date.now(),
): Promise<number> {
  const event = webhookEventFor(change.action, change.resource);
  if (!event) return 0;
  const query = writer
    .selectFrom('webhookSubscriptions as s')
    .innerJoin('webhookEndpoints as e', 'e.id', 's.endpointId')
    .select(['s.events as events', 's.endpointId as endpointId'])
    .where('s.enabled', '=', 1)
    .where('e.enabled', '=', 1);
  const subscriptions = await (
    change.tenantId === null
      ? query.where('s.tenantId', 'is', null)
      : query.where('s.tenantId', '=', change.tenantId)
  ).execute();
  const endpoints = new Set<number>();
  for (const subscription of subscriptions)
    if (subscriptionWants(patternsOf(subscription.events), event))
      endpoints.add(Number(subscription.endpointId));
  if (endpoints.size === 0) return 0;
  const payload: WebhookPayload = {
    type: event,
    occurredAt: new Date(now).toISOString(),
    tenantId: change.tenantId,
    resource: change.resource,
    record:
      change.resource === 'session'
        ? null
        : { id: change.recordId ?? null, name: change.recordName ?? '' },
    actor: { id: change.actorId, name: change.actorName },
    requestId: change.requestId,
    changes: change.changes ?? [],
  };
  const text = JSON.stringify(payload);
  await writer
    .insertInto('webhookOutbox')
    .values(
      [...endpoints].map((endpointId) => ({
        endpointId,
        tenantId: change.tenantId,
        event,
        payload: text,
        createdAt: now,
        attempts: 0,
        nextAttemptAt: now,
        lockedUntil: 0,
        state: 'pending' as const,
      })),
    )
    .execute();
  return endpoints.size;
}

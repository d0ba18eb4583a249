// Outbound webhook events: which change makes which event, and which subscription patterns a
// subscription may hold. The services fan every audited change out to the matching subscriptions;
// the legacy UI offers the same event list in the subscription form.

/** What happened to a record, as an event says it. */
export const WEBHOOK_RECORD_ACTIONS = ['created', 'updated', 'deleted', 'restored'] as const;
export type WebhookRecordAction = (typeof WEBHOOK_RECORD_ACTIONS)[number];

/** Events that are not about one resource's records. */
export const WEBHOOK_SESSION_EVENTS = ['session.login.failed'] as const;

/** The event a "send test event" delivers; never matched by a subscription. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The most patterns one subscription may hold. */
export const MAX_SUBSCRIPTION_PATTERNS = 100;

const AUDIT_TO_RECORD_ACTION: Readonly<Record<string, WebhookRecordAction>> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  // the undo of a delete: the record is back
  restore: 'restored',
  // a user's or a group's field written or removed is an update of that record
  'field.set': 'updated',
  'field.remove': 'updated',
};

/**
 * The event an audited action makes (`zone` + `create` → `zone.created`), or null for actions no
 * subscription can ask for (a successful sign-in, a sign-out).
 */
export function webhookEventFor(action: string, resource: string): string | null {
  if (resource === 'session') return action === 'login.failed' ? 'session.login.failed' : null;
  const recordAction = AUDIT_TO_RECORD_ACTION[action];
  return recordAction && /^[A-Za-z][A-Za-z0-9]*$/.test(resource)
    ? `${resource}.${recordAction}`
    : null;
}

/** Every concrete event type for these resources, in a stable order (the form's choices). */
export function webhookEventTypes(resources: readonly string[]): string[] {
  const types: string[] = [];
  for (const resource of resources)
    for (const action of WEBHOOK_RECORD_ACTIONS) types.push(`${resource}.${action}`);
  return [...types, ...WEBHOOK_SESSION_EVENTS];
}

/**
 * Why a subscription pattern is not valid, or null when it is. A pattern is an event type
 * (`zone.created`), every event of a resource (`zone.*`), or every event (`*`).
 */
export function webhookPatternProblem(
  pattern: string,
  resources: readonly string[],
): string | null {
  if (pattern === '*') return null;
  if ((WEBHOOK_SESSION_EVENTS as readonly string[]).includes(pattern)) return null;
  const dot = pattern.indexOf('.');
  const resource = dot < 0 ? pattern : pattern.slice(0, dot);
  const action = dot < 0 ? '' : pattern.slice(dot + 1);
  if (!resources.includes(resource))
    return `"${pattern}" names no resource (known: ${resources.join(', ')})`;
  if (action === '*' || (WEBHOOK_RECORD_ACTIONS as readonly string[]).includes(action)) return null;
  return `"${pattern}": the action must be one of ${WEBHOOK_RECORD_ACTIONS.join(', ')} or *`;
}

/** Whether a subscription holding these patterns wants this event. */
export function subscriptionWants(patterns: readonly string[], event: string): boolean {
  if (event === WEBHOOK_TEST_EVENT) return false;
  const dot = event.lastIndexOf('.');
  const resource = event.slice(0, event.indexOf('.'));
  for (const pattern of patterns) {
    if (pattern === event) return true;
    if (pattern === '*') return true;
    if (pattern === `${resource}.*` && dot > 0 && resource !== 'session') return true;
  }
  return false;
}

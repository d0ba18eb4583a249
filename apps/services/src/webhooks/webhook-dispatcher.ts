// The outbox's read side: every serving process polls for due deliveries, claims each row (so two
// processes or instances on one database never send the same attempt twice), sends it as a signed
// POST, logs the attempt, and schedules a retry with exponential backoff until it succeeds or runs
// out of attempts.
import type { Kysely, Selectable } from 'kysely';
import type { WebhookAttempt } from '@portico/core';
import type { Database, WebhookOutboxTable } from '../db/schema.ts';
import { webhookTargetProblem } from './allowed-hosts.ts';
import type { AllowedHost } from './allowed-hosts.ts';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  signWebhook,
} from './webhook-signature.ts';

export interface WebhookSettings {
  /** WEBHOOK_ALLOWED_HOSTS, parsed. */
  allowedHosts: readonly AllowedHost[];
  /** How often a process looks for due deliveries (ms). */
  pollMs?: number;
  /** One attempt's limit, connection to last byte read (ms). */
  timeoutMs?: number;
  /** The first retry's delay; each next one is three times longer, at most six hours (ms). */
  retryBaseMs?: number;
  /** Attempts before a delivery is given up as failed. */
  maxAttempts?: number;
}

export const WEBHOOK_DEFAULTS = {
  pollMs: 1000,
  timeoutMs: 10_000,
  retryBaseMs: 10_000,
  maxAttempts: 8,
} as const;

const MAX_RETRY_MS = 6 * 60 * 60 * 1000;
const EXCERPT_BYTES = 1024;
const BATCH = 20;

/** The delay before attempt `attempt + 1`, after `attempt` failed ones (jitter ±10 %). */
export function retryDelay(attempt: number, baseMs: number, random = Math.random): number {
  const delay = Math.min(MAX_RETRY_MS, baseMs * 3 ** Math.max(0, attempt - 1));
  return Math.round(delay * (0.9 + random() * 0.2));
}

/** What one attempt came to. */
export interface DeliveryResult extends WebhookAttempt {
  outboxId: number;
  endpointId: number;
}

type OutboxRow = Selectable<WebhookOutboxTable>;

async function readExcerpt(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES);
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).slice(0, 500);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return (cause?.code ?? cause?.message ?? error.message).slice(0, 300);
  }
  return 'failed';
}

export class WebhookDispatcher {
  private readonly pollMs: number;
  private readonly timeoutMs: number;
  private readonly retryBaseMs: number;
  private readonly maxAttempts: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: WebhookSettings,
    private readonly log: (line: string) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.pollMs = settings.pollMs ?? WEBHOOK_DEFAULTS.pollMs;
    this.timeoutMs = settings.timeoutMs ?? WEBHOOK_DEFAULTS.timeoutMs;
    this.retryBaseMs = settings.retryBaseMs ?? WEBHOOK_DEFAULTS.retryBaseMs;
    this.maxAttempts = settings.maxAttempts ?? WEBHOOK_DEFAULTS.maxAttempts;
  }

  /** Polls until stopped. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.runOnce(), this.pollMs);
    this.timer.unref();
    void this.runOnce();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Sends every delivery that is due now (one pass at a time); resolves with how many it tried. */
  runOnce(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    let tried = 0;
    try {
      for (;;) {
        const now = this.now();
        const due = await this.db
          .selectFrom('webhookOutbox')
          .select('id')
          .where('state', '=', 'pending')
          .where('nextAttemptAt', '<=', now)
          .where('lockedUntil', '<=', now)
          .orderBy('nextAttemptAt')
          .limit(BATCH)
          .execute();
        if (due.length === 0 || this.stopped) return tried;
        for (const { id } of due) {
          if (this.stopped) return tried;
          const row = await this.claim(Number(id));
          if (!row) continue;
          await this.attempt(row);
          tried += 1;
        }
        if (due.length < BATCH) return tried;
      }
    } catch (error) {
      this.log(
        JSON.stringify({ level: 'error', msg: 'webhook dispatch failed', error: describe(error) }),
      );
      return tried;
    }
  }

  /** Takes the row for one attempt, or nothing when another process has it. */
  private async claim(id: number): Promise<OutboxRow | undefined> {
    const now = this.now();
    const claimed = await this.db
      .updateTable('webhookOutbox')
      .set({ lockedUntil: now + this.timeoutMs * 2 })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('lockedUntil', '<=', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return undefined;
    return this.db.selectFrom('webhookOutbox').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Sends one outbox row now, whatever its schedule (the "send test event" button). */
  async deliverNow(id: number): Promise<DeliveryResult | undefined> {
    const row = await this.claim(id);
    return row ? this.attempt(row) : undefined;
  }

  private async attempt(row: OutboxRow): Promise<DeliveryResult> {
    const attempt = Number(row.attempts) + 1;
    const endpoint = await this.db
      .selectFrom('webhookEndpoints')
      .select(['url', 'secret', 'headers', 'enabled'])
      .where('id', '=', row.endpointId)
      .executeTakeFirst();
    const started = performance.now();
    let status = 0;
    let responseExcerpt = '';
    let error = '';
    let retry = true;
    if (!endpoint) {
      error = 'the endpoint was deleted';
      retry = false;
    } else if (!endpoint.enabled && row.event !== 'webhook.test') {
      error = 'the endpoint is disabled';
      retry = false;
    } else {
      const problem = webhookTargetProblem(endpoint.url, this.settings.allowedHosts);
      if (problem) {
        error = `the URL ${problem}`;
        retry = false;
      } else {
        const body = JSON.stringify({ id: String(row.id), ...(JSON.parse(row.payload) as object) });
        const timestamp = Math.floor(this.now() / 1000);
        let extra: Record<string, string> = {};
        try {
          extra = JSON.parse(endpoint.headers) as Record<string, string>;
        } catch {
          extra = {};
        }
        try {
          const response = await fetch(endpoint.url, {
            method: 'POST',
            redirect: 'manual',
            signal: AbortSignal.timeout(this.timeoutMs),
            headers: {
              ...extra,
              'Content-Type': 'application/json',
              'User-Agent': 'Portico-Webhooks/1',
              [EVENT_HEADER]: row.event,
              [DELIVERY_HEADER]: String(row.id),
              [TIMESTAMP_HEADER]: String(timestamp),
              [SIGNATURE_HEADER]: signWebhook(endpoint.secret, timestamp, body),
            },
            body,
          });
          status = response.status;
          responseExcerpt = await readExcerpt(response);
          if (status >= 300 && status < 400) error = 'redirects are not followed';
          else if (status >= 400) error = `answered ${status}`;
        } catch (caught) {
          error = describe(caught);
        }
      }
    }
    const durationMs = Math.round(performance.now() - started);
    const delivered = status >= 200 && status < 300;
    const outcome: DeliveryResult['outcome'] = delivered
      ? 'delivered'
      : retry && attempt < this.maxAttempts && row.event !== 'webhook.test'
        ? 'retrying'
        : 'failed';
    const now = this.now();
    const result: DeliveryResult = {
      outboxId: Number(row.id),
      endpointId: Number(row.endpointId),
      attempt,
      status,
      durationMs,
      outcome,
      responseExcerpt,
      error,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhookDeliveries')
        .values({
          ...result,
          tenantId: row.tenantId === null ? null : Number(row.tenantId),
          event: row.event,
          at: now,
        })
        .execute();
      await trx
        .updateTable('webhookOutbox')
        .set({
          attempts: attempt,
          state: outcome === 'retrying' ? 'pending' : outcome,
          nextAttemptAt:
            outcome === 'retrying'
              ? now + retryDelay(attempt, this.retryBaseMs)
              : Number(row.nextAttemptAt),
          lockedUntil: 0,
        })
        .where('id', '=', row.id)
        .execute();
    });
    return result;
  }
}

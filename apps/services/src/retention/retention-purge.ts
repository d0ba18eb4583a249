// Data retention's work: counting and deleting what is older than a tenant's maximum age, kind by
// kind, in small batches (each its own short transaction, with a pause between them) so writers are
// never held up for long; and the daily scheduled purge that one process of all those sharing a
// database runs.
import type { Kysely } from 'kysely';
import { RETENTION_KINDS, isRetentionKind, retentionCutoff } from '@portico/core';
import type { RetentionKind } from '@portico/core';
import { appendAudit } from '../audit/audit-log.ts';
import type { Database } from '../db/schema.ts';

/** Whose data: a tenant (its group), or the root level (the root group, `tenantId` null). */
export interface RetentionScope {
  groupId: number;
  tenantId: number | null;
}

export type RetentionCounts = Partial<Record<RetentionKind, number>>;

const BATCH = 500;
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

interface KindQuery {
  table: 'auditEntries' | 'analyticsEvents' | 'webhookDeliveries' | 'webhookOutbox';
  time: string;
  /** The column holding the scope, and which side of the scope it holds. */
  scopeColumn: 'tenantId' | 'groupId';
  /** More conditions (the outbox: only rows that are done). */
  done?: boolean;
}

const KIND_QUERIES: Readonly<Record<RetentionKind, readonly KindQuery[]>> = {
  auditEntries: [{ table: 'auditEntries', time: 'at', scopeColumn: 'tenantId' }],
  analyticsEvents: [{ table: 'analyticsEvents', time: 'receivedAt', scopeColumn: 'groupId' }],
  webhookDeliveries: [
    { table: 'webhookDeliveries', time: 'at', scopeColumn: 'tenantId' },
    { table: 'webhookOutbox', time: 'createdAt', scopeColumn: 'tenantId', done: true },
  ],
};

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

function expiredIds(db: AnyDb, query: KindQuery, scope: RetentionScope, cutoff: number) {
  let select = db.selectFrom(query.table).select('id').where(query.time, '<', cutoff);
  if (query.scopeColumn === 'groupId') select = select.where('groupId', '=', scope.groupId);
  else
    select =
      scope.tenantId === null
        ? select.where('tenantId', 'is', null)
        : select.where('tenantId', '=', scope.tenantId);
  if (query.done) select = select.where('state', '!=', 'pending');
  return select;
}

/** How many rows of `kind` are older than `cutoff` in the scope. */
export async function countExpired(
  database: Kysely<Database>,
  scope: RetentionScope,
  kind: RetentionKind,
  cutoff: number,
): Promise<number> {
  const db = database as unknown as AnyDb;
  let total = 0;
  for (const query of KIND_QUERIES[kind]) {
    const row = await db
      .selectFrom(expiredIds(db, query, scope, cutoff).as('expired'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    total += Number(row.n);
  }
  return total;
}

/** Deletes the rows of `kind` older than `cutoff`, a batch at a time; resolves with how many. */
export async function purgeExpired(
  database: Kysely<Database>,
  scope: RetentionScope,
  kind: RetentionKind,
  cutoff: number,
  batch = BATCH,
): Promise<number> {
  const db = database as unknown as AnyDb;
  let total = 0;
  for (const query of KIND_QUERIES[kind]) {
    for (;;) {
      const ids = (
        await expiredIds(db, query, scope, cutoff).orderBy('id').limit(batch).execute()
      ).map((row) => Number(row.id));
      if (ids.length === 0) break;
      const deleted = await db.deleteFrom(query.table).where('id', 'in', ids).executeTakeFirst();
      total += Number(deleted.numDeletedRows);
      if (ids.length < batch) break;
      await pause();
    }
  }
  return total;
}

/** A scope's maximum ages, by kind (a kind without one is kept forever). */
export async function policiesOf(
  db: Kysely<Database>,
  scopeGroupId: number,
): Promise<Map<RetentionKind, number>> {
  const rows = await db
    .selectFrom('retentionPolicies')
    .select(['kind', 'maxAgeDays'])
    .where('scopeGroupId', '=', scopeGroupId)
    .execute();
  const policies = new Map<RetentionKind, number>();
  for (const row of rows)
    if (isRetentionKind(row.kind)) policies.set(row.kind, Number(row.maxAgeDays));
  return policies;
}

export interface RetentionRun {
  counts: RetentionCounts;
  durationMs: number;
  at: number;
}

/**
 * Counts (`dryRun`) or purges every kind the scope has a maximum age for, and records the run.
 * A real purge appends an audit entry (what went, per kind).
 */
export async function runRetention(
  db: Kysely<Database>,
  scope: RetentionScope,
  options: {
    trigger: 'manual' | 'scheduled' | 'dryRun';
    actor: { id: number | null; name: string };
    origin: { address: string; requestId: string };
    now?: number;
  },
): Promise<RetentionRun> {
  const now = options.now ?? Date.now();
  const started = performance.now();
  const policies = await policiesOf(db, scope.groupId);
  const counts: RetentionCounts = {};
  for (const kind of RETENTION_KINDS) {
    const days = policies.get(kind);
    if (days === undefined) continue;
    const cutoff = retentionCutoff(now, days);
    counts[kind] =
      options.trigger === 'dryRun'
        ? await countExpired(db, scope, kind, cutoff)
        : await purgeExpired(db, scope, kind, cutoff);
  }
  const durationMs = Math.round(performance.now() - started);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('retentionRuns')
      .values({
        scopeGroupId: scope.groupId,
        at: now,
        trigger: options.trigger,
        actorName: options.actor.name,
        counts: JSON.stringify(counts),
        durationMs,
      })
      .execute();
    if (options.trigger !== 'dryRun')
      await appendAudit(trx, options.origin, {
        action: 'purge',
        resource: 'dataRetentionPolicy',
        recordName: options.trigger,
        tenantId: scope.tenantId,
        actorId: options.actor.id,
        actorName: options.actor.name,
        changes: Object.entries(counts).map(([field, purged]) => ({
          field,
          before: purged,
          after: 0,
        })),
      });
  });
  return { counts, durationMs, at: now };
}

const NEXT_RUN_KEY = 'retention.nextRun';

/**
 * The daily purge: every process checks once a minute whether the next run is due; the one whose
 * compare-and-set moves the next run on does it, for every scope that has a policy.
 */
export class RetentionScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly scopeOf: (groupId: number) => Promise<RetentionScope>,
    private readonly intervalMs = 24 * 60 * 60 * 1000,
    private readonly checkMs = 60_000,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.checkMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Runs the scheduled purge when it is due and this process wins it; true when it ran. */
  async tick(now = Date.now()): Promise<boolean> {
    if (this.running) return false;
    let ran = false;
    this.running = (async () => {
      try {
        ran = await this.claim(now);
        if (!ran) return;
        const scopes = await this.db
          .selectFrom('retentionPolicies')
          .select('scopeGroupId')
          .distinct()
          .execute();
        for (const { scopeGroupId } of scopes)
          await runRetention(this.db, await this.scopeOf(Number(scopeGroupId)), {
            trigger: 'scheduled',
            actor: { id: null, name: 'system' },
            origin: { address: 'local', requestId: `retention-${now}` },
            now,
          });
      } catch (error) {
        this.log(
          JSON.stringify({
            level: 'error',
            msg: 'scheduled retention purge failed',
            error: error instanceof Error ? error.message : String(error),
          }),
        );
      }
    })().finally(() => {
      this.running = undefined;
    });
    await this.running;
    return ran;
  }

  private async claim(now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', NEXT_RUN_KEY)
      .executeTakeFirst();
    if (!row) {
      // the first run is one interval after the first start
      await this.db
        .insertInto('meta')
        .values({ key: NEXT_RUN_KEY, value: String(now + this.intervalMs) })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
      return false;
    }
    if (Number(row.value) > now) return false;
    const moved = await this.db
      .updateTable('meta')
      .set({ value: String(now + this.intervalMs) })
      .where('key', '=', NEXT_RUN_KEY)
      .where('value', '=', row.value)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  }
}

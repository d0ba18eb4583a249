// CSV import jobs: the uploaded file kept in the database as ordered chunks (never whole in memory),
// the dry run at upload (the whole import in a transaction that is rolled back), and the job a
// confirm starts: the same import in one transaction that commits only when every row was written,
// with the job's own audit entry and its `done` state in that same transaction. Its progress and
// a cancel are shared with the process running it through `running`.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { ImportResource } from '@portico/core';
import { appendAudit } from '../audit/audit-log.ts';
import type { AuditOrigin } from '../audit/audit-log.ts';
import type { Caller } from '../auth/directory.ts';
import type { Database, ImportJobTable } from '../db/schema.ts';
import type { Dialect } from '../db/dialect.ts';
import type { ServicesContext } from '../services-context.ts';
import { RESOURCES_BY_PATH } from '../resources/definitions/index.ts';
import { runImport } from './import-run.ts';
import type { ImportOutcome, Trx } from './import-run.ts';

/** Characters per stored chunk of a file. */
export const CHUNK_CHARS = 64 * 1024;

export type ImportJobRow = Selectable<ImportJobTable>;

/** The live state of a job this process runs (a poll answers from it while the job's transaction is open). */
export interface RunningJob {
  readonly job: ImportJobRow;
  processed: number;
  cancel: boolean;
}

const running = new Map<number, RunningJob>();

export function runningJob(id: number): RunningJob | undefined {
  return running.get(id);
}

/** Stores `source` as the chunks of `kind` of job `jobId`; resolves with its length in bytes. */
export async function storeChunks(
  db: Kysely<Database>,
  jobId: number,
  kind: 'file' | 'errors',
  source: AsyncIterable<string>,
): Promise<number> {
  let buffer = '';
  let seq = 0;
  let bytes = 0;
  const put = async (content: string) => {
    bytes += Buffer.byteLength(content);
    await db.insertInto('importJobChunks').values({ jobId, kind, seq, content }).execute();
    seq += 1;
  };
  for await (const text of source) {
    buffer += text;
    while (buffer.length >= CHUNK_CHARS) {
      await put(buffer.slice(0, CHUNK_CHARS));
      buffer = buffer.slice(CHUNK_CHARS);
    }
  }
  if (buffer.length > 0) await put(buffer);
  return bytes;
}

/** The chunks of `kind` of job `jobId`, in order, one read at a time. */
export async function* readChunks(
  reader: Kysely<Database>,
  jobId: number,
  kind: 'file' | 'errors',
): AsyncGenerator<string> {
  for (let seq = 0; ; seq += 1) {
    const row = await reader
      .selectFrom('importJobChunks')
      .select('content')
      .where('jobId', '=', jobId)
      .where('kind', '=', kind)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!row) return;
    yield row.content;
  }
}

async function* once(text: string): AsyncGenerator<string> {
  if (text) yield text;
}

/** Why a job left `running` by a process that is gone ends `failed` (its transaction never committed). */
export const INTERRUPTED_MESSAGE =
  'interrupted: the services restarted; nothing was written — run it again';

/** The first key of the PostgreSQL advisory lock a running job holds (the second is its id). */
const JOB_LOCK_CLASS = 15_029;

/**
 * Takes job `jobId` for the transaction `trx` that runs it: its owner's lock (PostgreSQL: an
 * advisory transaction lock; SQLite: the write lock every transaction begins with, BEGIN IMMEDIATE)
 * is held until the transaction ends, so while it is held no other instance takes the job for
 * interrupted. False when the job is no longer `running` (taken for interrupted in between).
 */
async function ownJob(trx: Kysely<Database>, dialect: Dialect, jobId: number): Promise<boolean> {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(${JOB_LOCK_CLASS}, ${jobId})`.execute(trx);
  const row = await trx
    .selectFrom('importJobs')
    .select('state')
    .where('id', '=', jobId)
    .executeTakeFirst();
  return row?.state === 'running';
}

/**
 * Marks `failed` (INTERRUPTED_MESSAGE) each job left `running` whose owner is gone: its process
 * died and its transaction rolled back, so nothing of it was written. An owner is the open
 * transaction running the job (see ownJob): on PostgreSQL a job whose advisory lock another
 * instance holds is left alone; on SQLite the update waits for the write lock (the busy timeout), and
 * when a live instance holds it longer, the job is left alone too. Run at start-up, before this
 * instance runs any job; answers the ids marked.
 */
export async function failInterruptedJobs(
  db: Kysely<Database>,
  dialect: Dialect,
  log: (line: string) => void,
): Promise<number[]> {
  const left = await db
    .selectFrom('importJobs')
    .select('id')
    .where('state', '=', 'running')
    .execute();
  const failed: number[] = [];
  for (const { id } of left) {
    const jobId = Number(id);
    try {
      const marked = await db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          const { rows } = await sql<{
            free: boolean;
          }>`select pg_try_advisory_xact_lock(${JOB_LOCK_CLASS}, ${jobId}) as free`.execute(trx);
          if (!rows[0]?.free) return false;
        }
        const finishedAt = Date.now();
        const result = await trx
          .updateTable('importJobs')
          .set({
            state: 'failed',
            created: 0,
            updated: 0,
            finishedAt,
            message: INTERRUPTED_MESSAGE,
          })
          .where('id', '=', jobId)
          .where('state', '=', 'running')
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      });
      if (marked) {
        failed.push(jobId);
        log(`import job ${jobId} was interrupted by a restart: marked failed`);
      }
    } catch (error) {
      // another instance holds the database for longer than the busy timeout: it may be this job's
      log(
        `import job ${jobId} is left running: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return failed;
}

/** Another instance took the job for interrupted before its transaction began: nothing to do. */
class NotOwned extends Error {}

/** Rolls the dry run's transaction back once its outcome is known. */
class DryRunDone extends Error {
  constructor(readonly outcome: ImportOutcome) {
    super('dry run');
  }
}

/** The job stopped at a cancel. */
class Cancelled extends Error {}

/** The job's rows had problems: nothing of it is kept. */
class RowProblems extends Error {
  constructor(readonly outcome: ImportOutcome) {
    super(
      outcome.errorRows > 0
        ? `${outcome.errorRows} rows have problems: nothing was written`
        : `${outcome.problems[0]?.message ?? 'the file has problems'}: nothing was written`,
    );
  }
}

interface JobRun {
  ctx: ServicesContext;
  caller: Caller;
  origin: AuditOrigin;
}

function importOf(job: ImportJobRow, run: JobRun, trx: Trx, reader: Kysely<Database>) {
  return {
    ctx: run.ctx,
    caller: run.caller,
    trx,
    resource: job.resource as ImportResource,
    defaultGroupId: job.groupId,
    chunks: readChunks(reader, job.id, 'file'),
    origin: run.origin,
  };
}

/** The dry run of an uploaded job: its rows checked and written in a transaction rolled back. */
export async function dryRun(job: ImportJobRow, run: JobRun): Promise<ImportJobRow> {
  const { db } = run.ctx;
  let outcome: ImportOutcome;
  try {
    await db.transaction().execute(async (trx) => {
      const reader = trx as unknown as Kysely<Database>;
      throw new DryRunDone(await runImport(importOf(job, run, trx as unknown as Trx, reader)));
    });
    throw new Error('unreachable');
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
    outcome = error.outcome;
  }
  const invalid = outcome.errorRows > 0 || outcome.problems.length > 0;
  await storeChunks(db, job.id, 'errors', once(outcome.errorFile));
  const values = {
    state: invalid ? ('invalid' as const) : ('checked' as const),
    totalRows: outcome.totalRows,
    errorRows: outcome.errorRows,
    toCreate: outcome.created,
    toUpdate: outcome.updated,
    preview: JSON.stringify(outcome.preview),
    problems: JSON.stringify(outcome.problems),
  };
  await db.updateTable('importJobs').set(values).where('id', '=', job.id).execute();
  return { ...job, ...values };
}

/**
 * Runs a confirmed job (its state already `running`): every row in one transaction, committed with
 * the job's audit entry and its `done` state; on a problem, a cancel or a failure nothing is kept
 * and the job says why. Resolves when the job has ended.
 */
export async function runJob(job: ImportJobRow, run: JobRun): Promise<void> {
  const { ctx } = run;
  const { db } = ctx;
  const live: RunningJob = { job, processed: 0, cancel: false };
  running.set(job.id, live);
  const started = Date.now();
  try {
    const spec = RESOURCES_BY_PATH.get(job.resource)!;
    await db.transaction().execute(async (trx) => {
      const reader = trx as unknown as Kysely<Database>;
      if (!(await ownJob(reader, ctx.dialect, job.id))) throw new NotOwned('not owned');
      const outcome = await runImport({
        ...importOf(job, run, trx as unknown as Trx, reader),
        async afterBatch(processed) {
          live.processed = processed;
          // PostgreSQL: progress and a cancel through another connection (any instance sees them);
          // SQLite has one connection, held by this transaction: the process's own state serves
          if (ctx.dialect === 'postgres') {
            const row = await db
              .updateTable('importJobs')
              .set({ processed })
              .where('id', '=', job.id)
              .returning('cancelRequested')
              .executeTakeFirst();
            if (row?.cancelRequested) live.cancel = true;
          }
          // let requests in between batches (a poll, a cancel)
          await nextTurn();
          if (live.cancel) throw new Cancelled('cancelled');
        },
      });
      if (outcome.errorRows > 0 || outcome.problems.length > 0) throw new RowProblems(outcome);
      const finishedAt = Date.now();
      await appendAudit(reader, run.origin, {
        action: 'import',
        resource: spec.path,
        recordId: job.id,
        recordName: job.fileName,
        tenantId: job.tenantId,
        actorId: run.caller.user.id,
        actorName: run.caller.user.username,
        changes: [
          { field: 'rows', after: outcome.totalRows },
          { field: 'created', after: outcome.created },
          { field: 'updated', after: outcome.updated },
        ],
      });
      await reader
        .updateTable('importJobs')
        .set({
          state: 'done',
          created: outcome.created,
          updated: outcome.updated,
          processed: outcome.totalRows,
          totalRows: outcome.totalRows,
          finishedAt,
          durationMs: finishedAt - started,
          message: '',
        })
        .where('id', '=', job.id)
        .execute();
    });
    await ctx.bus.publish({ type: 'table', table: spec.table });
    if (spec.invalidatesDirectory) await ctx.bus.publish({ type: 'directory' });
  } catch (error) {
    if (error instanceof NotOwned) return;
    const finishedAt = Date.now();
    const cancelled = error instanceof Cancelled;
    const message = cancelled
      ? 'cancelled: nothing was written'
      : error instanceof RowProblems
        ? error.message
        : `failed: ${error instanceof Error ? error.message : String(error)}; nothing was written`;
    if (!cancelled && !(error instanceof RowProblems))
      ctx.log(
        `import job ${job.id} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    if (error instanceof RowProblems) {
      await db
        .deleteFrom('importJobChunks')
        .where('jobId', '=', job.id)
        .where('kind', '=', 'errors')
        .execute();
      await storeChunks(db, job.id, 'errors', once(error.outcome.errorFile));
    }
    await db
      .updateTable('importJobs')
      .set({
        state: cancelled ? 'cancelled' : 'failed',
        created: 0,
        updated: 0,
        processed: live.processed,
        finishedAt,
        durationMs: finishedAt - started,
        message: message.slice(0, 1000),
        ...(error instanceof RowProblems
          ? {
              errorRows: error.outcome.errorRows,
              problems: JSON.stringify(error.outcome.problems),
            }
          : {}),
      })
      .where('id', '=', job.id)
      .execute();
  } finally {
    running.delete(job.id);
  }
}

// CSV import (Services → Import / Export):
// GET  /importJob                  the caller's scope's jobs, newest first
// POST /importJob?resource=thing&fileName=…   body: the CSV file; stores it and answers its dry run (201)
// GET  /importJob/{id}             one job: state, counts, progress, the dry run's preview and problems
// POST /importJob/{id}/run         confirms: runs the job (202), or again after a failure with nothing
//                                  at fault in the file (an interrupted job); otherwise answers it as it is (200)
// POST /importJob/{id}/cancel      stops a job before it commits (nothing is kept)
// GET  /importJob/{id}/errors.csv  the rows with problems, with their line and problems
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { IMPORT_RESOURCES, isImportResource } from '@portico/core';
import { auditOrigin } from '../http/audit-origin.ts';
import { HttpError, parseOrThrow } from '../http/http-error.ts';
import { dryRun, readChunks, runJob, runningJob, storeChunks } from '../imports/import-jobs.ts';
import type { ImportJobRow } from '../imports/import-jobs.ts';
import { importScope, requireImport, requireImportInto } from '../policies/import-policy.ts';
import { importJobJson } from '../presenters/import-job-json.ts';
import { RESOURCES_BY_PATH } from '../resources/definitions/index.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';
import { idParam } from '../http/id-param.ts';

/** The largest file an import takes. */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

const uploadQuery = z.object({
  resource: z.string(),
  fileName: z.string().trim().min(1).max(200).default('import.csv'),
});

const NEW_JOB = {
  totalRows: 0,
  errorRows: 0,
  toCreate: 0,
  toUpdate: 0,
  created: 0,
  updated: 0,
  processed: 0,
  fileBytes: 0,
  startedAt: null,
  finishedAt: null,
  durationMs: null,
  cancelRequested: 0,
  preview: '[]',
  problems: '[]',
};

export function registerImportRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  const { db } = ctx;

  function inScope(c: Context<AppEnv>, job: ImportJobRow): boolean {
    const scope = importScope(c.get('caller'));
    return scope.all || Number(job.scopeGroupId) === scope.groupId;
  }

  async function findJob(c: Context<AppEnv>): Promise<ImportJobRow> {
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const job = (await db
      .selectFrom('importJobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()) as ImportJobRow | undefined;
    if (!job || !inScope(c, job)) throw new HttpError(404, `importJob ${id} not found`);
    return job;
  }

  /** A job this process is running, when the caller may see it (answered without the database). */
  function liveJob(c: Context<AppEnv>) {
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const live = runningJob(id);
    return live && inScope(c, live.job) ? live : undefined;
  }

  api.get('/importJob', async (c) => {
    const caller = c.get('caller');
    requireImport(caller, 'r');
    const scope = importScope(caller);
    let query = db.selectFrom('importJobs').selectAll();
    if (!scope.all) query = query.where('scopeGroupId', '=', scope.groupId);
    const jobs = (await query.orderBy('id', 'desc').limit(50).execute()) as ImportJobRow[];
    return c.json({
      total: jobs.length,
      results: jobs.map((job) => importJobJson(job, runningJob(Number(job.id)), false)),
    });
  });

  api.post('/importJob', async (c) => {
    const caller = c.get('caller');
    requireImport(caller, 'x');
    const query = parseOrThrow(uploadQuery, c.req.query(), 'query');
    if (!isImportResource(query.resource))
      throw new HttpError(400, `Invalid query: resource: one of ${IMPORT_RESOURCES.join(', ')}`, {
        resource: `one of ${IMPORT_RESOURCES.join(', ')}`,
      });
    const spec = RESOURCES_BY_PATH.get(query.resource)!;
    requireImportInto(caller, spec);
    const body = c.req.raw.body;
    if (!body)
      throw new HttpError(400, 'Invalid body: the CSV file is required', { body: 'required' });
    const scope = importScope(caller);
    const inserted = await db
      .insertInto('importJobs')
      .values({
        scopeGroupId: scope.groupId,
        tenantId: scope.tenantId,
        groupId: caller.group.id,
        resource: spec.path,
        fileName: query.fileName,
        state: 'invalid',
        actorId: caller.user.id,
        actorName: caller.user.username,
        createdAt: Date.now(),
        message: '',
        ...NEW_JOB,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    try {
      const fileBytes = await storeChunks(
        db,
        id,
        'file',
        body.pipeThrough(new TextDecoderStream()),
      );
      await db.updateTable('importJobs').set({ fileBytes }).where('id', '=', id).execute();
    } catch (error) {
      // a refused or broken upload leaves no job behind
      await db.deleteFrom('importJobChunks').where('jobId', '=', id).execute();
      await db.deleteFrom('importJobs').where('id', '=', id).execute();
      throw error;
    }
    const job = (await db
      .selectFrom('importJobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()) as ImportJobRow;
    const checked = await dryRun(job, { ctx, caller, origin: auditOrigin(c) });
    return c.json(importJobJson(checked), 201);
  });

  api.get('/importJob/:id', async (c) => {
    requireImport(c.get('caller'), 'r');
    const live = liveJob(c);
    if (live) return c.json(importJobJson({ ...live.job, state: 'running' }, live));
    return c.json(importJobJson(await findJob(c)));
  });

  api.post('/importJob/:id/run', async (c) => {
    const caller = c.get('caller');
    requireImport(caller, 'x');
    // a confirm sent again while the job runs: the job as it is, not a second run
    const live = liveJob(c);
    if (live) return c.json(importJobJson({ ...live.job, state: 'running' }, live), 200);
    const job = await findJob(c);
    if (job.state === 'invalid')
      throw new HttpError(
        409,
        `This file has problems in ${job.errorRows} rows: correct them and upload it again`,
      );
    const startedAt = Date.now();
    // a checked job, or one that failed with nothing written and no row at fault (an interrupted one)
    const claimed = await db
      .updateTable('importJobs')
      .set({ state: 'running', startedAt, finishedAt: null, message: '', cancelRequested: 0 })
      .where('id', '=', job.id)
      .where((eb) =>
        eb.or([
          eb('state', '=', 'checked'),
          eb.and([eb('state', '=', 'failed'), eb('errorRows', '=', 0), eb('problems', '=', '[]')]),
        ]),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return c.json(importJobJson(await findJob(c)), 200);
    const started: ImportJobRow = {
      ...job,
      state: 'running',
      startedAt,
      finishedAt: null,
      message: '',
      cancelRequested: 0,
    };
    void runJob(started, { ctx, caller, origin: auditOrigin(c) });
    return c.json(importJobJson(started, runningJob(Number(job.id))), 202);
  });

  api.post('/importJob/:id/cancel', async (c) => {
    requireImport(c.get('caller'), 'x');
    const live = liveJob(c);
    if (live) {
      live.cancel = true;
      return c.json(importJobJson({ ...live.job, state: 'running' }, live), 202);
    }
    const job = await findJob(c);
    if (job.state === 'checked') {
      await db
        .updateTable('importJobs')
        .set({ state: 'cancelled', message: 'cancelled before it ran' })
        .where('id', '=', job.id)
        .where('state', '=', 'checked')
        .execute();
      return c.json(importJobJson(await findJob(c)), 200);
    }
    if (job.state !== 'running') throw new HttpError(409, `This job has ended (${job.state})`);
    // run by another instance: it reads the request between batches
    await db
      .updateTable('importJobs')
      .set({ cancelRequested: 1 })
      .where('id', '=', job.id)
      .execute();
    return c.json(importJobJson({ ...job, cancelRequested: 1 }), 202);
  });

  api.get('/importJob/:id/errors.csv', async (c) => {
    requireImport(c.get('caller'), 'r');
    const job = await findJob(c);
    const chunks = readChunks(db, Number(job.id), 'errors');
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
    });
    return c.body(stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="import-${job.id}-errors.csv"`,
    });
  });
}

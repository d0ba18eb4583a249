// The JSON of an import job.
import type { ImportJob, ImportPreviewRow, ImportProblem } from '@portico/core';
import type { ImportJobRow, RunningJob } from '../imports/import-jobs.ts';

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

/** A JSON list the job stored itself (its preview or its problems); [] for anything else. */
function parsed<Item>(text: string): Item[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as Item[]) : [];
  } catch {
    return [];
  }
}

export function importJobJson(job: ImportJobRow, live?: RunningJob, detail = true): ImportJob {
  return {
    id: Number(job.id),
    resource: job.resource,
    fileName: job.fileName,
    state: job.state,
    actorName: job.actorName,
    totalRows: Number(job.totalRows),
    errorRows: Number(job.errorRows),
    toCreate: Number(job.toCreate),
    toUpdate: Number(job.toUpdate),
    created: Number(job.created),
    updated: Number(job.updated),
    processed: live ? live.processed : Number(job.processed),
    cancelling: live?.cancel === true || Number(job.cancelRequested) === 1,
    fileBytes: Number(job.fileBytes),
    createdAt: iso(job.createdAt),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    durationMs: job.durationMs === null ? null : Number(job.durationMs),
    message: job.message,
    hasErrorFile: Number(job.errorRows) > 0 || parsed(job.problems).length > 0,
    /** A confirm would run it: checked, or failed with nothing at fault in the file (interrupted). */
    runnable:
      !live &&
      (job.state === 'checked' ||
        (job.state === 'failed' &&
          Number(job.errorRows) === 0 &&
          parsed(job.problems).length === 0)),
    ...(detail
      ? {
          preview: parsed<ImportPreviewRow>(job.preview),
          problems: parsed<ImportProblem>(job.problems),
        }
      : {}),
  };
}

// The import / export page's plain rules: which jobs are still moving (polled), the columns a file
// of each resource takes, a job's progress and duration as shown.
import { IMPORT_KEYS, IMPORT_RESOURCES, importColumns } from '@portico/core';
import type { ImportResource } from '@portico/core';
import type { ImportJob } from '../api-client.ts';

export const IMPORTABLE: readonly ImportResource[] = IMPORT_RESOURCES;

/** A job whose page keeps polling: it runs. */
export function isMoving(job: Pick<ImportJob, 'state'>): boolean {
  return job.state === 'running';
}

/** The header line a file of `resource` takes, and its key column. */
export function columnsOf(resource: ImportResource): { columns: string; key: string } {
  return {
    columns: importColumns(resource)
      .map((column) => column.name)
      .join(', '),
    key: IMPORT_KEYS[resource],
  };
}

/** Rows processed out of the file's, 0–100 (100 once done). */
export function progressPercent(job: Pick<ImportJob, 'state' | 'processed' | 'totalRows'>): number {
  if (job.state === 'done') return 100;
  if (job.totalRows <= 0) return 0;
  return Math.min(100, Math.floor((job.processed / job.totalRows) * 100));
}

/** A duration as seconds with one decimal ("2.4"), or "" when unknown. */
export function secondsText(ms: number | null, language: string): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return '';
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(ms / 1000);
}

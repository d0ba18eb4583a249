// The pure state of a trained model's form: its metrics as rows of name and value (the form's value
// is those rows as JSON text), the statuses its status select offers (core's transitions), and a
// file's size in the user's language. No React: model-fields.tsx renders it.
import {
  MAX_TRAINED_MODEL_BYTES,
  allowedTransitions,
  isTrainedModelStatus,
  metricsProblem,
} from '@portico/core';
import type { TrainedModelStatus } from '@portico/core';

/** One metric row as typed: a name and the value's text. */
export type MetricRow = readonly [name: string, value: string];

/** The form value of a metrics object: its rows, as JSON text. */
export function metricsInput(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '[]';
  return JSON.stringify(
    Object.entries(value).map(([name, metric]) => [name, String(metric as number)]),
  );
}

/** The rows of a form value (anything that is not rows of two texts reads as none). */
export function metricRows(input: string): MetricRow[] {
  try {
    const parsed = JSON.parse(input === '' ? '[]' : input) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (row): row is [string, string] =>
        Array.isArray(row) &&
        row.length === 2 &&
        typeof row[0] === 'string' &&
        typeof row[1] === 'string',
    );
  } catch {
    return [];
  }
}

/** The metrics object of rows (blank rows left out), or null when a row is no name and number. */
export function metricsOf(rows: readonly MetricRow[]): Record<string, number> | null {
  const metrics: Record<string, number> = {};
  for (const [name, text] of rows) {
    if (name.trim() === '' && text.trim() === '') continue;
    const value = text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.'));
    if (name.trim() === '' || !Number.isFinite(value) || Object.hasOwn(metrics, name.trim()))
      return null;
    metrics[name.trim()] = value;
  }
  return metricsProblem(metrics) === null ? metrics : null;
}

/**
 * The statuses a status select offers: a new model's draft only; else the current status first,
 * then the moves core allows from it.
 */
export function statusChoices(current: unknown): TrainedModelStatus[] {
  if (!isTrainedModelStatus(current)) return ['draft'];
  return [current, ...allowedTransitions(current)];
}

/** A size in bytes as the user's language writes it (`1.5 MB`, `1,5 Mo`). */
export function formatBytes(bytes: number, language: string): string {
  const units = [
    ['megabyte', 1024 * 1024],
    ['kilobyte', 1024],
  ] as const;
  for (const [unit, size] of units)
    if (bytes >= size)
      return new Intl.NumberFormat(language, {
        style: 'unit',
        unit,
        maximumFractionDigits: 1,
      }).format(bytes / size);
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'byte' }).format(bytes);
}

/** Whether a chosen file may be uploaded (the services refuse it beyond the limit, or empty). */
export function fileProblem(size: number): 'empty' | 'tooLarge' | null {
  if (size === 0) return 'empty';
  return size > MAX_TRAINED_MODEL_BYTES ? 'tooLarge' : null;
}

/** The SHA-256 of a file in hex, as the services compute it; null where the browser has none. */
export async function sha256Hex(file: Blob): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const buffer = await file.arrayBuffer();
  let digest: ArrayBuffer;
  try {
    digest = await subtle.digest('SHA-256', buffer);
  } catch {
    // a buffer of another realm (a test's DOM) is refused: a copy of this realm's is not
    digest = await subtle.digest('SHA-256', Uint8Array.from(new Uint8Array(buffer)));
  }
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

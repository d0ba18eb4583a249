/**
 * Trained models (the `/machinelearning` page): a tenant's registry of models, each a name and a
 * semantic version (unique together in the tenant), the thing type it reads, its metrics, its
 * status and its uploaded file. The rules both the services and the legacy UI hold it to:
 * - a version is a semantic version (`1.2.0`, `2.0.0-rc.1+build.5`), at most 50 characters;
 * - metrics are a JSON object of at most {@link MAX_METRICS} named finite numbers, each name a
 *   letter then letters, digits, `_`, `.` or `-` (at most 64), each value within ±10¹²;
 * - a status moves only along {@link TRAINED_MODEL_TRANSITIONS}; `validated` and `deployed` need
 *   an uploaded file (nothing to check or run without one);
 * - a file is at most {@link MAX_TRAINED_MODEL_BYTES}; its checksum is SHA-256, 64 hex digits.
 */
import { TRAINED_MODEL_STATUSES } from './enumerations.ts';
import type { TrainedModelStatus } from './enumerations.ts';

/** The longest version accepted. */
export const MAX_MODEL_VERSION_LENGTH = 50;
/** The most metrics a model holds. */
export const MAX_METRICS = 20;
/** The longest metric name. */
export const MAX_METRIC_NAME_LENGTH = 64;
/** The largest magnitude of a metric's value. */
export const MAX_METRIC_MAGNITUDE = 1e12;
/** The largest model file the services take (200 MiB). */
export const MAX_TRAINED_MODEL_BYTES = 200 * 1024 * 1024;

// semver.org's recommended pattern (numeric parts without leading zeros)
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
const METRIC_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const SHA256_HEX = /^[0-9a-f]{64}$/i;

/** Why a version is refused, or null when it is a semantic version of an accepted length. */
export function modelVersionProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'must not be empty';
  if (value.length > MAX_MODEL_VERSION_LENGTH)
    return `must be at most ${MAX_MODEL_VERSION_LENGTH} characters`;
  if (!SEMVER.test(value)) return 'must be a semantic version such as 1.2.0';
  return null;
}

/** Why a metrics value is refused (the first problem, naming the metric), or null. */
export function metricsProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'must be an object of named numbers';
  const entries = Object.entries(value);
  if (entries.length > MAX_METRICS) return `must hold at most ${MAX_METRICS} metrics`;
  for (const [name, metric] of entries) {
    if (name.length > MAX_METRIC_NAME_LENGTH || !METRIC_NAME.test(name))
      return `${JSON.stringify(name.slice(0, MAX_METRIC_NAME_LENGTH + 1))} is no metric name: a letter, then letters, digits, _ . - (at most ${MAX_METRIC_NAME_LENGTH})`;
    if (typeof metric !== 'number' || !Number.isFinite(metric)) return `${name} must be a number`;
    if (Math.abs(metric) > MAX_METRIC_MAGNITUDE) return `${name} must be within ±1e12`;
  }
  return null;
}

/** The metrics a list shows first when a model has them, in this order. */
export const KEY_METRICS = ['accuracy', 'f1', 'auc', 'precision', 'recall', 'rmse', 'mae'] as const;

/** The metric a list shows for a model: the first of {@link KEY_METRICS} it has, else its first. */
export function keyMetric(metrics: unknown): { name: string; value: number } | null {
  if (typeof metrics !== 'object' || metrics === null || Array.isArray(metrics)) return null;
  const numbers = Object.entries(metrics).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number',
  );
  const byName = new Map(numbers.map(([name, value]) => [name.toLowerCase(), [name, value]]));
  for (const key of KEY_METRICS) {
    const found = byName.get(key);
    if (found) return { name: String(found[0]), value: Number(found[1]) };
  }
  const [first] = numbers;
  return first ? { name: first[0], value: first[1] } : null;
}

/**
 * The statuses each status may move to: a draft is validated (or retired unused); a validated
 * model is deployed, sent back to draft, or retired; a deployed one is withdrawn to validated or
 * retired; a retired one is final (register a new version instead).
 */
export const TRAINED_MODEL_TRANSITIONS: Readonly<
  Record<TrainedModelStatus, readonly TrainedModelStatus[]>
> = {
  draft: ['validated', 'retired'],
  validated: ['deployed', 'draft', 'retired'],
  deployed: ['validated', 'retired'],
  retired: [],
};

/** The statuses that need an uploaded file. */
export const STATUSES_NEEDING_FILE: readonly TrainedModelStatus[] = ['validated', 'deployed'];

export function isTrainedModelStatus(value: unknown): value is TrainedModelStatus {
  return (TRAINED_MODEL_STATUSES as readonly unknown[]).includes(value);
}

/** The statuses a model in `from` may move to (none for an unknown status). */
export function allowedTransitions(from: unknown): readonly TrainedModelStatus[] {
  return isTrainedModelStatus(from) ? TRAINED_MODEL_TRANSITIONS[from] : [];
}

/**
 * Why a move from `from` to `to` is refused (naming the allowed ones), or null when it is allowed.
 * Staying in the same status is no move. `hasFile`: whether the model has an uploaded file.
 */
export function transitionProblem(from: unknown, to: unknown, hasFile: boolean): string | null {
  if (!isTrainedModelStatus(to)) return `must be one of ${TRAINED_MODEL_STATUSES.join(', ')}`;
  if (from === to) return null;
  const allowed = allowedTransitions(from);
  if (!allowed.includes(to))
    return allowed.length === 0
      ? `cannot change from ${String(from)}: it is final`
      : `cannot change from ${String(from)} to ${to}: allowed are ${allowed.join(', ')}`;
  if (STATUSES_NEEDING_FILE.includes(to) && !hasFile) return `${to} needs an uploaded file`;
  return null;
}

/** Why a new model may not start in `status`: every model starts as a draft (it has no file yet). */
export function initialStatusProblem(status: unknown): string | null {
  if (!isTrainedModelStatus(status)) return `must be one of ${TRAINED_MODEL_STATUSES.join(', ')}`;
  return status === 'draft' ? null : 'a new model starts as draft';
}

/** Whether `value` is a SHA-256 checksum in hex (either case). */
export function isSha256Hex(value: unknown): value is string {
  return typeof value === 'string' && SHA256_HEX.test(value);
}

/** Why a model in `status` may not be deleted (a deployed one is in use: withdraw it first), or null. */
export function deleteProblem(status: unknown): string | null {
  return status === 'deployed'
    ? 'a deployed model cannot be deleted: move it to validated or retired first'
    : null;
}

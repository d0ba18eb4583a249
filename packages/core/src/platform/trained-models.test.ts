import { describe, expect, it } from 'vitest';
import { TRAINED_MODEL_STATUSES } from './enumerations.ts';
import * as TrainedModels from './trained-models.ts';

describe('a model version', () => {
  it.each([
    ['1.2.0', null],
    ['0.0.1', null],
    ['10.20.30', null],
    ['2.0.0-rc.1', null],
    ['1.0.0-alpha+build.5', null],
    ['1.0.0+20261127', null],
    ['', 'must not be empty'],
    ['   ', 'must not be empty'],
    [12, 'must not be empty'],
    [null, 'must not be empty'],
    ['1.2', 'must be a semantic version such as 1.2.0'],
    ['v1.2.0', 'must be a semantic version such as 1.2.0'],
    ['01.2.0', 'must be a semantic version such as 1.2.0'],
    ['1.2.0-', 'must be a semantic version such as 1.2.0'],
    ['1.2.0-01', 'must be a semantic version such as 1.2.0'],
    ['1.2.0 ', 'must be a semantic version such as 1.2.0'],
    [`1.2.0-${'a'.repeat(44)}`, null],
    [`1.2.0-${'a'.repeat(45)}`, 'must be at most 50 characters'],
  ])('%j -> %j', (value, problem) => {
    expect(TrainedModels.modelVersionProblem(value)).toBe(problem);
  });
});

describe('metrics', () => {
  const many = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`m${i}`, i / 100]));
  it.each([
    [{}, null],
    [{ accuracy: 0.94, f1: 0.91, rmse: 12.5 }, null],
    [{ 'top-5.accuracy': 0.99, loss_val: -0.2 }, null],
    [many(TrainedModels.MAX_METRICS), null],
    [many(TrainedModels.MAX_METRICS + 1), 'must hold at most 20 metrics'],
    [[], 'must be an object of named numbers'],
    [null, 'must be an object of named numbers'],
    ['accuracy=1', 'must be an object of named numbers'],
    [{ accuracy: '0.9' }, 'accuracy must be a number'],
    [{ accuracy: Number.NaN }, 'accuracy must be a number'],
    [{ accuracy: Number.POSITIVE_INFINITY }, 'accuracy must be a number'],
    [{ accuracy: null }, 'accuracy must be a number'],
    [{ big: 1e12 }, null],
    [{ big: -1e13 }, 'big must be within ±1e12'],
    [{ '1st': 1 }, expect.stringContaining('"1st" is no metric name')],
    [{ 'a b': 1 }, expect.stringContaining('"a b" is no metric name')],
    [{ '': 1 }, expect.stringContaining('"" is no metric name')],
    [{ ['a'.repeat(64)]: 1 }, null],
    [{ ['a'.repeat(65)]: 1 }, expect.stringContaining('is no metric name')],
  ] as const)('%j -> %j', (value, problem) => {
    expect(TrainedModels.metricsProblem(value)).toEqual(problem);
  });

  it.each([
    [
      { precision: 0.8, accuracy: 0.9 },
      { name: 'accuracy', value: 0.9 },
    ],
    [
      { rmse: 3, F1: 0.7 },
      { name: 'F1', value: 0.7 },
    ],
    [
      { latencyMs: 12, throughput: 5 },
      { name: 'latencyMs', value: 12 },
    ],
    [
      { note: 'x', mae: 2 },
      { name: 'mae', value: 2 },
    ],
    [{}, null],
    [null, null],
    [[1], null],
    [{ note: 'x' }, null],
  ] as const)('key metric of %j is %j', (metrics, expected) => {
    expect(TrainedModels.keyMetric(metrics)).toEqual(expected);
  });
});

describe('status transitions', () => {
  // every pair of statuses: allowed exactly when the table lists it (same status: no move)
  const pairs = TRAINED_MODEL_STATUSES.flatMap((from) =>
    TRAINED_MODEL_STATUSES.map((to) => [from, to] as const),
  );
  it.each(pairs)('%s -> %s with a file', (from, to) => {
    const allowed = from === to || TrainedModels.TRAINED_MODEL_TRANSITIONS[from].includes(to);
    expect(TrainedModels.transitionProblem(from, to, true) === null).toBe(allowed);
  });

  it.each([
    ['draft', 'validated', true, null],
    ['draft', 'validated', false, 'validated needs an uploaded file'],
    ['validated', 'deployed', false, 'deployed needs an uploaded file'],
    ['draft', 'retired', false, null],
    ['validated', 'draft', false, null],
    ['deployed', 'retired', true, null],
    [
      'draft',
      'deployed',
      true,
      'cannot change from draft to deployed: allowed are validated, retired',
    ],
    [
      'deployed',
      'draft',
      true,
      'cannot change from deployed to draft: allowed are validated, retired',
    ],
    ['retired', 'draft', true, 'cannot change from retired: it is final'],
    ['retired', 'retired', false, null],
    ['draft', 'live', true, 'must be one of draft, validated, deployed, retired'],
    ['draft', 3, true, 'must be one of draft, validated, deployed, retired'],
    ['unknown', 'draft', true, 'cannot change from unknown: it is final'],
  ] as const)('%s -> %s (file %s): %j', (from, to, hasFile, problem) => {
    expect(TrainedModels.transitionProblem(from, to, hasFile)).toBe(problem);
  });

  it.each([
    ['draft', ['validated', 'retired']],
    ['validated', ['deployed', 'draft', 'retired']],
    ['deployed', ['validated', 'retired']],
    ['retired', []],
    ['other', []],
    [undefined, []],
  ] as const)('from %j the allowed moves are %j', (from, expected) => {
    expect(TrainedModels.allowedTransitions(from)).toEqual(expected);
  });

  it.each([
    ['draft', null],
    ['validated', 'a new model starts as draft'],
    ['deployed', 'a new model starts as draft'],
    ['nope', 'must be one of draft, validated, deployed, retired'],
  ] as const)('a new model in %s: %j', (status, problem) => {
    expect(TrainedModels.initialStatusProblem(status)).toBe(problem);
  });

  it.each([
    ['draft', null],
    ['validated', null],
    ['retired', null],
    ['deployed', expect.stringContaining('a deployed model cannot be deleted')],
  ] as const)('deleting a %s model: %j', (status, problem) => {
    expect(TrainedModels.deleteProblem(status)).toEqual(problem);
  });

  it.each([
    ['draft', true],
    ['retired', true],
    ['Draft', false],
    [1, false],
  ] as const)('isTrainedModelStatus(%j) -> %s', (value, expected) => {
    expect(TrainedModels.isTrainedModelStatus(value)).toBe(expected);
  });
});

describe('a checksum', () => {
  it.each([
    ['a'.repeat(64), true],
    ['A1'.repeat(32), true],
    ['a'.repeat(63), false],
    ['g'.repeat(64), false],
    [`${'a'.repeat(64)}\n`, false],
    [64, false],
  ] as const)('%j -> %s', (value, expected) => {
    expect(TrainedModels.isSha256Hex(value)).toBe(expected);
  });
});

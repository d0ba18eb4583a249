import { describe, expect, it } from 'vitest';
import { API_BASE_PATH, VISIBILITY_RESOURCES, isRecord } from '../index.ts';

describe('platform API constants', () => {
  it('places the API under /riot-core-services/api', () => {
    expect(API_BASE_PATH).toBe('/riot-core-services/api');
  });

  it('lists the twenty visibility-group resources of spec §3 once each', () => {
    expect(VISIBILITY_RESOURCES).toHaveLength(20);
    expect(new Set(VISIBILITY_RESOURCES).size).toBe(VISIBILITY_RESOURCES.length);
    expect(VISIBILITY_RESOURCES).toContain('thing');
  });
});

describe('isRecord', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [Object.create(null), true],
    [null, false],
    [undefined, false],
    [[], false],
    [[1], false],
    ['text', false],
    [1, false],
    [true, false],
  ])('%o → %s', (value, expected) => {
    expect(isRecord(value)).toBe(expected);
  });
});

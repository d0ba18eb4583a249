import { describe, expect, it } from 'vitest';
import { kindsWithChanges, planTotals, shownValue } from './versioning-state.ts';

const ref = { key: '1', name: 'A' };

describe('versioning state', () => {
  it('keeps only the kinds that differ', () => {
    const diff = [
      { kind: 'roles' as const, added: [], removed: [], changed: [] },
      { kind: 'thingTypes' as const, added: [ref], removed: [], changed: [] },
    ];
    expect(kindsWithChanges(diff).map((d) => d.kind)).toEqual(['thingTypes']);
  });

  it('adds a plan up over its kinds', () => {
    expect(
      planTotals([
        { kind: 'roles', update: [{ ...ref, changes: [] }], recreate: [], keep: [ref] },
        { kind: 'zoneTypes', update: [], recreate: [ref, ref], keep: [] },
      ]),
    ).toEqual({ update: 1, recreate: 2, keep: 1 });
  });

  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    ['x', 'x'],
    [0, '0'],
    [false, 'false'],
  ])('shows %j as %j', (value, shown) => {
    expect(shownValue(value)).toBe(shown);
  });
});

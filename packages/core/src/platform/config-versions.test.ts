import { describe, expect, it } from 'vitest';
import * as ConfigVersions from './config-versions.ts';
import type { SnapshotContent, SnapshotRecord } from './config-versions.ts';

const empty: SnapshotContent = {
  groupFields: [],
  roles: [],
  thingTypes: [],
  zoneTypes: [],
  reportDefinitions: [],
};
const rec = (key: string, name: string, fields: SnapshotRecord['fields']): SnapshotRecord => ({
  key,
  name,
  fields,
});
const pallet = rec('1', 'Pallet', { name: 'Pallet', code: 'PAL', archived: false });
const crate = rec('2', 'Crate', { name: 'Crate', code: 'CRT', archived: false });

describe('fieldChanges', () => {
  it.each([
    [{ a: 1 }, { a: 1 }, []],
    [{ a: 1 }, { a: 2 }, [{ field: 'a', before: 1, after: 2 }]],
    [{}, { a: 'x' }, [{ field: 'a', before: null, after: 'x' }]],
    [{ a: 'x' }, {}, [{ field: 'a', before: 'x', after: null }]],
    [{ a: null }, {}, []],
    [
      { b: true, a: 'x' },
      { b: false, a: 'y' },
      [
        { field: 'a', before: 'x', after: 'y' },
        { field: 'b', before: true, after: false },
      ],
    ],
  ])('%j → %j', (before, after, expected) => {
    expect(ConfigVersions.fieldChanges(before, after)).toEqual(expected);
  });
});

describe('diffSnapshots', () => {
  it.each([
    ['nothing changed', [pallet], [pallet], { added: [], removed: [], changed: [] }],
    [
      'a record added',
      [pallet],
      [pallet, crate],
      { added: [{ key: '2', name: 'Crate' }], removed: [], changed: [] },
    ],
    [
      'a record removed',
      [pallet, crate],
      [crate],
      { added: [], removed: [{ key: '1', name: 'Pallet' }], changed: [] },
    ],
    [
      'a record renamed',
      [pallet],
      [rec('1', 'Skid', { ...pallet.fields, name: 'Skid' })],
      {
        added: [],
        removed: [],
        changed: [
          { key: '1', name: 'Skid', changes: [{ field: 'name', before: 'Pallet', after: 'Skid' }] },
        ],
      },
    ],
  ])('%s', (_label, before, after, expected) => {
    const diff = ConfigVersions.diffSnapshots(
      { ...empty, thingTypes: before },
      { ...empty, thingTypes: after },
    );
    expect(diff.map((d) => d.kind)).toEqual(ConfigVersions.VERSIONED_KINDS.map((k) => k.kind));
    expect(diff.find((d) => d.kind === 'thingTypes')).toEqual({ kind: 'thingTypes', ...expected });
    expect(ConfigVersions.isSameConfiguration(diff)).toBe(_label === 'nothing changed');
  });
});

describe('restorePlan', () => {
  it('re-creates what the snapshot has, writes back what changed, keeps what came after', () => {
    const snapshot = { ...empty, zoneTypes: [pallet, rec('3', 'Dock', { name: 'Dock' })] };
    const now = {
      ...empty,
      zoneTypes: [rec('1', 'Skid', { ...pallet.fields, name: 'Skid' }), crate],
    };
    const plan = ConfigVersions.restorePlan(now, snapshot).find((p) => p.kind === 'zoneTypes');
    expect(plan).toEqual({
      kind: 'zoneTypes',
      recreate: [{ key: '3', name: 'Dock' }],
      update: [
        { key: '1', name: 'Pallet', changes: [{ field: 'name', before: 'Skid', after: 'Pallet' }] },
      ],
      keep: [{ key: '2', name: 'Crate' }],
    });
  });
});

describe('parseSnapshotContent', () => {
  const valid = { ...empty, roles: [rec('5', 'Viewer', { name: 'Viewer', archived: 0 })] };
  it.each([
    ['a snapshot', valid, true],
    ['not an object', 'x', false],
    ['null', null, false],
    ['an array', [], false],
    ['a kind missing', { ...valid, roles: undefined }, false],
    ['a record not an object', { ...valid, roles: [7] }, false],
    ['a record that is null', { ...valid, roles: [null] }, false],
    ['a key not text', { ...valid, roles: [{ key: 5, name: 'x', fields: {} }] }, false],
    ['a name not text', { ...valid, roles: [{ key: '5', name: 1, fields: {} }] }, false],
    ['fields missing', { ...valid, roles: [{ key: '5', name: 'x' }] }, false],
    ['fields null', { ...valid, roles: [{ key: '5', name: 'x', fields: null }] }, false],
    ['fields an array', { ...valid, roles: [{ key: '5', name: 'x', fields: [] }] }, false],
    ['a nested value', { ...valid, roles: [{ key: '5', name: 'x', fields: { a: {} } }] }, false],
    [
      'a value not finite',
      { ...valid, roles: [{ key: '5', name: 'x', fields: { a: Infinity } }] },
      false,
    ],
    [
      'every kind of value',
      { ...valid, roles: [{ key: '5', name: 'x', fields: { a: null, b: true, c: 1, d: 'd' } }] },
      true,
    ],
  ])('%s', (_label, value, ok) => {
    const parsed = ConfigVersions.parseSnapshotContent(value);
    if (ok) expect(parsed).not.toBeNull();
    else expect(parsed).toBeNull();
  });
});

describe('snapshotNoteProblem', () => {
  it.each([
    ['', null],
    ['before the audit', null],
    ['x'.repeat(ConfigVersions.SNAPSHOT_NOTE_MAX), null],
    ['x'.repeat(ConfigVersions.SNAPSHOT_NOTE_MAX + 1), 'at most 200'],
    [5, 'must be text'],
    [null, 'must be text'],
  ])('%j → %s', (note, problem) => {
    const found = ConfigVersions.snapshotNoteProblem(note);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});

import { describe, expect, it } from 'vitest';
import { SOFT_DELETED_RESOURCES, softDeletes } from './soft-delete.ts';

describe('softDeletes', () => {
  it.each([
    ['thing', true],
    ['thingType', true],
    ['zone', true],
    ['zoneType', true],
    ['zoneGroup', true],
    ['logicalReader', true],
    ['connection', true],
    ['edgebox', true],
    ['folder', true],
    ['reportDefinition', true],
    ['resource', true],
    // the directory goes at once
    ['user', false],
    ['role', false],
    ['group', false],
    ['groupType', false],
    // neither a table name nor an unknown path counts
    ['things', false],
    ['', false],
  ])('%s: %s', (resource, expected) => {
    expect(softDeletes(resource)).toBe(expected);
  });

  it('lists each resource once', () => {
    expect(new Set(SOFT_DELETED_RESOURCES).size).toBe(SOFT_DELETED_RESOURCES.length);
  });
});

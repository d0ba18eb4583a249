import { describe, expect, it } from 'vitest';
import { grantedBy, mayGrantAll, missingGrants } from './grant-rules.ts';
import { createPermissionSet } from './permission-string.ts';

describe('grantedBy', () => {
  it.each([
    ['zone:r', 'zone:r'],
    ['_folderinstance_7:r', 'reportDefinitionfolder:r'],
    ['_folderinstance_7:ud', 'reportDefinitionfolder:ud'],
    ['_folderinstance_x:r', '_folderinstance_x:r'],
  ])('%s needs %s', (permission, needed) => {
    expect(grantedBy(permission)).toBe(needed);
  });
});

describe('missingGrants / mayGrantAll', () => {
  it.each<[string, string[], string[], string[]]>([
    ['held exactly', ['zone:r'], ['zone:r'], []],
    ['held by a wildcard', ['zone:*'], ['zone:r', 'zone:u'], []],
    ['not held', ['zone:r'], ['zone:r', 'zone:u', 'thing:d'], ['zone:u', 'thing:d']],
    ['a folder instance by the type', ['reportDefinitionfolder:r'], ['_folderinstance_3:r'], []],
    [
      'a folder instance not held',
      ['report_definition:*'],
      ['_folderinstance_3:u'],
      ['_folderinstance_3:u'],
    ],
    ['text that grants nothing', [], ['nonsense'], []],
    ['each once', [], ['zone:r', 'zone:r'], ['zone:r']],
  ])('%s', (_name, held, permissions, missing) => {
    expect(missingGrants(held, permissions)).toEqual(missing);
    expect(mayGrantAll(createPermissionSet(held), permissions)).toBe(missing.length === 0);
  });
});

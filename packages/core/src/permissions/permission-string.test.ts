import { describe, expect, it } from 'vitest';
import {
  createPermissionSet,
  hasPermission,
  isPermissionSet,
  parsePermission,
  toPermissionSet,
} from './permission-string.ts';

describe('parsePermission (spec §3: resource:letters, letters from r,i,u,d,a,x)', () => {
  it.each([
    ['zone:r', { resource: 'zone', letters: ['r'], wildcard: false }],
    ['zone:riud', { resource: 'zone', letters: ['r', 'i', 'u', 'd'], wildcard: false }],
    ['zone:*', { resource: 'zone', letters: ['r', 'i', 'u', 'd', 'a', 'x'], wildcard: true }],
    ['things:x', { resource: 'things', letters: ['x'], wildcard: false }],
    ['user:r:42', { resource: 'user', letters: ['r'], wildcard: false, instance: '42' }],
    ['_folderinstance_7:r', { resource: '_folderinstance_7', letters: ['r'], wildcard: false }],
  ])('%s parses', (input, expected) => {
    expect(parsePermission(input)).toEqual(expected);
  });

  it.each([[''], ['zone'], ['zone:'], ['zone:q'], [':r'], ['a:b:c:d'], ['zone:r:'], [42], [null]])(
    '%s is refused',
    (input) => {
      expect(parsePermission(input)).toBeNull();
    },
  );
});

describe('createPermissionSet (DESIGN §4: zone:r is held by zone:r or zone:*)', () => {
  const set = createPermissionSet([
    'zone:r',
    'thing:*',
    'user:u:42',
    'garbage',
    'zone:r',
    'Group:ri',
  ]);
  it.each([
    ['zone:r', true],
    ['zone:u', false],
    ['thing:d', true],
    ['thing:riud', true],
    ['user:u:42', true],
    ['user:u:43', false],
    ['user:u', false],
    ['zone:r:9', true],
    ['group:r', true],
    ['group:ri', true],
    ['group:rd', false],
    ['not a term', false],
  ])('%s -> %s', (term, expected) => {
    expect(set.has(term)).toBe(expected);
    expect(set.has(term)).toBe(expected); // cached answer agrees
  });

  it('keeps every distinct string, in order', () => {
    expect(set.values).toEqual(['zone:r', 'thing:*', 'user:u:42', 'garbage', 'Group:ri']);
  });

  it('hasPermission is the one-off form', () => {
    expect(hasPermission(['zone:*'], 'zone:a')).toBe(true);
    expect(hasPermission([], 'zone:r')).toBe(false);
  });
});

describe('PermissionSet identity and iteration', () => {
  it('is iterable over its distinct strings and recognised as a set', () => {
    const set = createPermissionSet(['zone:r', 'zone:r', 'thing:u']);
    expect([...set]).toEqual(['zone:r', 'thing:u']);
    expect(isPermissionSet(set)).toBe(true);
    expect(isPermissionSet(['zone:r'])).toBe(false);
    expect(isPermissionSet(null)).toBe(false);
    expect(isPermissionSet({ has: () => true, values: [] })).toBe(false);
  });

  it('toPermissionSet returns a set as is and remembers frozen lists by identity', () => {
    const set = createPermissionSet(['zone:r']);
    expect(toPermissionSet(set)).toBe(set);
    const frozen = Object.freeze(['zone:r']);
    const first = toPermissionSet(frozen);
    expect(toPermissionSet(frozen)).toBe(first);
    expect(first.has('zone:r')).toBe(true);
    const mutable = ['zone:r'];
    const fromMutable = toPermissionSet(mutable);
    mutable.push('zone:u');
    expect(toPermissionSet(mutable)).not.toBe(fromMutable);
    expect(toPermissionSet(mutable).has('zone:u')).toBe(true);
  });
});

describe('PermissionSet answer cache', () => {
  it('stays correct once its bound of 10,000 remembered terms is reached', () => {
    const set = createPermissionSet(['user:r:5000', 'zone:u']);
    for (let id = 0; id < 10_001; id += 1) expect(set.has(`user:r:${id}`)).toBe(id === 5000);
    expect(set.has('zone:u')).toBe(true);
    expect(set.has('zone:r')).toBe(false);
  });
});

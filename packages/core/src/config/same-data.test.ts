import { describe, expect, it } from 'vitest';
import { keepWhenSame, sameData } from './same-data.ts';

describe('sameData', () => {
  it.each<[string, unknown, unknown, boolean]>([
    // [case, a, b, equal]
    ['the same string', 'a', 'a', true],
    ['two strings', 'a', 'b', false],
    ['NaN and NaN', Number.NaN, Number.NaN, true],
    ['a number and its text', 1, '1', false],
    ['null and an empty object', null, {}, false],
    ['null and null', null, null, true],
    ['equal lists', ['zone:*', 'thing:r'], ['zone:*', 'thing:r'], true],
    ['a list in another order', ['zone:*', 'thing:r'], ['thing:r', 'zone:*'], false],
    ['a shorter list', ['zone:*'], ['zone:*', 'thing:r'], false],
    ['a list and an object with its keys', ['x'], { 0: 'x' }, false],
    ['keys in another order', { a: 1, b: { c: [1] } }, { b: { c: [1] }, a: 1 }, true],
    ['a nested value changed', { a: 1, b: { c: [1] } }, { a: 1, b: { c: [2] } }, false],
    ['a key more', { a: 1 }, { a: 1, b: 2 }, false],
    ['a key undefined and a key absent', { a: 1, b: undefined }, { a: 1, c: undefined }, false],
  ])('%s', (_case, a, b, equal) => {
    expect(sameData(a, b)).toBe(equal);
    expect(sameData(b, a)).toBe(equal);
  });
});

describe('keepWhenSame', () => {
  it('keeps the previous reference when the data is the same, else takes the next', () => {
    const previous = { fields: { a: '1' } };
    expect(keepWhenSame(previous, { fields: { a: '1' } })).toBe(previous);
    const changed = { fields: { a: '2' } };
    expect(keepWhenSame(previous, changed)).toBe(changed);
  });
});

import { describe, expect, it } from 'vitest';
import {
  perLetterPermissions,
  resourceLetters,
  withResourceLetters,
} from './platform-permissions.ts';

describe('perLetterPermissions', () => {
  it.each([
    [['thing:riu'], ['thing:r', 'thing:i', 'thing:u']],
    [
      ['thing:r', 'thing:ru'],
      ['thing:r', 'thing:u'],
    ],
    [
      ['thing:*', 'zone:x'],
      ['thing:*', 'zone:x'],
    ],
    [['user:ru:7'], ['user:r:7', 'user:u:7']],
    [['report:*:3'], ['report:*:3']],
    [['not a permission', 'zone:r'], ['zone:r']],
    [[], []],
  ])('%j → %j', (input, expected) => {
    expect(perLetterPermissions(input)).toEqual(expected);
  });
});

describe('withResourceLetters', () => {
  it.each([
    // replaces every grant of the resource, whatever its case or form
    [['thing:*', 'zone:r'], 'thing', 'ru', ['zone:r', 'thing:r', 'thing:u']],
    [['thingType:riu', 'thingtype:d'], 'thingtype', 'r', ['thingtype:r']],
    // no letters: the resource is no longer granted
    [['thing:r', 'zone:r'], 'thing', '', ['zone:r']],
    // object-level grants and other strings stay
    [['thing:r:5', 'odd string'], 'thing', 'i', ['thing:r:5', 'odd string', 'thing:i']],
    // a letter given twice is granted once
    [[], 'zone', 'rr', ['zone:r']],
  ])('%j, %s, %s → %j', (input, resource, letters, expected) => {
    expect(withResourceLetters(input, resource, letters)).toEqual(expected);
  });
});

describe('resourceLetters', () => {
  it.each([
    [['thing:u', 'Thing:r', 'zone:d'], 'thing', 'ru'],
    [['thing:*'], 'thing', 'riudax'],
    [['thing:r:5', 'bad'], 'thing', ''],
    [[], 'zone', ''],
  ])('%j, %s → %s', (input, resource, expected) => {
    expect(resourceLetters(input, resource)).toBe(expected);
  });
});

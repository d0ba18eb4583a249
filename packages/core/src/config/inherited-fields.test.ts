import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as InheritedFields from './inherited-fields.ts';

describe('inherited field values (spec §3: values may be JSON strings and are parsed)', () => {
  it.each([
    ['{"en":"Assets"}', { en: 'Assets' }],
    ['["gateway","services"]', ['gateway', 'services']],
    ['"quoted"', 'quoted'],
    ['30', '30'],
    ['true', 'true'],
    ['{broken', '{broken'],
    [42, 42],
    [null, null],
  ])('%j -> %j', (value, expected) => {
    expect(InheritedFields.parseFieldValue(value)).toEqual(expected);
  });
  it("takes each field's own value, else its parent value, and drops empty ones", () => {
    expect(
      InheritedFields.parseInheritedFields({
        a: { value: 'own', parentValue: 'parent' },
        b: { value: null, parentValue: '["x"]' },
        c: { value: '', parentValue: null },
        d: 'not a field',
        e: null,
        f: [],
      }),
    ).toEqual({ a: 'own', b: ['x'] });
    expect(InheritedFields.parseInheritedFields(null)).toEqual({});
    expect(InheritedFields.parseInheritedFields([1])).toEqual({});
  });
  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => void InheritedFields.parseInheritedFields(value)),
    );
    fc.assert(fc.property(fc.string(), (value) => void InheritedFields.parseFieldValue(value)));
  });
});

describe('time zone resolution (spec §5: user, inherited parent, group field, EST5EDT)', () => {
  it.each([
    [{ userValue: 'Europe/Paris', parentValue: 'Asia/Tokyo', groupValue: 'UTC' }, 'Europe/Paris'],
    [{ userValue: null, parentValue: 'Asia/Tokyo', groupValue: 'UTC' }, 'Asia/Tokyo'],
    [{ userValue: '', parentValue: undefined, groupValue: 'UTC' }, 'UTC'],
    [{ userValue: 'Nowhere/Else', groupValue: 'America/Chicago' }, 'America/Chicago'],
    [{}, 'EST5EDT'],
  ])('%j -> %s', (candidates, expected) => {
    expect(InheritedFields.resolveTimeZone(candidates)).toBe(expected);
  });
});

describe('language (spec §5: defaults to en; only the five)', () => {
  it.each([
    [['fr'], 'fr'],
    [['de', 'it'], 'it'],
    [[undefined, 'pt-BR'], 'pt-BR'],
    [['de'], 'en'],
    [[], 'en'],
  ])('%j -> %s', (candidates, expected) => {
    expect(InheritedFields.resolveLanguage(...candidates)).toBe(expected);
  });
});

describe('date and calendar formats (user value, user field, group field, default)', () => {
  it.each([
    [['DD/MM/YYYY', 'YYYY-MM-DD', 'MM/DD/YYYY'], 'DD/MM/YYYY'],
    [[null, 'YYYY-MM-DD', 'MM/DD/YYYY'], 'YYYY-MM-DD'],
    [['dd-mm', undefined, 'DD.MM.YYYY'], 'DD.MM.YYYY'],
    [[], 'MM/DD/YYYY'],
  ])('date %j -> %s', (candidates, expected) => {
    expect(InheritedFields.resolveDateFormat(...candidates)).toBe(expected);
  });
  it.each([
    [['24h', '12h'], '24h'],
    [['25h', null, '24h'], '24h'],
    [[], '12h'],
  ])('calendar %j -> %s', (candidates, expected) => {
    expect(InheritedFields.resolveCalendarFormat(...candidates)).toBe(expected);
  });
});

describe('hidden tabs (spec §3: the user list, else the inherited field)', () => {
  it.each([
    [['gateway'], ['services'], ['gateway']],
    [[], ['services'], []],
    [null, ['services', 3], ['services']],
    [undefined, 'not a list', []],
  ])('user %j, field %j -> %j', (userValue, fieldValue, expected) => {
    expect(InheritedFields.resolveHiddenTabs(userValue, fieldValue)).toEqual(expected);
  });
});

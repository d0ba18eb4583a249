import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as ThingAttributes from './thing-attributes.ts';
import type {
  AttributeDefinition,
  AttributeDefinitionProblem,
  AttributeValueProblem,
} from './thing-attributes.ts';

const base: AttributeDefinition = {
  name: 'weight',
  label: '',
  dataType: 'TEXT',
  unit: '',
  symbol: '',
  required: false,
  allowedValues: [],
  minimum: null,
  maximum: null,
  maxLength: null,
  defaultValue: null,
};
const def = (extra: Partial<AttributeDefinition>): AttributeDefinition => ({ ...base, ...extra });
const text = def({ dataType: 'TEXT', maxLength: 5 });
const number = def({ dataType: 'NUMBER', minimum: 0, maximum: 1500.5 });
const integer = def({ dataType: 'INTEGER', minimum: -10, maximum: 100 });
const boolean = def({ dataType: 'BOOLEAN' });
const date = def({ dataType: 'DATE' });
const choice = def({ dataType: 'ENUMERATION', allowedValues: ['ok', 'worn'] });

describe('checkAttributeValue: a raw value as the typed value, or what is wrong', () => {
  it.each<[string, AttributeDefinition, unknown, unknown]>([
    ['empty optional', text, '', { ok: true, value: null }],
    ['nothing optional', number, undefined, { ok: true, value: null }],
    ['null required', def({ required: true }), null, { ok: false, problem: { code: 'required' } }],
    ['blank required', def({ required: true }), '  ', { ok: false, problem: { code: 'required' } }],
    ['text', text, 'abc', { ok: true, value: 'abc' }],
    ['text too long', text, 'abcdef', { ok: false, problem: { code: 'tooLong', max: 5 } }],
    [
      'text over the limit',
      def({}),
      'x'.repeat(ThingAttributes.ATTRIBUTE_LIMITS.text + 1),
      { ok: false, problem: { code: 'tooLong', max: ThingAttributes.ATTRIBUTE_LIMITS.text } },
    ],
    ['text given a number', text, 12, { ok: false, problem: { code: 'notText' } }],
    ['number', number, 12.5, { ok: true, value: 12.5 }],
    ['number as text', number, ' 1.5e2 ', { ok: true, value: 150 }],
    ['number as words', number, 'heavy', { ok: false, problem: { code: 'notNumber' } }],
    ['number infinite', number, Infinity, { ok: false, problem: { code: 'notNumber' } }],
    ['number text overflowing', number, '1e400', { ok: false, problem: { code: 'notNumber' } }],
    ['number as boolean', number, true, { ok: false, problem: { code: 'notNumber' } }],
    ['number below', number, -1, { ok: false, problem: { code: 'belowMinimum', min: 0 } }],
    ['number above', number, 1501, { ok: false, problem: { code: 'aboveMaximum', max: 1500.5 } }],
    ['number unbounded', def({ dataType: 'NUMBER' }), -1e9, { ok: true, value: -1e9 }],
    ['integer', integer, '42', { ok: true, value: 42 }],
    ['integer with a fraction', integer, 4.2, { ok: false, problem: { code: 'notInteger' } }],
    ['integer below', integer, -11, { ok: false, problem: { code: 'belowMinimum', min: -10 } }],
    ['boolean', boolean, false, { ok: true, value: false }],
    ['boolean as text', boolean, 'true', { ok: true, value: true }],
    ['boolean as yes', boolean, 'yes', { ok: false, problem: { code: 'notBoolean' } }],
    ['date', date, '2026-02-28', { ok: true, value: '2026-02-28' }],
    ['date not a day', date, '2026-02-30', { ok: false, problem: { code: 'notDate' } }],
    ['date as a number', date, 20260228, { ok: false, problem: { code: 'notDate' } }],
    ['allowed value', choice, 'worn', { ok: true, value: 'worn' }],
    [
      'value not allowed',
      choice,
      'Worn',
      { ok: false, problem: { code: 'notAllowed', allowed: ['ok', 'worn'] } },
    ],
  ])('%s', (_name, definition, raw, expected) => {
    expect(ThingAttributes.checkAttributeValue(definition, raw)).toEqual(expected);
  });

  it('reads back the text of every valid value (property)', () => {
    const cases = fc.oneof(
      fc
        .string({ maxLength: 50 })
        .filter((value) => value.trim() !== '')
        .map((value) => [def({}), value] as const),
      fc
        .double({ noNaN: true, noDefaultInfinity: true })
        .map((value) => [def({ dataType: 'NUMBER' }), value] as const),
      fc.integer().map((value) => [def({ dataType: 'INTEGER' }), value] as const),
      fc.boolean().map((value) => [def({ dataType: 'BOOLEAN' }), value] as const),
      fc
        .date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true })
        .map((value) => [def({ dataType: 'DATE' }), value.toISOString().slice(0, 10)] as const),
      fc
        .uniqueArray(
          fc.string({ minLength: 1, maxLength: 10 }).filter((v) => v.trim() === v && v !== ''),
          { minLength: 1, maxLength: 5 },
        )
        .chain((values) =>
          fc
            .constantFrom(...values)
            .map(
              (value) => [def({ dataType: 'ENUMERATION', allowedValues: values }), value] as const,
            ),
        ),
    );
    fc.assert(
      fc.property(cases, ([definition, value]) => {
        const typed = ThingAttributes.checkAttributeValue(definition, value);
        expect(typed.ok).toBe(true);
        if (!typed.ok) return;
        const again = ThingAttributes.checkAttributeValue(
          definition,
          ThingAttributes.attributeValueText(typed.value),
        );
        // -0 reads back as 0: the same number for a person
        expect(again).toEqual(
          typeof typed.value === 'number' && Object.is(typed.value, -0)
            ? { ok: true, value: 0 }
            : typed,
        );
      }),
    );
  });

  it('writes an empty value as empty text', () => {
    expect(ThingAttributes.attributeValueText(null)).toBe('');
    expect(ThingAttributes.attributeValueText(undefined)).toBe('');
    expect(ThingAttributes.attributeValueText(false)).toBe('false');
  });

  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['24-01-01', false],
  ])('isAttributeDate(%s) = %s', (value, expected) => {
    expect(ThingAttributes.isAttributeDate(value)).toBe(expected);
  });
});

describe('checkThingAttributes: a thing’s values against its type', () => {
  const definitions = [
    def({ name: 'weight', dataType: 'NUMBER', required: true }),
    def({
      name: 'condition',
      dataType: 'ENUMERATION',
      allowedValues: ['ok', 'worn'],
      defaultValue: 'ok',
    }),
    def({ name: 'note' }),
  ];
  it.each<[string, Record<string, unknown>, boolean, unknown]>([
    [
      'typed, defaults given',
      { weight: '12' },
      true,
      { ok: true, values: { weight: 12, condition: 'ok' } },
    ],
    ['no defaults on an update', { weight: 12 }, false, { ok: true, values: { weight: 12 } }],
    [
      'the platform form',
      { weight: { value: 3 }, note: { value: 'fragile' } },
      false,
      { ok: true, values: { weight: 3, note: 'fragile' } },
    ],
    [
      'every problem',
      { colour: 'red', condition: 'new' },
      true,
      {
        ok: false,
        problems: [
          { attribute: 'colour', problem: { code: 'unknown' } },
          { attribute: 'weight', problem: { code: 'required' } },
          { attribute: 'condition', problem: { code: 'notAllowed', allowed: ['ok', 'worn'] } },
        ],
      },
    ],
    [
      'a list is no value',
      { weight: [1] },
      false,
      { ok: false, problems: [{ attribute: 'weight', problem: { code: 'notNumber' } }] },
    ],
  ])('%s', (_name, raw, applyDefaults, expected) => {
    expect(ThingAttributes.checkThingAttributes(definitions, raw, applyDefaults)).toEqual(expected);
  });
});

describe('checkAttributeDefinition: the rules of an attribute', () => {
  it('takes a full definition, dropping what its type does not use', () => {
    expect(
      ThingAttributes.checkAttributeDefinition({
        name: ' batteryLevel ',
        label: { en: 'Battery', es: 'Batería', fr: ' ' },
        dataType: 'INTEGER',
        unit: 'percent',
        symbol: '%',
        required: true,
        allowedValues: ['dropped'],
        minimum: '0',
        maximum: 100,
        maxLength: 3,
        defaultValue: '100',
      }),
    ).toEqual({
      ok: true,
      definition: {
        name: 'batteryLevel',
        label: { en: 'Battery', es: 'Batería' },
        dataType: 'INTEGER',
        unit: 'percent',
        symbol: '%',
        required: true,
        allowedValues: [],
        minimum: 0,
        maximum: 100,
        maxLength: null,
        defaultValue: 100,
      },
    });
  });

  it('takes a plain label, an enumeration and a text length', () => {
    expect(
      ThingAttributes.checkAttributeDefinition({
        name: 'status2',
        label: ' State ',
        dataType: 'ENUMERATION',
        allowedValues: [' a ', 'b'],
      }),
    ).toMatchObject({
      ok: true,
      definition: { label: 'State', allowedValues: ['a', 'b'], required: false },
    });
    expect(
      ThingAttributes.checkAttributeDefinition({ name: 'note', dataType: 'TEXT', maxLength: '20' }),
    ).toMatchObject({
      ok: true,
      definition: { maxLength: 20, label: '' },
    });
  });

  const problems = (input: Record<string, unknown>, siblings: string[] = []) => {
    const check = ThingAttributes.checkAttributeDefinition(
      { name: 'x', dataType: 'TEXT', ...input },
      siblings,
    );
    return check.ok ? [] : check.problems;
  };
  it.each<[string, Record<string, unknown>, string[], AttributeDefinitionProblem[]]>([
    ['no name', { name: ' ' }, [], [{ field: 'name', code: 'required' }]],
    ['name not text', { name: 3 }, [], [{ field: 'name', code: 'required' }]],
    ['name too long', { name: 'a'.repeat(51) }, [], [{ field: 'name', code: 'tooLong' }]],
    ['name unsafe', { name: '1st' }, [], [{ field: 'name', code: 'pattern' }]],
    ['name reserved', { name: 'Serial' }, [], [{ field: 'name', code: 'reserved' }]],
    ['name taken', { name: 'Weight' }, ['weight'], [{ field: 'name', code: 'duplicate' }]],
    ['label too long', { label: 'l'.repeat(101) }, [], [{ field: 'label', code: 'tooLong' }]],
    ['label of a list', { label: ['a'] }, [], [{ field: 'label', code: 'notLabel' }]],
    ['label of a number', { label: 5 }, [], [{ field: 'label', code: 'notLabel' }]],
    ['label in klingon', { label: { tlh: 'a' } }, [], [{ field: 'label', code: 'language' }]],
    ['label not text', { label: { en: 1 } }, [], [{ field: 'label', code: 'notLabel' }]],
    [
      'label in a language too long',
      { label: { en: 'l'.repeat(101) } },
      [],
      [{ field: 'label', code: 'tooLong' }],
    ],
    ['unknown type', { dataType: 'COLOR' }, [], [{ field: 'dataType', code: 'unknown' }]],
    ['unit not text', { unit: 4 }, [], [{ field: 'unit', code: 'notText' }]],
    ['symbol too long', { symbol: 's'.repeat(11) }, [], [{ field: 'symbol', code: 'tooLong' }]],
    ['required not a flag', { required: 'yes' }, [], [{ field: 'required', code: 'notBoolean' }]],
    [
      'enumeration without values',
      { dataType: 'ENUMERATION' },
      [],
      [{ field: 'allowedValues', code: 'required' }],
    ],
    [
      'enumeration of no values',
      { dataType: 'ENUMERATION', allowedValues: [] },
      [],
      [{ field: 'allowedValues', code: 'required' }],
    ],
    [
      'values not a list',
      { dataType: 'ENUMERATION', allowedValues: 'a,b' },
      [],
      [{ field: 'allowedValues', code: 'notList' }],
    ],
    [
      'an empty value',
      { dataType: 'ENUMERATION', allowedValues: ['a', ' '] },
      [],
      [{ field: 'allowedValues', code: 'empty' }],
    ],
    [
      'a value too long',
      { dataType: 'ENUMERATION', allowedValues: ['v'.repeat(101)] },
      [],
      [{ field: 'allowedValues', code: 'tooLong' }],
    ],
    [
      'a value twice',
      { dataType: 'ENUMERATION', allowedValues: ['a', 'a '] },
      [],
      [{ field: 'allowedValues', code: 'duplicate' }],
    ],
    [
      'too many values',
      { dataType: 'ENUMERATION', allowedValues: Array.from({ length: 101 }, (_, i) => `v${i}`) },
      [],
      [{ field: 'allowedValues', code: 'tooMany' }],
    ],
    [
      'minimum not a number',
      { dataType: 'NUMBER', minimum: 'low' },
      [],
      [{ field: 'minimum', code: 'notNumber' }],
    ],
    [
      'integer bound with a fraction',
      { dataType: 'INTEGER', maximum: 1.5 },
      [],
      [{ field: 'maximum', code: 'notInteger' }],
    ],
    [
      'minimum above maximum',
      { dataType: 'NUMBER', minimum: 5, maximum: 1 },
      [],
      [{ field: 'maximum', code: 'minAboveMax' }],
    ],
    ['length zero', { maxLength: 0 }, [], [{ field: 'maxLength', code: 'notLength' }]],
    ['length not a number', { maxLength: 'long' }, [], [{ field: 'maxLength', code: 'notLength' }]],
    [
      'default not allowed',
      { dataType: 'ENUMERATION', allowedValues: ['a'], defaultValue: 'b' },
      [],
      [{ field: 'defaultValue', code: 'value', problem: { code: 'notAllowed', allowed: ['a'] } }],
    ],
  ])('%s', (_name, input, siblings, expected) => {
    expect(problems(input, siblings)).toEqual(expected);
  });

  it('says each problem in English', () => {
    const all: AttributeDefinitionProblem[] = [
      { field: 'name', code: 'required' },
      { field: 'name', code: 'pattern' },
      { field: 'name', code: 'tooLong' },
      { field: 'allowedValues', code: 'tooLong' },
      { field: 'name', code: 'reserved' },
      { field: 'name', code: 'duplicate' },
      { field: 'allowedValues', code: 'duplicate' },
      { field: 'allowedValues', code: 'required' },
      { field: 'label', code: 'notLabel' },
      { field: 'label', code: 'language' },
      { field: 'dataType', code: 'unknown' },
      { field: 'unit', code: 'notText' },
      { field: 'allowedValues', code: 'notList' },
      { field: 'allowedValues', code: 'empty' },
      { field: 'allowedValues', code: 'tooMany' },
      { field: 'minimum', code: 'notNumber' },
      { field: 'minimum', code: 'notInteger' },
      { field: 'maximum', code: 'minAboveMax' },
      { field: 'maxLength', code: 'notLength' },
      { field: 'required', code: 'notBoolean' },
      { field: 'defaultValue', code: 'value', problem: { code: 'notDate' } },
    ];
    const texts = all.map(ThingAttributes.attributeDefinitionProblemText);
    expect(texts[0]).toBe('must not be empty');
    expect(texts[3]).toBe('each value must be at most 100 characters');
    expect(texts[2]).toBe('must be at most 50 characters');
    expect(texts.at(-1)).toBe('must be a date (YYYY-MM-DD)');
    for (const sentence of texts) expect(sentence).toMatch(/^[a-z]/);
  });

  it('says each value problem in English', () => {
    const all: AttributeValueProblem[] = [
      { code: 'required' },
      { code: 'unknown' },
      { code: 'notText' },
      { code: 'tooLong', max: 5 },
      { code: 'notNumber' },
      { code: 'notInteger' },
      { code: 'belowMinimum', min: 0 },
      { code: 'aboveMaximum', max: 9 },
      { code: 'notBoolean' },
      { code: 'notDate' },
      { code: 'notAllowed', allowed: ['a', 'b'] },
    ];
    expect(all.map(ThingAttributes.attributeValueProblemText)).toEqual([
      'is required',
      'is not an attribute of this thing type',
      'must be text',
      'must be at most 5 characters',
      'must be a number',
      'must be a whole number',
      'must be at least 0',
      'must be at most 9',
      'must be true or false',
      'must be a date (YYYY-MM-DD)',
      'must be one of: a, b',
    ]);
  });

  it('knows six data types', () => {
    expect(ThingAttributes.ATTRIBUTE_DATA_TYPES).toHaveLength(6);
  });
});

describe('attributeLabel', () => {
  it.each<[AttributeDefinition['label'], string, string]>([
    ['', 'es', 'weight'],
    ['Weight', 'es', 'Weight'],
    [{ en: 'Weight', es: 'Peso' }, 'es', 'Peso'],
    [{ en: 'Weight', es: 'Peso' }, 'fr', 'Weight'],
    [{ it: 'Peso' }, 'fr', 'Peso'],
    [{}, 'fr', 'weight'],
  ])('%j in %s is %s', (label, language, expected) => {
    expect(ThingAttributes.attributeLabel({ name: 'weight', label }, language)).toBe(expected);
  });
});

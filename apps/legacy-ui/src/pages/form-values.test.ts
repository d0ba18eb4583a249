import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../resources.ts';
import type { FieldDef } from '../resources.ts';
import {
  FormValueError,
  checkValues,
  initialValues,
  recordName,
  roleIdsOf,
  toBody,
  toInput,
} from './form-values.ts';

describe('form values to the API body', () => {
  const zone = RESOURCES.zone!;
  it('leaves an empty colour out, so the API keeps its default (an empty string is refused)', () => {
    const body = toBody(
      zone.fields,
      { name: 'Dock 9', code: '', zoneTypeId: '3', zoneGroupId: '', color: '', description: '' },
      true,
    );
    expect(body).not.toHaveProperty('color');
    expect(body).toMatchObject({ name: 'Dock 9', zoneTypeId: 3, zoneGroupId: null });
  });
  it('sends a chosen colour', () => {
    expect(
      toBody(zone.fields, { name: 'Dock 9', zoneTypeId: '3', color: '#00ff00' }, true),
    ).toMatchObject({ color: '#00ff00' });
  });
});

const field = (kind: FieldDef['kind'], extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'x',
  label: 'field.name',
  kind,
  ...extra,
});

describe('a row value as the form shows it', () => {
  it.each<[string, FieldDef, unknown, string]>([
    ['null', field('text'), null, ''],
    ['text', field('text'), 'Dock', 'Dock'],
    ['a number', field('number'), 7, '7'],
    ['a list, a line each', field('list'), ['a', 'b'], 'a\nb'],
    ['permissions, a line each', field('permissions'), ['zone:r', 'thing:u'], 'zone:r\nthing:u'],
    ['roles, comma-separated', field('roles'), [3, 4], '3,4'],
    ['roles that are no list', field('roles'), 'x', ''],
    ['empty JSON', field('json'), {}, ''],
    ['JSON, indented', field('json'), { a: 1 }, '{\n  "a": 1\n}'],
    ['an object in a text field', field('text'), { a: 1 }, '{"a":1}'],
  ])('%s', (_name, def, value, text) => {
    expect(toInput(def, value)).toBe(text);
  });
});

describe('the form strings as the API body', () => {
  it.each<[string, FieldDef, string, boolean, Record<string, unknown>]>([
    ['an empty reference is null', field('reference'), '', true, { x: null }],
    ['a reference is a number', field('reference'), '12', true, { x: 12 }],
    ['a number', field('number'), '5', true, { x: 5 }],
    ['roles as ids', field('roles'), '4, 3, x, -1', true, { x: [4, 3] }],
    ['a list by lines and commas', field('list'), 'a\n b, c,,', true, { x: ['a', 'b', 'c'] }],
    ['empty JSON is an empty object', field('json'), ' ', true, { x: {} }],
    ['JSON parsed', field('json'), '{"a":1}', true, { x: { a: 1 } }],
    ['an empty select is left out', field('select'), '', true, {}],
    ['an empty password on update is left out', field('password'), '', false, {}],
    ['a password on create', field('password'), 'secret', true, { x: 'secret' }],
    [
      'a create-only field on update is left out',
      field('text', { createOnly: true }),
      'a',
      false,
      {},
    ],
  ])('%s', (_name, def, raw, creating, body) => {
    expect(toBody([def], { x: raw }, creating)).toEqual(body);
  });

  it('refuses JSON that does not parse, naming the field', () => {
    expect(() => toBody([field('json')], { x: '{' }, true)).toThrow(FormValueError);
  });

  it('reads role ids', () => {
    expect(roleIdsOf(' 4,3 ,0, 2.5, 9')).toEqual([4, 3, 9]);
  });
});

describe('problems found before sending', () => {
  it.each<[string, FieldDef, string, boolean, Record<string, string>]>([
    ['a required value missing', field('text', { required: true }), '  ', true, { x: 'required' }],
    ['a required value given', field('text', { required: true }), 'a', true, {}],
    ['a password not required on update', field('password', { required: true }), '', false, {}],
    ['a number with letters', field('number'), '12a', true, { x: 'number' }],
    ['a number too long', field('number'), '12345678', true, { x: 'number' }],
    ['JSON that is a list', field('json'), '[1]', true, { x: 'json' }],
    ['JSON that does not parse', field('json'), '{', true, { x: 'json' }],
    ['JSON that is an object', field('json'), '{"a":1}', true, {}],
    ['a bad permission line', field('permissions'), 'zone:q', true, { x: 'permissionLines' }],
  ])('%s', (_name, def, raw, creating, problems) => {
    expect(checkValues([def], { x: raw }, creating)).toEqual(problems);
  });

  it('checks a password with the services’ rules', () => {
    expect(checkValues([field('password')], { x: 'a' })).toHaveProperty('x');
  });
});

describe('a new record and its name', () => {
  it('starts required enumerations on their first value, everything else empty', () => {
    expect(
      initialValues([
        field('select', { name: 'a', required: true, options: ['one', 'two'] }),
        field('select', { name: 'b', options: ['one'] }),
        field('text', { name: 'c' }),
      ]),
    ).toEqual({ a: 'one', b: '', c: '' });
  });

  it('names a record by what was typed, then its title field, then its id', () => {
    const thing = RESOURCES.thing!;
    expect(recordName(thing, { id: 4, name: 'Old' }, { name: ' New ' })).toBe('New');
    expect(recordName(thing, { id: 4, name: 'Old' })).toBe('Old');
    expect(recordName(thing, { id: 4, name: '' })).toBe('#4');
    expect(recordName(thing, null)).toBe('');
  });
});

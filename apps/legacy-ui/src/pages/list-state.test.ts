import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../resources.ts';
import type { ColumnDef } from '../resources.ts';
import {
  DEFAULT_PAGE_SIZE,
  cellText,
  filterFields,
  readListState,
  writeListState,
} from './list-state.ts';

const thing = RESOURCES.thing!;

describe('list state in the address', () => {
  it('reads and writes only valid list state (unknown sort, page or filter values fall back)', () => {
    const state = readListState(
      thing,
      new URLSearchParams('sort=nope:desc&page=-2&size=7&status=broken&thingTypeId=abc&q=x'),
    );
    expect(state).toEqual({
      filter: 'x',
      order: { field: 'name', direction: 'asc' },
      pageNumber: 1,
      pageSize: 25,
      filters: {},
    });
    const good = readListState(
      thing,
      new URLSearchParams('sort=serial:desc&page=3&size=50&status=lost&thingTypeId=4'),
    );
    expect(good).toEqual({
      filter: '',
      order: { field: 'serial', direction: 'desc' },
      pageNumber: 3,
      pageSize: 50,
      filters: { status: 'lost', thingTypeId: '4' },
    });
    expect(writeListState(thing, good)).toBe(
      'sort=serial%3Adesc&thingTypeId=4&status=lost&page=3&size=50',
    );
  });

  it.each([
    [
      '',
      {
        filter: '',
        order: { field: 'name', direction: 'asc' },
        pageNumber: 1,
        pageSize: DEFAULT_PAGE_SIZE,
        filters: {},
      },
    ],
    ['sort=name:desc', { order: { field: 'name', direction: 'desc' } }],
    ['sort=serial', { order: { field: 'serial', direction: 'asc' } }],
    ['page=1000001', { pageNumber: 1 }],
    ['page=2.5', { pageNumber: 1 }],
    ['page=7', { pageNumber: 7 }],
    ['size=100', { pageSize: 100 }],
    ['size=26', { pageSize: DEFAULT_PAGE_SIZE }],
    ['status=', { filters: {} }],
    ['thingTypeId=0', { filters: {} }],
    ['thingTypeId=12345678901', { filters: {} }],
    ['zoneId=9', { filters: { zoneId: '9' } }],
    [`q=${'a'.repeat(250)}`, { filter: 'a'.repeat(200) }],
  ])('reads %j', (query, expected) => {
    expect(readListState(thing, new URLSearchParams(query))).toMatchObject(expected);
  });

  it('writes what it reads back, defaults left out', () => {
    for (const query of ['', 'q=pallet', 'sort=serial%3Adesc', 'status=active&page=2', 'size=10']) {
      const state = readListState(thing, new URLSearchParams(query));
      expect(writeListState(thing, state)).toBe(query);
    }
  });

  it('filters on enumerations and references only, never on create-only fields', () => {
    const names = filterFields(thing).map((field) => field.name);
    expect(names).toContain('status');
    expect(names).toContain('thingTypeId');
    expect(names).not.toContain('name');
    expect(filterFields(thing).every((field) => !field.createOnly)).toBe(true);
  });
});

describe('the text of a cell', () => {
  const format = (value: unknown) => `at ${String(value)}`;
  const column = (extra: Partial<ColumnDef>): ColumnDef => ({
    field: 'x',
    label: 'field.name',
    ...extra,
  });
  it.each<[string, ColumnDef, Record<string, unknown>, string]>([
    ['text', column({}), { id: 1, x: 'Dock' }, 'Dock'],
    ['a number', column({}), { id: 1, x: 7 }, '7'],
    ['null', column({}), { id: 1, x: null }, ''],
    ['missing', column({}), { id: 1 }, ''],
    ['an object', column({}), { id: 1, x: { a: 1 } }, '{"a":1}'],
    ['a time', column({ kind: 'datetime' }), { id: 1, x: 5 }, 'at 5'],
    [
      'a reference by name',
      column({ kind: 'reference', object: 'o' }),
      { id: 1, o: { id: 2, name: 'North' } },
      'North',
    ],
    [
      'a reference by username',
      column({ kind: 'reference', object: 'o' }),
      { id: 1, o: { id: 2, username: 'ada' } },
      'ada',
    ],
    [
      'a group named by its path',
      column({ kind: 'reference', object: 'o', path: true }),
      { id: 1, o: { id: 2, name: 'North DC', path: 'Acme › North DC' } },
      'Acme › North DC',
    ],
    [
      'an unresolved reference',
      column({ kind: 'reference', object: 'o' }),
      { id: 1, x: 2, o: null },
      '',
    ],
  ])('%s', (_name, col, row, text) => {
    expect(cellText({ ...row, id: 1 }, col, format)).toBe(text);
  });
});

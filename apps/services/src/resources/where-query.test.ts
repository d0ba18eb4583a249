import { describe, expect, it } from 'vitest';
import { WhereSyntaxError, parseWhere } from './where-query.ts';

const cond = (field: string, operator: string, value: string | null, position: number) => ({
  type: 'condition',
  field,
  operator,
  value,
  position,
});

describe('parseWhere', () => {
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['name=a', cond('name', '=', 'a', 0)],
    ['name=', cond('name', '=', '', 0)],
    ['zone.id=\\N', cond('zone.id', '=', null, 0)],
    ['zone=null', cond('zone', '=', null, 0)],
    ['name=iPh\\&one', cond('name', '=', 'iPh&one', 0)],
    ['name=a\\=b', cond('name', '=', 'a=b', 0)],
    ['name~%dock%', cond('name', '~', '%dock%', 0)],
    [' name =x y', cond('name', '=', 'x y', 0)],
    ['id<3', cond('id', '<', '3', 0)],
    // the platform's precedence: | binds tighter than &
    [
      'a=1&b=2|c=3',
      {
        type: 'and',
        items: [
          cond('a', '=', '1', 0),
          { type: 'or', items: [cond('b', '=', '2', 4), cond('c', '=', '3', 8)] },
        ],
      },
    ],
    [
      '!(a=1)|(b=2&c=3)',
      {
        type: 'or',
        items: [
          { type: 'not', item: cond('a', '=', '1', 2) },
          { type: 'and', items: [cond('b', '=', '2', 8), cond('c', '=', '3', 12)] },
        ],
      },
    ],
    ['name=a!b', cond('name', '=', 'a!b', 0)],
  ])('%j', (text, tree) => {
    expect(parseWhere(text)).toEqual(tree);
  });

  it.each([
    ['(a=1', 4, 'expected ")"'],
    ['a=1)', 3, 'unexpected ")"'],
    ['a=1&', 4, 'expected a condition'],
    ['&a=1', 0, 'expected a condition'],
    ['()', 1, 'expected a condition'],
    ['a', 0, 'expected a condition such as'],
    ['1a=2', 0, 'is not a field name'],
    ['a.=2', 0, 'is not a field name'],
    ['a=1\\', 3, 'a lone \\'],
    ['!a=1', 0, 'is not a field name'],
    [`${'('.repeat(40)}a=1${')'.repeat(40)}`, 32, 'nested parentheses'],
    ['x'.repeat(2001), 2000, 'longer than'],
  ])('%j is refused at %i', (text, position, message) => {
    let caught: unknown;
    try {
      parseWhere(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(WhereSyntaxError);
    expect((caught as WhereSyntaxError).position).toBe(position);
    expect((caught as WhereSyntaxError).message).toContain(message);
  });
});

import { describe, expect, it } from 'vitest';
import {
  MAX_OUTLINE_POINTS,
  checkOutline,
  findCrossing,
  outlineArea,
  segmentsMeet,
  snapToGrid,
} from './zone-outline.ts';

const p = (x: number, y: number) => ({ x, y });
const square = [p(100, 100), p(300, 100), p(300, 300), p(100, 300)];

describe('checkOutline: the rule the services and the zone builder share', () => {
  it.each([
    ['no outline yet', [], { ok: true, points: [] }],
    ['a square', square, { ok: true, points: square }],
    [
      'a triangle, rounded to two decimals',
      [p(1.234, 2), p(50.005, 2), p(20, 40.1)],
      {
        ok: true,
        points: [p(1.23, 2), p(50.01, 2), p(20, 40.1)],
      },
    ],
    ['not a list', { x: 1, y: 2 }, { ok: false, problem: 'notPoints' }],
    ['a point without y', [p(1, 1), { x: 2 }, p(3, 3)], { ok: false, problem: 'notPoints' }],
    [
      'a point that is not an object',
      [p(1, 1), null, p(3, 3)],
      { ok: false, problem: 'notPoints' },
    ],
    [
      'a coordinate as text',
      [p(1, 1), { x: '2', y: 2 }, p(3, 3)],
      { ok: false, problem: 'notPoints' },
    ],
    ['two points', [p(1, 1), p(2, 2)], { ok: false, problem: 'tooFew' }],
    [
      'too many points',
      Array.from({ length: MAX_OUTLINE_POINTS + 1 }, (_, i) => p(i, i % 2)),
      { ok: false, problem: 'tooMany' },
    ],
    ['left of the map', [p(1, 1), p(-1, 2), p(3, 3)], { ok: false, problem: 'outside', at: 1 }],
    ['above the map', [p(1, -0.5), p(1, 2), p(3, 3)], { ok: false, problem: 'outside', at: 0 }],
    [
      'right of the map',
      [p(1, 1), p(2, 2), p(1000.5, 3)],
      { ok: false, problem: 'outside', at: 2 },
    ],
    ['below the map', [p(1, 1), p(2, 1001), p(3, 3)], { ok: false, problem: 'outside', at: 1 }],
    [
      'not finite',
      [p(1, 1), p(Number.POSITIVE_INFINITY, 2), p(3, 3)],
      {
        ok: false,
        problem: 'outside',
        at: 1,
      },
    ],
    [
      'not a number',
      [p(1, 1), p(2, Number.NaN), p(3, 3)],
      { ok: false, problem: 'outside', at: 1 },
    ],
    [
      'the map corners are inside',
      [p(0, 0), p(1000, 0), p(1000, 1000)],
      {
        ok: true,
        points: [p(0, 0), p(1000, 0), p(1000, 1000)],
      },
    ],
    [
      'two corners at one place',
      [p(1, 1), p(5, 1), p(5, 5), p(1, 1)],
      {
        ok: false,
        problem: 'samePlace',
        at: [0, 3],
      },
    ],
    [
      'a bow tie crosses itself',
      [p(0, 0), p(100, 100), p(100, 0), p(0, 100)],
      {
        ok: false,
        problem: 'crossing',
        at: [0, 2],
      },
    ],
    ['three corners on one line', [p(0, 0), p(50, 0), p(100, 0)], { ok: false, problem: 'flat' }],
    [
      'a corner on another edge',
      [p(0, 0), p(100, 0), p(50, 0), p(50, 50)],
      {
        ok: false,
        problem: 'crossing',
        at: [0, 2],
      },
    ],
  ])('%s', (_, value, expected) => {
    expect(checkOutline(value)).toEqual(expected);
  });
});

describe('segmentsMeet and findCrossing', () => {
  it.each([
    ['crossing in the middle', [p(0, 0), p(10, 10), p(0, 10), p(10, 0)], true],
    ['parallel', [p(0, 0), p(10, 0), p(0, 5), p(10, 5)], false],
    ['collinear and overlapping', [p(0, 0), p(10, 0), p(5, 0), p(15, 0)], true],
    ['collinear, apart', [p(0, 0), p(10, 0), p(11, 0), p(15, 0)], false],
    ['the end of one on the other', [p(0, 0), p(10, 0), p(5, 0), p(5, 5)], true],
    ['the end of the other on one', [p(5, 5), p(5, 0), p(0, 0), p(10, 0)], true],
    ['one end of the second on the first, reversed', [p(0, 0), p(10, 0), p(5, 5), p(5, 0)], true],
    ['the first ends on the second', [p(5, 5), p(5, 0), p(10, 0), p(0, 0)], true],
    ['apart', [p(0, 0), p(1, 1), p(5, 5), p(6, 9)], false],
  ])('%s', (_, [a, b, c, d], meets) => {
    expect(segmentsMeet(a!, b!, c!, d!)).toBe(meets);
  });

  it('compares only edges that are not neighbours (the closing edge included)', () => {
    expect(findCrossing(square)).toBeNull();
    expect(findCrossing([p(0, 0), p(100, 100), p(100, 0), p(0, 100)])).toEqual([0, 2]);
    // the closing edge (3→0) crosses edge 1
    expect(findCrossing([p(0, 0), p(100, 0), p(100, 100), p(200, 50)])).toEqual([1, 3]);
  });
});

describe('snapToGrid and outlineArea', () => {
  it.each([
    [123.4, 10, 120],
    [125, 10, 130],
    [123.456, 0, 123.46],
    [-7, 10, 0],
    [1004, 10, 1000],
  ])('snaps %d to a grid of %d as %d', (value, step, snapped) => {
    expect(snapToGrid(value, step)).toBe(snapped);
  });

  it('measures the enclosed area either way round', () => {
    expect(outlineArea(square)).toBe(40_000);
    expect(outlineArea([...square].reverse())).toBe(40_000);
    expect(outlineArea([])).toBe(0);
  });
});

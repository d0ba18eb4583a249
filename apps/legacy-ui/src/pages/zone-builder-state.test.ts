import { describe, expect, it } from 'vitest';
import {
  UNDO_LIMIT,
  builderReducer,
  initialBuilderState,
  outlineText,
  readOutline,
} from './zone-builder-state.ts';
import type { BuilderAction, BuilderState } from './zone-builder-state.ts';

const p = (x: number, y: number) => ({ x, y });
const run = (state: BuilderState, ...actions: BuilderAction[]) =>
  actions.reduce(builderReducer, state);
const square = [p(100, 100), p(300, 100), p(300, 300), p(100, 300)];

describe('the zone builder state', () => {
  it('adds corners at the end, snapped to the grid and kept inside the map', () => {
    const state = run(
      initialBuilderState([], 10),
      { type: 'add', at: p(103, 98) },
      { type: 'add', at: p(1204, -5) },
    );
    expect(state.points).toEqual([p(100, 100), p(1000, 0)]);
    expect(state.selected).toBe(1);
    expect(state.undo).toHaveLength(2);
  });

  it('adds after the selected corner, and splits the edge after it (the keyboard)', () => {
    let state = run(initialBuilderState(square), { type: 'select', index: 0 });
    state = run(state, { type: 'add', at: p(200, 50) });
    expect(state.points).toEqual([p(100, 100), p(200, 50), ...square.slice(1)]);
    expect(state.selected).toBe(1);
    state = run(initialBuilderState(square), { type: 'select', index: 3 }, { type: 'split' });
    // the closing edge, from the last corner to the first
    expect(state.points).toEqual([...square, p(100, 200)]);
    expect(state.selected).toBe(4);
  });

  it('splits with nothing selected after the last corner; starts mid-map; gives a lone corner a neighbour', () => {
    expect(run(initialBuilderState(square), { type: 'split' }).points.at(-1)).toEqual(p(100, 200));
    const first = run(initialBuilderState([], 10), { type: 'split' });
    expect(first.points).toEqual([p(500, 500)]);
    expect(run(first, { type: 'split' }).points).toEqual([p(500, 500), p(550, 500)]);
    expect(run(initialBuilderState([p(0, 0)], 0), { type: 'split' }).points).toEqual([
      p(0, 0),
      p(50, 0),
    ]);
  });

  it('selects round the outline; nothing to select in an empty one', () => {
    const state = initialBuilderState(square);
    expect(run(state, { type: 'select', index: 5 }).selected).toBe(1);
    expect(run(state, { type: 'select', index: -1 }).selected).toBe(3);
    expect(run(state, { type: 'select', index: null }).selected).toBeNull();
    expect(run(initialBuilderState(), { type: 'select', index: 0 }).selected).toBeNull();
  });

  it('moves and nudges the selected corner; a move to the same place is no step', () => {
    let state = run(
      initialBuilderState(square, 10),
      { type: 'select', index: 1 },
      { type: 'nudge', dx: 10, dy: -10 },
    );
    expect(state.points[1]).toEqual(p(310, 90));
    state = run(state, { type: 'move', index: 2, to: p(333, 333) });
    expect(state.points[2]).toEqual(p(330, 330));
    expect(state.selected).toBe(2);
    const steps = state.undo.length;
    state = run(state, { type: 'move', index: 2, to: p(331, 329) });
    expect(state.undo).toHaveLength(steps);
    expect(run(state, { type: 'move', index: 9, to: p(1, 1) })).toBe(state);
    expect(run(initialBuilderState(square), { type: 'nudge', dx: 1, dy: 1 }).points).toBe(square);
  });

  it('deletes the selected corner and selects its neighbour; clears; both undoable', () => {
    let state = run(initialBuilderState(square), { type: 'select', index: 3 }, { type: 'delete' });
    expect(state.points).toEqual(square.slice(0, 3));
    expect(state.selected).toBe(2);
    expect(run(initialBuilderState(square), { type: 'delete' }).points).toBe(square);
    expect(
      run(initialBuilderState([p(1, 1)]), { type: 'select', index: 0 }, { type: 'delete' }),
    ).toMatchObject({ points: [], selected: null });
    state = run(state, { type: 'clear' });
    expect(state.points).toEqual([]);
    expect(run(state, { type: 'clear' })).toBe(state);
    state = run(state, { type: 'undo' }, { type: 'undo' });
    expect(state.points).toEqual(square);
    state = run(state, { type: 'redo' });
    expect(state.points).toEqual(square.slice(0, 3));
  });

  it('undoes and redoes every step; a new step forgets the redo; nothing to undo is no change', () => {
    const start = initialBuilderState([], 0);
    let state = run(start, { type: 'add', at: p(1, 1) }, { type: 'add', at: p(2, 2) });
    state = run(state, { type: 'undo' });
    expect(state.points).toEqual([p(1, 1)]);
    expect(state.redo).toHaveLength(1);
    state = run(state, { type: 'add', at: p(3, 3) });
    expect(state.redo).toEqual([]);
    expect(run(start, { type: 'undo' })).toBe(start);
    expect(run(start, { type: 'redo' })).toBe(start);
  });

  it('keeps at most UNDO_LIMIT steps; a load starts a new history; the grid can be turned off', () => {
    let state = initialBuilderState([], 0);
    for (let i = 0; i <= UNDO_LIMIT + 5; i += 1) state = run(state, { type: 'add', at: p(i, 0) });
    expect(state.undo).toHaveLength(UNDO_LIMIT);
    state = run(state, { type: 'load', points: square });
    expect(state).toMatchObject({ points: square, undo: [], redo: [], selected: null });
    state = run(state, { type: 'grid', step: 0 }, { type: 'add', at: p(12.345, 6.789) });
    expect(state.points.at(-1)).toEqual(p(12.35, 6.79));
  });
});

describe('outline text', () => {
  it.each([
    [outlineText(square), square],
    [square, square],
    ['not json', []],
    ['{"x":1}', []],
    [[p(1, 2), { x: 'a', y: 1 }, null, 7], [p(1, 2)]],
    [undefined, []],
  ])('reads %j', (value, points) => {
    expect(readOutline(value)).toEqual(points);
  });
});

// The zone builder's state: the outline being drawn, the selected corner, and the undo and redo
// stacks. Every change goes through `edit`, which keeps the previous outline for Undo and snaps
// coordinates to the grid; the rule an outline must meet is core's (checkOutline).
import { OUTLINE_EXTENT, snapToGrid } from '@portico/core';
import type { OutlinePoint } from '@portico/core';

export interface BuilderState {
  readonly points: readonly OutlinePoint[];
  /** The selected corner's index, or null. */
  readonly selected: number | null;
  readonly undo: readonly (readonly OutlinePoint[])[];
  readonly redo: readonly (readonly OutlinePoint[])[];
  /** The grid step coordinates snap to; 0 is no snapping. */
  readonly grid: number;
}

export type BuilderAction =
  /** A new outline from the server (or a restored draft): no history. */
  | { type: 'load'; points: readonly OutlinePoint[] }
  /** A corner after the selected one (or at the end), at `at`. */
  | { type: 'add'; at: OutlinePoint }
  /** A corner halfway along the edge after the selected corner (the keyboard's "add"). */
  | { type: 'split' }
  | { type: 'select'; index: number | null }
  /** The selected corner to `to` (a drag's end, or typed coordinates). */
  | { type: 'move'; index: number; to: OutlinePoint }
  /** The selected corner by `dx`, `dy` (arrow keys). */
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'delete' }
  | { type: 'clear' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'grid'; step: number };

/** The most steps Undo goes back. */
export const UNDO_LIMIT = 100;

export function initialBuilderState(points: readonly OutlinePoint[] = [], grid = 10): BuilderState {
  return { points, selected: null, undo: [], redo: [], grid };
}

function clampPoint(point: OutlinePoint, grid: number): OutlinePoint {
  return { x: snapToGrid(point.x, grid), y: snapToGrid(point.y, grid) };
}

/** The state after a change of the outline: the old outline goes on the undo stack. */
function edit(
  state: BuilderState,
  points: readonly OutlinePoint[],
  selected: number | null,
): BuilderState {
  return {
    ...state,
    points,
    selected,
    undo: [...state.undo, state.points].slice(-UNDO_LIMIT),
    redo: [],
  };
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  const { points, selected, grid } = state;
  switch (action.type) {
    case 'load':
      return { ...state, points: action.points, selected: null, undo: [], redo: [] };
    case 'add': {
      const at = selected === null ? points.length : selected + 1;
      return edit(
        state,
        [...points.slice(0, at), clampPoint(action.at, grid), ...points.slice(at)],
        at,
      );
    }
    case 'split': {
      if (points.length === 0)
        return builderReducer(state, {
          type: 'add',
          at: { x: OUTLINE_EXTENT / 2, y: OUTLINE_EXTENT / 2 },
        });
      const from = selected ?? points.length - 1;
      const a = points[from] as OutlinePoint;
      const b = points[(from + 1) % points.length] as OutlinePoint;
      // a lone corner gets a neighbour a step to its right
      const middle =
        points.length === 1
          ? { x: a.x + Math.max(grid, 10) * 5, y: a.y }
          : { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      return builderReducer({ ...state, selected: from }, { type: 'add', at: middle });
    }
    case 'select':
      return {
        ...state,
        selected:
          action.index === null || points.length === 0
            ? null
            : ((action.index % points.length) + points.length) % points.length,
      };
    case 'move': {
      if (!points[action.index]) return state;
      const to = clampPoint(action.to, grid);
      const from = points[action.index] as OutlinePoint;
      if (from.x === to.x && from.y === to.y) return { ...state, selected: action.index };
      return edit(
        state,
        points.map((point, index) => (index === action.index ? to : point)),
        action.index,
      );
    }
    case 'nudge': {
      if (selected === null) return state;
      const point = points[selected] as OutlinePoint;
      return builderReducer(state, {
        type: 'move',
        index: selected,
        to: { x: point.x + action.dx, y: point.y + action.dy },
      });
    }
    case 'delete':
      if (selected === null) return state;
      return edit(
        state,
        points.filter((_, index) => index !== selected),
        points.length > 1 ? Math.min(selected, points.length - 2) : null,
      );
    case 'clear':
      return points.length === 0 ? state : edit(state, [], null);
    case 'undo': {
      const previous = state.undo.at(-1);
      if (!previous) return state;
      return {
        ...state,
        points: previous,
        selected: null,
        undo: state.undo.slice(0, -1),
        redo: [...state.redo, points],
      };
    }
    case 'redo': {
      const next = state.redo.at(-1);
      if (!next) return state;
      return {
        ...state,
        points: next,
        selected: null,
        undo: [...state.undo, points],
        redo: state.redo.slice(0, -1),
      };
    }
    case 'grid':
      return { ...state, grid: action.step };
  }
}

/** The outline as the server and the unsaved-work draft keep it. */
export function outlineText(points: readonly OutlinePoint[]): string {
  return JSON.stringify(points.map(({ x, y }) => ({ x, y })));
}

/** An outline read from a zone row or a draft; anything else is no outline. */
export function readOutline(value: unknown): OutlinePoint[] {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return [];
    }
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (point): point is OutlinePoint =>
      typeof point === 'object' &&
      point !== null &&
      typeof (point as OutlinePoint).x === 'number' &&
      typeof (point as OutlinePoint).y === 'number',
  );
}

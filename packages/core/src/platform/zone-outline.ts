/**
 * A zone's outline: the polygon of its zone points on the local map, in map units (0 to
 * {@link OUTLINE_EXTENT} on both axes, y downwards as on a screen). The services refuse an outline
 * this module refuses, and the zone builder checks the same rule while the user draws.
 *
 * Decisions where the spec is silent (each is a row of the test table):
 * - An outline is empty (no shape yet) or has 3 to {@link MAX_OUTLINE_POINTS} points; the polygon
 *   closes by itself (the last point joins the first).
 * - Coordinates are finite numbers inside the map, rounded to two decimals when stored.
 * - Two points may not be at the same place, and no edge may cross or touch another edge that is
 *   not its neighbour: a polygon that crosses itself has no inside.
 * - The corners may not all lie on one line: an outline encloses an area.
 */

/** One corner of an outline, in map units. */
export interface OutlinePoint {
  readonly x: number;
  readonly y: number;
}

/** The width and height of the local map, in map units. */
export const OUTLINE_EXTENT = 1000;
/** The most corners an outline may have. */
export const MAX_OUTLINE_POINTS = 200;

/** Why an outline is refused; `at` names the corners (0-based) or edges involved. */
export type OutlineProblem =
  | { readonly problem: 'notPoints' }
  | { readonly problem: 'tooFew' }
  | { readonly problem: 'tooMany' }
  | { readonly problem: 'outside'; readonly at: number }
  | { readonly problem: 'samePlace'; readonly at: readonly [number, number] }
  | { readonly problem: 'crossing'; readonly at: readonly [number, number] }
  | { readonly problem: 'flat' };

export type OutlineCheck =
  | { readonly ok: true; readonly points: readonly OutlinePoint[] }
  | ({ readonly ok: false } & OutlineProblem);

const round = (value: number) => Math.round(value * 100) / 100;

function isPoint(value: unknown): value is OutlinePoint {
  if (typeof value !== 'object' || value === null) return false;
  const { x, y } = value as Record<string, unknown>;
  return typeof x === 'number' && typeof y === 'number';
}

/** -1, 0 or 1: which side of the line a→b the point c is on. */
function orientation(a: OutlinePoint, b: OutlinePoint, c: OutlinePoint): number {
  return Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
}

function onSegment(a: OutlinePoint, b: OutlinePoint, c: OutlinePoint): boolean {
  return (
    Math.min(a.x, b.x) <= c.x &&
    c.x <= Math.max(a.x, b.x) &&
    Math.min(a.y, b.y) <= c.y &&
    c.y <= Math.max(a.y, b.y)
  );
}

/** Whether the segments p1–p2 and q1–q2 cross or touch. */
export function segmentsMeet(
  p1: OutlinePoint,
  p2: OutlinePoint,
  q1: OutlinePoint,
  q2: OutlinePoint,
): boolean {
  const o1 = orientation(p1, p2, q1);
  const o2 = orientation(p1, p2, q2);
  const o3 = orientation(q1, q2, p1);
  const o4 = orientation(q1, q2, p2);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(p1, p2, q1)) ||
    (o2 === 0 && onSegment(p1, p2, q2)) ||
    (o3 === 0 && onSegment(q1, q2, p1)) ||
    (o4 === 0 && onSegment(q1, q2, p2))
  );
}

/**
 * The first pair of edges that cross (edge i joins corner i to corner i+1, the last edge joins the
 * last corner to the first), or null. Neighbouring edges share a corner and are not compared.
 */
export function findCrossing(points: readonly OutlinePoint[]): readonly [number, number] | null {
  const n = points.length;
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 2; j < n; j += 1) {
      if (i === 0 && j === n - 1) continue;
      const a = points[i] as OutlinePoint;
      const b = points[(i + 1) % n] as OutlinePoint;
      const c = points[j] as OutlinePoint;
      const d = points[(j + 1) % n] as OutlinePoint;
      if (segmentsMeet(a, b, c, d)) return [i, j];
    }
  }
  return null;
}

/** The outline a client sent, checked by the rule above; its points rounded when it is accepted. */
export function checkOutline(value: unknown): OutlineCheck {
  if (!Array.isArray(value) || !value.every(isPoint)) return { ok: false, problem: 'notPoints' };
  const points = value.map((point) => ({ x: round(point.x), y: round(point.y) }));
  if (points.length === 0) return { ok: true, points };
  if (points.length < 3) return { ok: false, problem: 'tooFew' };
  if (points.length > MAX_OUTLINE_POINTS) return { ok: false, problem: 'tooMany' };
  const outside = points.findIndex(
    (point) =>
      !Number.isFinite(point.x) ||
      !Number.isFinite(point.y) ||
      point.x < 0 ||
      point.y < 0 ||
      point.x > OUTLINE_EXTENT ||
      point.y > OUTLINE_EXTENT,
  );
  if (outside >= 0) return { ok: false, problem: 'outside', at: outside };
  for (let i = 0; i < points.length; i += 1)
    for (let j = i + 1; j < points.length; j += 1)
      if (points[i]?.x === points[j]?.x && points[i]?.y === points[j]?.y)
        return { ok: false, problem: 'samePlace', at: [i, j] };
  const crossing = findCrossing(points);
  if (crossing) return { ok: false, problem: 'crossing', at: crossing };
  if (outlineArea(points) === 0) return { ok: false, problem: 'flat' };
  return { ok: true, points };
}

/** A coordinate moved to the nearest grid line (`step` 0: not snapped), kept inside the map. */
export function snapToGrid(value: number, step: number): number {
  const snapped = step > 0 ? Math.round(value / step) * step : value;
  return round(Math.min(OUTLINE_EXTENT, Math.max(0, snapped)));
}

/** The area an outline encloses (map units²), by the shoelace formula. */
export function outlineArea(points: readonly OutlinePoint[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i += 1) {
    const a = points[i] as OutlinePoint;
    const b = points[(i + 1) % points.length] as OutlinePoint;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

// Whether two pieces of plain data (what JSON carries: the session's permissions, a group's
// fields) say the same thing. A pushed copy equal to what a window already holds is kept as the
// old reference, so that nothing keyed on that reference (a push, a page's load) runs again.

/** True when `a` and `b` are equal plain data: same primitives, same arrays in order, same keys. */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameData(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameData(left[key], right[key]))
  );
}

/** `next`, or `previous` itself when both are the same data (keeps the reference). */
export function keepWhenSame<T>(previous: T, next: T): T {
  return sameData(previous, next) ? previous : next;
}

/**
 * Permission strings (spec §3, §6; DESIGN §4 "Facts from the real platform").
 *
 * A permission string is `resource:letters` with letters from r, i, u, d, a, x, or `resource:*`
 * for every operation. Object-level grants add a third part: `user:r:42`.
 */

/** The operation letters of spec §3: r read, i insert, u update, d delete, a and x (meaning not shown). */
export type PermissionLetter = 'r' | 'i' | 'u' | 'd' | 'a' | 'x';

/** Every permission letter, in the spec's order. */
export const PERMISSION_LETTERS: readonly PermissionLetter[] = ['r', 'i', 'u', 'd', 'a', 'x'];

/** A parsed permission string. `letters` is every letter the string grants (all six for `*`). */
export interface ParsedPermission {
  readonly resource: string;
  readonly letters: readonly PermissionLetter[];
  readonly wildcard: boolean;
  /** The object id of an object-level grant such as `user:r:42`, if any. */
  readonly instance?: string;
}

const RESOURCE = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const LETTERS = /^[riudax]+$/;
const INSTANCE = /^[A-Za-z0-9_.-]+$/;

/**
 * Parses `resource:letters`, `resource:*` or `resource:letters:instance`.
 * Returns `null` for anything else (never throws).
 */
export function parsePermission(value: unknown): ParsedPermission | null {
  if (typeof value !== 'string') return null;
  const parts = value.trim().split(':');
  if (parts.length < 2 || parts.length > 3) return null;
  const [resource = '', letters = '', instance] = parts;
  if (!RESOURCE.test(resource)) return null;
  if (instance !== undefined && !INSTANCE.test(instance)) return null;
  if (letters === '*') {
    return withInstance({ resource, letters: PERMISSION_LETTERS, wildcard: true }, instance);
  }
  if (!LETTERS.test(letters)) return null;
  const unique = PERMISSION_LETTERS.filter((letter) => letters.includes(letter));
  return withInstance({ resource, letters: unique, wildcard: false }, instance);
}

function withInstance(parsed: ParsedPermission, instance: string | undefined): ParsedPermission {
  return instance === undefined ? parsed : { ...parsed, instance };
}

/**
 * A user's permissions, indexed for fast membership tests.
 * Resource names compare case-insensitively (the platform mixes `thingType` and `thingtype`).
 */
export interface PermissionSet extends Iterable<string> {
  /** True when every letter of `term` (`resource:letters`, optionally `:instance`) is held. */
  has(term: string): boolean;
  /** The original strings, deduplicated, in first-seen order. */
  readonly values: readonly string[];
}

const createdSets = new WeakSet<object>();
const frozenListSets = new WeakMap<object, PermissionSet>();

/** True when `value` was built by {@link createPermissionSet}. */
export function isPermissionSet(value: unknown): value is PermissionSet {
  return typeof value === 'object' && value !== null && createdSets.has(value);
}

/**
 * The {@link PermissionSet} for any iterable of permission strings: a set built by
 * {@link createPermissionSet} is returned as is; a frozen array (Redux/immer state) is indexed once
 * and remembered by identity, since it cannot change; anything else is indexed afresh.
 */
export function toPermissionSet(permissions: Iterable<string>): PermissionSet {
  if (isPermissionSet(permissions)) return permissions;
  if (!Object.isFrozen(permissions)) return createPermissionSet(permissions);
  const known = frozenListSets.get(permissions);
  if (known) return known;
  const set = createPermissionSet(permissions);
  frozenListSets.set(permissions, set);
  return set;
}

/**
 * Builds a {@link PermissionSet}. A term `zone:r` is held when the list has `zone:r`, `zone:*` or a
 * multi-letter grant containing `r`; `user:r:42` is held by `user:r`, `user:*` or `user:r:42`.
 * Strings that do not parse are kept in `values` but grant nothing.
 */
export function createPermissionSet(permissions: Iterable<string>): PermissionSet {
  const global = new Map<string, Set<PermissionLetter>>();
  const perInstance = new Map<string, Set<PermissionLetter>>();
  const seen = new Set<string>();
  for (const raw of permissions) {
    if (seen.has(raw)) continue;
    seen.add(raw);
    const parsed = parsePermission(raw);
    if (!parsed) continue;
    const key = parsed.resource.toLowerCase();
    const target = parsed.instance === undefined ? global : perInstance;
    const mapKey = parsed.instance === undefined ? key : `${key}:${parsed.instance}`;
    let letters = target.get(mapKey);
    if (!letters) {
      letters = new Set();
      target.set(mapKey, letters);
    }
    for (const letter of parsed.letters) letters.add(letter);
  }
  const values = [...seen];
  const cache = new Map<string, boolean>();
  const set: PermissionSet = {
    values,
    has(term: string): boolean {
      const cached = cache.get(term);
      if (cached !== undefined) return cached;
      const result = holds(term);
      if (cache.size < 10_000) cache.set(term, result);
      return result;
    },
    [Symbol.iterator]: () => values[Symbol.iterator](),
  };
  createdSets.add(set);
  return set;

  function holds(term: string): boolean {
    const parsed = parsePermission(term);
    if (!parsed) return false;
    const key = parsed.resource.toLowerCase();
    const granted = global.get(key);
    const instanceGranted =
      parsed.instance === undefined ? undefined : perInstance.get(`${key}:${parsed.instance}`);
    return parsed.letters.every(
      (letter) => granted?.has(letter) === true || instanceGranted?.has(letter) === true,
    );
  }
}

/** One-off membership test; prefer {@link createPermissionSet} when testing many terms. */
export function hasPermission(permissions: Iterable<string>, term: string): boolean {
  return toPermissionSet(permissions).has(term);
}

// The platform's `extra` and `only` of a list or a record, and the visibility parameters of a list
// (`visibilityGroupId`, `upVisibility`, `downVisibility`).
//
// `extra=group,zone` answers each named reference as the whole referenced record (when the caller
// may read it; else it stays `{id, name}`); a path `extra=group.groupType` adds the platform's flat
// key `"group.groupType"` and nests the same record under the expanded `group`. `only=name,serial`
// keeps those keys, `id` and the extras. Portico's `{id, name}` references stay when neither is given.
import { isSoftDeleted } from '../db/soft-delete-tables.ts';
import type { Kysely } from 'kysely';
import type { Caller } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';
import { readableGroups, requireVisibleBase } from '../policies/access.ts';
import type { Readable } from '../policies/access.ts';
import type { ServicesContext } from '../services-context.ts';
import { RESOURCES_BY_PATH } from './definitions/index.ts';
import { allFields, resolvedKey } from './resource-fields.ts';
import type { Json, ResourceSpec, Row } from './resource-spec.ts';
import { toJson } from './serialize.ts';
import { commaItems } from './comma-items.ts';

/** The references of a spec by their JSON key (`group` → the field `groupId` and its target). */
function referencesOf(spec: ResourceSpec): Map<string, { field: string; target: ResourceSpec }> {
  const refs = new Map<string, { field: string; target: ResourceSpec }>();
  for (const [name, field] of Object.entries(allFields(spec))) {
    if (field.kind !== 'ref' || !field.ref) continue;
    const target = RESOURCES_BY_PATH.get(field.ref);
    if (target) refs.set(resolvedKey(name), { field: name, target });
  }
  return refs;
}

/** Checks every `extra` path (400 naming the first unknown one and the names there are). */
export function checkExtra(spec: ResourceSpec, extra: string | undefined): string[][] {
  const paths: string[][] = [];
  for (const name of commaItems(extra)) {
    const segments = name.split('.');
    let current = spec;
    for (const segment of segments) {
      const refs = referencesOf(current);
      const ref = refs.get(segment);
      if (!ref)
        throw new HttpError(
          400,
          `Invalid extra: ${name}: ${segment} is not a reference of ${current.path}; one of ${[...refs.keys()].join(', ')}`,
          { extra: `${name}: unknown` },
        );
      current = ref.target;
    }
    paths.push(segments);
  }
  return paths;
}

/** Applies `extra` then `only` to the JSON `items` of `rows` of `spec`. */
export async function applyExtraAndOnly(
  ctx: ServicesContext,
  spec: ResourceSpec,
  items: Json[],
  caller: Caller,
  extra: string | undefined,
  only: string | undefined,
): Promise<void> {
  const paths = checkExtra(spec, extra);
  const loaded = new Map<ResourceSpec, Map<number, Json>>();

  /** The readable records of `target` among `ids`, as JSON (each table read once per request). */
  async function records(target: ResourceSpec, ids: Iterable<number>): Promise<Map<number, Json>> {
    let byId = loaded.get(target);
    if (!byId) {
      byId = new Map();
      loaded.set(target, byId);
    }
    const missing = [...new Set(ids)].filter((id) => !byId.has(id));
    if (missing.length > 0) {
      const db = ctx.db as unknown as Kysely<Record<string, Row>>;
      const rows = await db
        .selectFrom(target.table)
        .selectAll()
        .where('id', 'in', missing)
        .execute();
      const readable = readableGroups(caller, target);
      const visible = rows.filter(
        (row) =>
          !isSoftDeleted(row) &&
          (!readable || readable.has(Number(target.ownerColumn === 'id' ? row.id : row.groupId))),
      );
      const json = await toJson(ctx, target, visible, caller);
      for (const item of json) byId.set(Number(item.id), item);
    }
    return byId;
  }

  for (const segments of paths) {
    // walk the path: at each step, the records the previous step reached
    let current: Array<{ item: Json; spec: ResourceSpec }> = items.map((item) => ({ item, spec }));
    for (const segment of segments) {
      const next: Array<{ item: Json; spec: ResourceSpec }> = [];
      const groupsBySpec = new Map<ResourceSpec, Array<{ item: Json; spec: ResourceSpec }>>();
      for (const entry of current) {
        const list = groupsBySpec.get(entry.spec) ?? [];
        list.push(entry);
        groupsBySpec.set(entry.spec, list);
      }
      for (const [owner, entries] of groupsBySpec) {
        const ref = referencesOf(owner).get(segment);
        if (!ref) continue;
        const ids = entries
          .map((entry) => entry.item[ref.field])
          .filter((id): id is number => typeof id === 'number');
        const found = await records(ref.target, ids);
        for (const entry of entries) {
          const id = entry.item[ref.field];
          const record = typeof id === 'number' ? found.get(id) : undefined;
          if (record) {
            const copy = { ...record };
            entry.item[segment] = copy;
            next.push({ item: copy, spec: ref.target });
          }
        }
      }
      current = next;
    }
    if (segments.length > 1) {
      // the platform's flat key: "group.groupType" on the item itself
      const key = segments.join('.');
      for (const item of items) {
        let node: unknown = item;
        for (const segment of segments)
          node = node && typeof node === 'object' ? (node as Json)[segment] : undefined;
        item[key] = node && typeof node === 'object' ? node : {};
      }
    }
  }

  const kept = commaItems(only);
  if (kept.length === 0) return;
  const keep = new Set([
    'id',
    ...kept,
    ...paths.map((path) => path[0] ?? ''),
    ...paths.map((path) => path.join('.')),
  ]);
  for (const item of items)
    for (const key of Object.keys(item)) if (!keep.has(key)) delete item[key];
}

/**
 * The groups whose rows a list shows under the platform's visibility parameters: `visibilityGroupId`
 * (default the caller's group; it must be one the caller reads, else 403), its descendants unless
 * `downVisibility=false`, its ancestors when `upVisibility=true` (none when `false`; the resource's
 * own rule when absent) — always within what the caller may read.
 */
export async function visibilityScope(
  ctx: ServicesContext,
  caller: Caller,
  spec: ResourceSpec,
  readable: Readable,
  query: { visibilityGroupId?: number; upVisibility?: string; downVisibility?: string },
): Promise<Readable> {
  const groups = await ctx.directory.groupsById();
  const baseId = query.visibilityGroupId ?? caller.group.id;
  const base = requireVisibleBase(readable, baseId, groups.get(baseId));
  const chosen = new Set<number>([baseId]);
  for (const group of groups.values()) {
    const below = group.id !== baseId && group.hierarchyCode.startsWith(base.hierarchyCode);
    if (below && query.downVisibility !== 'false') chosen.add(group.id);
    const above = group.id !== baseId && base.hierarchyCode.startsWith(group.hierarchyCode);
    if (above && query.upVisibility !== 'false') {
      // absent: the resource's own rule decides (the readable set below); true: every ancestor
      // the caller may read
      chosen.add(group.id);
    }
  }
  const result = [...chosen].filter((id) => !readable.readable || readable.readable.has(id));
  result.sort((a, b) => a - b);
  return { readable: new Set(result), key: result.join(',') };
}

// The services' resource definitions against core's resource catalog: every catalog resource is
// served, under its path and permission resource, and every catalog field is a field of the
// definition with the same kind, requirement, reference, enumeration, length and list behaviour.
import { describe, expect, it } from 'vitest';
import { CATALOG_ENTRIES, enumerationOf, softDeletes as undoableInCore } from '@portico/core';
import type { CatalogField, CatalogFieldKind } from '@portico/core';
import type { FieldSpec } from '../resource-spec.ts';
import { SHIFT_DAYS } from '../../db/shift-days.ts';
import { softDeletes } from '../../db/soft-delete-tables.ts';
import { RESOURCES, RESOURCES_BY_PATH } from './index.ts';
import { KIND_OF, catalogFields, plainResource } from './fields.ts';

/** Writable fields the services keep that no list or form shows (flags, expiry, internal kinds). */
const SERVICES_ONLY = new Set([
  'group.archived',
  'groupType.archived',
  'thingType.archived',
  'user.archived',
  'user.passwordExpirationTime',
  'user.displayPasswordExpirationTime',
  'role.archived',
  'resource.acceptedAttributes',
  'folder.typeElement',
  // a report's query (core's report-definition.ts), edited by the report builder
  'reportDefinition.resource',
  'reportDefinition.reportProperty',
  'reportDefinition.reportFilter',
  'reportDefinition.reportGroupBy',
  'reportDefinition.sortBy',
  // the real platform's own fields (API.md, Compatibility with the real platform)
  'thing.activated',
  'thing.parentId',
  // a thing's attribute values: a section of the thing form driven by its type's attributes
  'thing.udfs',
  'thingType.autoCreate',
  ...SHIFT_DAYS.flatMap((day) => [`user.${day}Start`, `user.${day}End`]),
]);

const FIELDS = CATALOG_ENTRIES.flatMap((entry) =>
  Object.entries(entry.fields).map(
    ([name, field]) => [`${entry.path}.${name}`, entry.path, name, field] as const,
  ),
);

function specField(path: string, name: string): FieldSpec {
  const field = RESOURCES_BY_PATH.get(path)?.fields[name];
  if (!field) throw new Error(`${path} has no field ${name}`);
  return field;
}

/** A value of the field's kind of the given length, that its validator's other rules accept. */
function ofLength(kind: CatalogFieldKind, length: number): string {
  if (kind === 'email') return `${'a'.repeat(Math.max(1, length - 12))}@example.com`;
  return 'a'.repeat(length);
}

describe('the services serve the resource catalog', () => {
  it('serves exactly the catalog resources, under their paths and permission resources', () => {
    expect(RESOURCES.map((spec) => spec.path).sort()).toEqual(
      CATALOG_ENTRIES.map((entry) => entry.path).sort(),
    );
    for (const entry of CATALOG_ENTRIES)
      expect(RESOURCES_BY_PATH.get(entry.path)?.permission).toBe(entry.permission);
  });

  it.each(FIELDS)('%s', (_key, path, name, field: CatalogField) => {
    if (name === 'groupId') {
      // the owner group: the generic mechanism reads it (the caller's group when absent), no field
      expect(RESOURCES_BY_PATH.get(path)?.ownerColumn).not.toBe('id');
      expect(field.reference).toBe('group');
      return;
    }
    const spec = specField(path, name);
    expect(spec.kind).toBe(KIND_OF[field.kind]);
    expect(spec.write === undefined).toBe(field.readOnly === true);
    // a password is required on create only: the user's beforeWrite asks for it there
    if (field.kind !== 'password') expect(Boolean(spec.required)).toBe(Boolean(field.required));
    expect(spec.ref).toBe(field.reference);
    expect(Boolean(spec.filter)).toBe(Boolean(field.filterable));
    expect(Boolean(spec.search)).toBe(Boolean(field.searchable));
    // scalar fields sort unless they say otherwise; lists and JSON never do
    const scalar = !['idList', 'stringList', 'json'].includes(spec.kind);
    expect(scalar && spec.sort !== false).toBe(Boolean(field.sortable));
    if (field.maxLength !== undefined) {
      expect(spec.write?.safeParse(ofLength(field.kind, field.maxLength)).success).toBe(true);
      expect(spec.write?.safeParse(ofLength(field.kind, field.maxLength + 1)).success).toBe(false);
    }
    const values = enumerationOf(path, name);
    // a read-only enumeration (a state an edge box reports) is set by the services alone
    if (field.kind === 'enumeration' && !field.readOnly) {
      for (const value of values ?? []) expect(spec.write?.safeParse(value).success).toBe(true);
      expect(spec.write?.safeParse('not-one-of-them').success).toBe(false);
    }
  });

  it('has no writable field outside the catalog but the services-only ones', () => {
    const outside = RESOURCES.flatMap((spec) =>
      Object.entries(spec.fields)
        .filter(([, field]) => field.write !== undefined)
        .map(([name]) => `${spec.path}.${name}`),
    ).filter((key) => !FIELDS.some(([catalogKey]) => catalogKey === key));
    expect(outside.sort()).toEqual([...SERVICES_ONLY].sort());
  });
});

describe('a plain catalog resource needs no definition of its own', () => {
  const widget = {
    path: 'widget',
    permission: 'widget',
    concept: 'Widgets',
    oneConcept: 'Widget',
    listRoute: '/model/widget',
    titleField: 'name',
    table: 'widgets',
    visibility: 'tree',
    fields: {
      name: { kind: 'text', required: true, maxLength: 20, searchable: true, sortable: true },
      kind: { kind: 'enumeration', enumeration: true, filterable: true },
      zoneId: { kind: 'reference', reference: 'zone', filterable: true, sortable: true },
      on: { kind: 'boolean', default: true },
      creationTime: { kind: 'time', readOnly: true, sortable: true },
    },
  } as const;

  it('is served from its entry: path, permission, table, visibility and every field', () => {
    const spec = plainResource({ ...widget, fields: { ...widget.fields, kind: { kind: 'json' } } });
    expect(spec).toMatchObject({ path: 'widget', permission: 'widget', table: 'widgets' });
    expect(spec.visibility).toBe('tree');
    expect(spec.fields.name).toMatchObject({ kind: 'string', required: true, search: true });
    expect(spec.fields.name?.write?.safeParse('a'.repeat(20)).success).toBe(true);
    expect(spec.fields.name?.write?.safeParse('a'.repeat(21)).success).toBe(false);
    expect(spec.fields.name?.write?.safeParse('  ').success).toBe(false);
    expect(spec.fields.zoneId).toMatchObject({ kind: 'ref', ref: 'zone', nullable: true });
    expect(spec.fields.zoneId?.default).toBeNull();
    expect(spec.fields.on).toMatchObject({ kind: 'boolean', default: true });
    expect(spec.fields.on?.sort).toBe(false);
    expect(spec.fields.creationTime).toEqual({ kind: 'time' });
    expect(spec.fields.kind).toMatchObject({ kind: 'json', default: {} });
  });

  it('is refused without a table or a visibility, naming what to add', () => {
    expect(() => plainResource({ ...widget, table: undefined })).toThrow(/table and a visibility/);
  });

  it('refuses an override of a field the catalog does not have', () => {
    expect(() => catalogFields('zone', { nothing: { search: true } })).toThrow(
      /zone.nothing is not a catalog field/,
    );
  });
});

// Which deletes can be undone is core's rule (the legacy UI offers "Undo" from it); the services keep
// it by table: the two say the same of every resource the services serve.
describe('soft deletes agree with core', () => {
  it.each(RESOURCES.map((spec) => [spec.path, spec.table] as const))(
    '%s (table %s)',
    (path, table) => {
      expect(softDeletes(table)).toBe(undoableInCore(path));
    },
  );
});

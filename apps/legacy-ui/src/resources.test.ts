// The legacy UI's lists and forms against core's resource catalog: one page per catalog resource,
// every column a listed catalog field and every listed field a column, every form field a writable
// catalog field of the matching kind, reference and values.
import { describe, expect, it } from 'vitest';
import { CATALOG_ENTRIES, enumerationOf } from '@portico/core';
import type { CatalogFieldKind } from '@portico/core';
import { RESOURCES } from './resources.ts';
import type { ColumnDef, FieldDef } from './resources.ts';
import { MODULES, STANDALONE_PAGES } from './routes.ts';

const FORM_KIND: Record<CatalogFieldKind, FieldDef['kind'][]> = {
  text: ['text', 'cron'],
  longText: ['textarea'],
  email: ['email'],
  password: ['password', 'secret'],
  color: ['color'],
  integer: ['number'],
  boolean: ['flag'],
  time: [],
  enumeration: ['select', 'modelStatus'],
  reference: ['reference'],
  references: ['roles'],
  permissions: ['permissions'],
  json: ['json', 'appConfig', 'metrics'],
  events: ['events'],
  // drawn in the zone builder (zone-builder-page.tsx), not typed in the form
  outline: [],
};

function columnKind(kind: CatalogFieldKind): ColumnDef['kind'] {
  if (kind === 'time') return 'datetime';
  if (kind === 'reference') return 'reference';
  if (kind === 'enumeration') return 'enum';
  // on / off, as a badge
  if (kind === 'boolean') return 'enum';
  // named numbers, shown by the key one
  if (kind === 'json') return 'metric';
  return undefined;
}

describe('the legacy UI shows the resource catalog', () => {
  it('has a page for exactly the catalog resources, each linked from its module at its list route', () => {
    expect(Object.keys(RESOURCES).sort()).toEqual(
      CATALOG_ENTRIES.map((entry) => entry.path).sort(),
    );
    const linked = [...MODULES.flatMap((module) => module.pages), ...STANDALONE_PAGES].filter(
      (page) => page.resource,
    );
    for (const entry of CATALOG_ENTRIES)
      expect(linked.find((page) => page.resource === entry.path)?.path).toBe(entry.listRoute);
  });

  it.each(CATALOG_ENTRIES.map((entry) => [entry.path, entry]))('%s', (path, entry) => {
    const resource = RESOURCES[path]!;
    expect(resource).toMatchObject({
      api: entry.path,
      permission: entry.permission,
      concept: entry.concept,
      oneConcept: entry.oneConcept,
      listPath: entry.listRoute,
      titleField: entry.titleField,
    });
    const listed = Object.entries(entry.fields)
      .filter(([, field]) => field.list)
      .map(([name]) => name);
    // the Site column: every record's own group, as the services resolve it (not a catalog field)
    const shown = (name: string) => name !== 'id' && !(name === 'groupId' && !entry.fields.groupId);
    const columns = resource.columns.map((column) => column.field).filter(shown);
    expect(columns.sort()).toEqual(listed.sort());
    for (const column of resource.columns.filter((candidate) => shown(candidate.field))) {
      const field = entry.fields[column.field]!;
      expect(column.kind ?? undefined, `${path}.${column.field}`).toBe(columnKind(field.kind));
    }
    for (const input of resource.fields) {
      const field = entry.fields[input.name];
      expect(field, `${path}.${input.name}`).toBeDefined();
      expect(field?.readOnly).toBeFalsy();
      expect(FORM_KIND[field!.kind]).toContain(input.kind);
      if (input.kind === 'reference') expect(input.reference).toBe(field?.reference);
      if (input.kind === 'select' || input.kind === 'modelStatus')
        expect(input.options).toEqual(enumerationOf(path, input.name));
    }
  });
});

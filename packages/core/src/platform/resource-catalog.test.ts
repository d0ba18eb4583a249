import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../navigation/app-routes.ts';
import { findCatalogResource } from '../permissions/permission-catalog.ts';
import { RESOURCE_ENUMERATIONS } from './enumerations.ts';
import {
  CATALOG_ENTRIES,
  RESOURCE_CATALOG,
  catalogEntry,
  enumerationOf,
} from './resource-catalog.ts';
import type { CatalogEntry, CatalogField } from './resource-catalog.ts';

const fields = (entry: CatalogEntry): Array<[string, string, CatalogField]> =>
  Object.entries(entry.fields).map(([name, field]) => [entry.path, name, field]);
const ALL_FIELDS = CATALOG_ENTRIES.flatMap(fields);
const ROUTE_PATHS = new Set(APP_ROUTES.map((route) => route.path));
const TEXT_KINDS = new Set(['text', 'longText', 'email']);

describe('the resource catalog', () => {
  it.each(CATALOG_ENTRIES.map((entry) => [entry.path, entry]))(
    '%s: keyed by its path, its permission resource in the permission catalog, its list a spec §2 route',
    (path, entry) => {
      expect(RESOURCE_CATALOG[path as keyof typeof RESOURCE_CATALOG]).toBe(entry);
      expect(findCatalogResource(entry.permission)?.name).toBe(entry.permission);
      expect(ROUTE_PATHS.has(`/app${entry.listRoute}`)).toBe(true);
      expect(entry.fields[entry.titleField]?.kind).toBe('text');
      // the singular concept is the one the permission catalog names the resource with
      const concept = findCatalogResource(entry.permission)?.concept;
      if (concept !== undefined) expect(entry.oneConcept).toBe(concept);
    },
  );

  it('gives every resource its own list route and permission resource', () => {
    const routes = CATALOG_ENTRIES.map((entry) => entry.listRoute);
    // a subscription is governed by its endpoint's permission (spec §6 names none of its own)
    const permissions = CATALOG_ENTRIES.filter((entry) => entry.path !== 'subscription').map(
      (entry) => entry.permission,
    );
    expect(RESOURCE_CATALOG.subscription.permission).toBe(RESOURCE_CATALOG.endpoint.permission);
    expect(new Set(routes).size).toBe(routes.length);
    expect(new Set(permissions).size).toBe(permissions.length);
  });

  it.each(ALL_FIELDS.filter(([, , field]) => field.reference !== undefined))(
    '%s.%s refers to a catalog resource',
    (_path, _name, field) => {
      expect(catalogEntry(field.reference ?? '')).toBeDefined();
      expect(['reference', 'references']).toContain(field.kind);
    },
  );

  it.each(
    ALL_FIELDS.filter(([, , field]) => field.kind === 'reference' || field.kind === 'references'),
  )('%s.%s names its target', (_path, _name, field) => {
    expect(field.reference).toBeDefined();
  });

  it.each(ALL_FIELDS.filter(([, , field]) => field.kind === 'enumeration'))(
    '%s.%s has its enumeration in enumerations.ts',
    (path, name, field) => {
      expect(field.enumeration).toBe(true);
      const values = enumerationOf(path, name);
      expect(values?.length).toBeGreaterThan(0);
      expect(new Set(values).size).toBe(values?.length);
    },
  );

  it('uses every enumeration of enumerations.ts, and no other field claims one', () => {
    const used = ALL_FIELDS.filter(([, , field]) => field.enumeration).map(
      ([path, name]) => `${path}.${name}`,
    );
    const declared = Object.entries(RESOURCE_ENUMERATIONS).flatMap(([path, byField]) =>
      Object.keys(byField).map((name) => `${path}.${name}`),
    );
    expect(used.sort()).toEqual(declared.sort());
    expect(enumerationOf('thing', 'name')).toBeUndefined();
    expect(enumerationOf('nothing', 'status')).toBeUndefined();
  });

  it.each(ALL_FIELDS)(
    '%s.%s: a length only on text, nothing writable is read-only',
    (_p, _n, field) => {
      if (field.maxLength !== undefined) {
        expect(TEXT_KINDS.has(field.kind)).toBe(true);
        expect(field.maxLength).toBeGreaterThan(0);
      }
      if (field.readOnly) expect(field.required).toBeFalsy();
    },
  );

  it.each(ALL_FIELDS.filter(([, , field]) => field.default !== undefined))(
    '%s.%s: its default is a value of its kind, on an optional writable field',
    (path, name, field) => {
      expect(field.required).toBeFalsy();
      expect(field.readOnly).toBeFalsy();
      const values = enumerationOf(path, name);
      if (values) expect(values).toContain(field.default);
      else if (field.kind === 'boolean') expect(typeof field.default).toBe('boolean');
      else if (field.kind === 'integer') expect(Number.isInteger(field.default)).toBe(true);
      else expect(typeof field.default).toBe('string');
    },
  );

  it.each(CATALOG_ENTRIES.filter((entry) => entry.columns).map((entry) => [entry.path, entry]))(
    '%s: its column order names exactly its listed fields',
    (_path, entry) => {
      const listed = Object.entries(entry.fields).filter(([, field]) => field.list);
      expect([...(entry.columns ?? [])].sort()).toEqual(listed.map(([name]) => name).sort());
    },
  );

  it('answers no entry for a path outside it, including inherited keys', () => {
    expect(catalogEntry('toString')).toBeUndefined();
    expect(catalogEntry('things')).toBeUndefined();
    expect(catalogEntry('thing')?.permission).toBe('thing');
  });
});

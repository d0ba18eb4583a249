// What the audit trail names as an entry's record type. A catalog resource is named by its API path
// (the generic resource mechanism writes it); the records below are written by routes of their own
// and have no catalog entry, so the trail and its filter need them listed here, once for both the
// services (which may only write these names) and the legacy UI (which labels and filters by them).

import { RESOURCE_CATALOG, type CatalogPath } from './resource-catalog.ts';

/** Audited records outside the resource catalog, in the order the trail's filter offers them. */
export const AUDITED_OUTSIDE_CATALOG = [
  'session',
  'site',
  'localMap',
  'thingTypeField',
  'apiKey',
  'configVersion',
  'dataRetentionPolicy',
  'license',
] as const;

export type AuditedOutsideCatalog = (typeof AUDITED_OUTSIDE_CATALOG)[number];

/** Every record type an audit entry may name. */
export type AuditedResource = CatalogPath | AuditedOutsideCatalog;

const OUTSIDE: ReadonlySet<string> = new Set(AUDITED_OUTSIDE_CATALOG);

/** Whether an entry's record type is one of those outside the catalog (labelled on its own). */
export function isAuditedOutsideCatalog(resource: string): resource is AuditedOutsideCatalog {
  return OUTSIDE.has(resource);
}

/** Whether an audit entry may name this record type. */
export function isAuditedResource(resource: string): resource is AuditedResource {
  return OUTSIDE.has(resource) || Object.hasOwn(RESOURCE_CATALOG, resource);
}

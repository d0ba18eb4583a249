import { describe, expect, it } from 'vitest';
import * as audit from './audit-records.ts';
import { RESOURCE_CATALOG } from './resource-catalog.ts';

describe('audited record types', () => {
  it.each([
    // catalog resources: written by the generic resource mechanism, by API path
    ['thing', true, false],
    ['zone', true, false],
    ['user', true, false],
    ['endpoint', true, false],
    // records with routes of their own
    ['session', true, true],
    ['site', true, true],
    ['localMap', true, true],
    ['thingTypeField', true, true],
    ['apiKey', true, true],
    ['configVersion', true, true],
    ['dataRetentionPolicy', true, true],
    ['license', true, true],
    // a table name, an unknown word, nothing
    ['things', false, false],
    ['other', false, false],
    ['', false, false],
  ])('%s: audited %s, outside the catalog %s', (resource, audited, outside) => {
    expect(audit.isAuditedResource(resource)).toBe(audited);
    expect(audit.isAuditedOutsideCatalog(resource)).toBe(outside);
  });

  it('lists each record once, and none that the catalog already has', () => {
    expect(new Set(audit.AUDITED_OUTSIDE_CATALOG).size).toBe(audit.AUDITED_OUTSIDE_CATALOG.length);
    for (const resource of audit.AUDITED_OUTSIDE_CATALOG) {
      expect(Object.hasOwn(RESOURCE_CATALOG, resource)).toBe(false);
    }
  });
});

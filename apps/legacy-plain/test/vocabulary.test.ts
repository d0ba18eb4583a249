// The plain example's copy of the tenant-label rule (www/vocabulary.js: the page has no bundler to
// import @portico/core with) runs core's own table, the one core's resolveTenantLabel runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { TENANT_LABEL_CASES } from '@portico/core';
import { describe, expect, it } from 'vitest';

type TenantLabel = (groupFields: unknown, concept: string, language: string) => string | null;

function loadCopy(): TenantLabel {
  const sandbox: { window: { PlainVocabulary?: { tenantLabel: TenantLabel } } } = { window: {} };
  runInNewContext(
    readFileSync(join(import.meta.dirname, '..', 'www', 'vocabulary.js'), 'utf8'),
    sandbox,
  );
  return sandbox.window.PlainVocabulary!.tenantLabel;
}

const tenantLabel = loadCopy();

describe("the plain example's tenant labels", () => {
  it.each(TENANT_LABEL_CASES.map((row) => [row.rule, row] as const))(
    "follow core's rule: %s",
    (_rule, { field, language, label }) => {
      const fields = field === undefined ? {} : { vizixVocabularyLabelThings: field };
      expect(tenantLabel(fields, 'Things', language)).toBe(label);
    },
  );

  it('name the field from the concept, and need group fields', () => {
    expect(tenantLabel({ vizixVocabularyLabelZoneTypes: 'Kinds' }, 'zoneTypes', 'en')).toBe(
      'Kinds',
    );
    expect(tenantLabel({ vizixVocabularyLabelZones: 'Areas' }, 'ZoneTypes', 'en')).toBeNull();
    expect(tenantLabel(null, 'Zones', 'en')).toBeNull();
    expect(tenantLabel(undefined, 'Zones', 'en')).toBeNull();
    expect(tenantLabel({}, 'toString', 'en')).toBeNull();
  });
});

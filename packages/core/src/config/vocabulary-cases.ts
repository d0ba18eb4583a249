/**
 * The tenant-label rule of `resolveTenantLabel` (vocabulary.ts) as a table: what a vocabulary field's value
 * resolves to in a language. Core's tests run it against `resolveTenantLabel`; a copy of the rule
 * that cannot import this package (the plain legacy example, a page with no bundler) runs the same
 * table against itself, so the two cannot drift apart.
 */
/** One row of {@link TENANT_LABEL_CASES}. */
export interface TenantLabelCase {
  /** Why the row is there, in a few words. */
  readonly rule: string;
  /**
   * The value of the concept's vocabulary field (`vizixVocabularyLabelThings`): JSON text, an
   * already-parsed map, plain text or anything else a group field may hold; `undefined`: no field.
   */
  readonly field: unknown;
  /** The language asked for (`pt-BR`, `es`, …). */
  readonly language: string;
  /** The tenant's label, or null when the tenant sets none (the caller's default then applies). */
  readonly label: string | null;
}

/** The tenant-label rule, one case a row; see {@link TenantLabelCase}. */
export const TENANT_LABEL_CASES: readonly TenantLabelCase[] = [
  // a language → label map, as JSON text or parsed
  {
    rule: 'exact language',
    field: '{"en":"Assets","pt-BR":"Ativos"}',
    language: 'pt-BR',
    label: 'Ativos',
  },
  {
    rule: 'exact language, English asked',
    field: '{"en":"Assets","pt-BR":"Ativos"}',
    language: 'en',
    label: 'Assets',
  },
  {
    rule: 'language case-insensitive',
    field: '{"en":"Assets","pt-BR":"Ativos"}',
    language: 'PT-br',
    label: 'Ativos',
  },
  { rule: 'key case-insensitive', field: '{"PT-BR":"Ativos"}', language: 'pt-BR', label: 'Ativos' },
  { rule: 'underscore as hyphen', field: '{"pt_BR":"Ativos"}', language: 'pt-BR', label: 'Ativos' },
  {
    rule: 'region falls back to base language',
    field: '{"pt":"Ativos","en":"Assets"}',
    language: 'pt-BR',
    label: 'Ativos',
  },
  {
    rule: 'base language key case-insensitive',
    field: '{"PT":"Ativos"}',
    language: 'pt-BR',
    label: 'Ativos',
  },
  {
    rule: 'exact before base language',
    field: '{"pt":"Bens","pt-BR":"Ativos"}',
    language: 'pt-BR',
    label: 'Ativos',
  },
  {
    rule: 'exact before base language, any key order',
    field: '{"pt-BR":"Ativos","pt":"Bens"}',
    language: 'pt-BR',
    label: 'Ativos',
  },
  {
    rule: 'base language before English',
    field: '{"en":"Assets","pt":"Ativos"}',
    language: 'pt-BR',
    label: 'Ativos',
  },
  {
    rule: 'a base language does not take another region',
    field: '{"pt-PT":"Activos","en":"Assets"}',
    language: 'pt-BR',
    label: 'Assets',
  },
  {
    rule: 'English fallback',
    field: '{"en":"Assets","es":"Activos"}',
    language: 'fr',
    label: 'Assets',
  },
  {
    rule: 'English fallback from a region',
    field: '{"en":"Assets","es":"Activos"}',
    language: 'pt-BR',
    label: 'Assets',
  },
  {
    rule: 'no entry for the language nor English',
    field: '{"fr":"Actifs"}',
    language: 'es',
    label: null,
  },
  {
    rule: 'blank entries are skipped',
    field: '{"es":"  ","pt":"","en":"Assets"}',
    language: 'es',
    label: 'Assets',
  },
  {
    rule: 'blank entry, base language',
    field: '{"pt-BR":" ","pt":"Ativos"}',
    language: 'pt-BR',
    label: 'Ativos',
  },
  { rule: 'entries are trimmed', field: '{"es":"  Activos  "}', language: 'es', label: 'Activos' },
  { rule: 'a parsed map', field: { en: 'Areas', es: 'Zonas' }, language: 'es', label: 'Zonas' },
  {
    rule: 'a parsed map, English fallback',
    field: { en: 'Areas' },
    language: 'it',
    label: 'Areas',
  },
  { rule: 'text around the JSON', field: '  {"en":"Assets"}  ', language: 'en', label: 'Assets' },
  // entries that are not text
  {
    rule: 'non-text entries are skipped',
    field: '{"pt-BR":42,"pt":true,"en":"Assets"}',
    language: 'pt-BR',
    label: 'Assets',
  },
  {
    rule: 'null entry is skipped',
    field: '{"es":null,"en":"Assets"}',
    language: 'es',
    label: 'Assets',
  },
  {
    rule: 'nested map is not a label',
    field: '{"en":{"one":"Asset"}}',
    language: 'en',
    label: null,
  },
  { rule: 'list entry is not a label', field: '{"en":["Assets"]}', language: 'en', label: null },
  // empty and invalid maps
  { rule: 'empty map', field: '{}', language: 'en', label: null },
  { rule: 'empty parsed map', field: {}, language: 'en', label: null },
  { rule: 'malformed JSON', field: '{broken json', language: 'en', label: null },
  { rule: 'malformed JSON list', field: '[1,2', language: 'en', label: null },
  { rule: 'a list is not a map', field: '[1,2]', language: 'en', label: null },
  { rule: 'a parsed list is not a map', field: ['Assets'], language: 'en', label: null },
  // plain text: the label in every language
  { rule: 'plain text in English', field: 'Assets', language: 'en', label: 'Assets' },
  { rule: 'plain text in any language', field: 'Assets', language: 'pt-BR', label: 'Assets' },
  { rule: 'plain text is trimmed', field: '  Assets  ', language: 'es', label: 'Assets' },
  { rule: 'a JSON string is plain text', field: '"Assets"', language: 'fr', label: 'Assets' },
  { rule: 'blank text', field: '   ', language: 'en', label: null },
  { rule: 'empty text', field: '', language: 'en', label: null },
  { rule: 'a JSON blank string', field: '" "', language: 'en', label: null },
  // not text, not a map
  { rule: 'a number', field: 42, language: 'en', label: null },
  { rule: 'a boolean', field: true, language: 'en', label: null },
  { rule: 'null', field: null, language: 'en', label: null },
  { rule: 'no field', field: undefined, language: 'en', label: null },
];

import { describe, expect, it } from 'vitest';
import { TAB_NAMES } from '../permissions/tab-visibility.ts';
import { TENANT_LABEL_CASES } from './vocabulary-cases.ts';
import {
  DEFAULT_PRODUCT_TITLE,
  TAB_VOCABULARY,
  VOCABULARY_CONCEPTS,
  VOCABULARY_DEFAULTS,
  getDocumentTitle,
  resolveTabLabel,
  resolveTenantLabel,
  resolveVocabularyLabel,
  vocabularyFieldName,
} from './vocabulary.ts';

const acme = {
  vizixVocabularyLabelPlatform:
    '{"en":"Acme Track","es":"Acme Rastreo","pt-BR":"Acme Rastreio","fr":"Acme Suivi","it":"Acme Traccia"}',
  vizixVocabularyLabelThings:
    '{"en":"Assets","es":"Activos","pt-BR":"Ativos","fr":"Actifs","it":"Beni"}',
  vizixVocabularyLabelZones: { en: 'Areas', es: '  ' },
  vizixVocabularyLabelRoles: 'Profiles',
  vizixVocabularyLabelUsers: '{broken json',
  vizixVocabularyLabelShifts: '[1,2]',
  vizixVocabularyLabelWorkflows: '{"fr":"Flux"}',
  vizixVocabularyLabelReports: 42,
  vizixVocabularyLabelGroups: '   ',
};

describe('spec §3 "Vocabulary label fields start with vizixVocabularyLabel and hold a JSON map from language to label"', () => {
  it("has about 65 concepts, the spec's examples among them, with a field name each", () => {
    expect(VOCABULARY_CONCEPTS.length).toBeGreaterThanOrEqual(60);
    expect(VOCABULARY_CONCEPTS.length).toBeLessThanOrEqual(70);
    for (const concept of [
      'Things',
      'ThingTypes',
      'Zones',
      'Groups',
      'Roles',
      'Users',
      'Reports',
      'Workflows',
      'Shifts',
      'SmartContracts',
      'TrainedModels',
      'Platform',
    ]) {
      expect(VOCABULARY_CONCEPTS).toContain(concept);
    }
    expect(vocabularyFieldName('ThingTypes')).toBe('vizixVocabularyLabelThingTypes');
    expect(vocabularyFieldName('things')).toBe('vizixVocabularyLabelThings');
  });

  it.each([
    ['Things', 'es', 'Activos', 'the language map'],
    ['Things', 'pt-BR', 'Ativos', 'the language map (pt-BR)'],
    ['Things', 'PT-br', 'Ativos', 'language compared case-insensitively'],
    ['Things', 'de', 'Assets', 'fallback to English'],
    ['Zones', 'es', 'Areas', 'blank entry falls back to English; a parsed map works too'],
    ['Roles', 'fr', 'Profiles', 'plain text is the label in every language'],
    ['Users', 'en', 'Users', 'broken JSON: built-in default'],
    ['Shifts', 'en', 'Shifts', 'a list is not a map: built-in default'],
    ['Workflows', 'en', 'Workflows', 'no English entry: built-in default'],
    ['Workflows', 'fr', 'Flux', 'the language map'],
    ['Reports', 'en', 'Reports', 'not text: built-in default'],
    ['Groups', 'en', 'Groups', 'blank text: built-in default'],
    ['ThingTypes', 'en', 'Thing Types', 'no field: built-in default'],
    ['Unheard', 'en', 'Unheard', 'unknown concept: its key'],
  ])('%s in %s -> %s (%s)', (concept, language, label) => {
    expect(resolveVocabularyLabel(concept, language, acme)).toBe(label);
  });

  it.each(TENANT_LABEL_CASES.map((row) => [row.rule, row] as const))(
    'the tenant label rule: %s',
    (_rule, { field, language, label }) => {
      const fields = field === undefined ? {} : { vizixVocabularyLabelThings: field };
      expect(resolveTenantLabel('Things', language, fields)).toBe(label);
      expect(resolveVocabularyLabel('Things', language, fields)).toBe(label ?? 'Things');
    },
  );

  it('the table pins the cases the shell and the frame once disagreed on', () => {
    const find = (field: string, language: string) =>
      TENANT_LABEL_CASES.find((row) => row.field === field && row.language === language)?.label;
    expect(find('{"pt":"Ativos","en":"Assets"}', 'pt-BR')).toBe('Ativos');
    expect(find('Assets', 'pt-BR')).toBe('Assets');
    expect(find('Assets', 'en')).toBe('Assets');
  });

  it('never throws on missing or odd group fields', () => {
    expect(resolveVocabularyLabel('Things', 'en', null)).toBe('Things');
    expect(resolveVocabularyLabel('Things', 'en', undefined)).toBe('Things');
    expect(resolveTenantLabel('toString', 'en', {})).toBeNull();
    expect(resolveVocabularyLabel('toString', 'en', {})).toBe('toString');
    expect(VOCABULARY_DEFAULTS.Platform).toBe(DEFAULT_PRODUCT_TITLE);
  });
});

describe('tab labels', () => {
  it('every tab of §6 has a concept', () => {
    for (const tab of TAB_NAMES) expect(TAB_VOCABULARY[tab], tab).toBeDefined();
  });
  it.each([
    ['things', 'it', 'Beni'],
    ['thing', 'en', 'Assets'],
    ['zone', 'en', 'Areas'],
    ['thingType', 'en', null],
    ['nope', 'en', null],
    ['constructor', 'en', null],
  ])('%s in %s -> %s', (tab, language, label) => {
    expect(resolveTabLabel(tab, language, acme)).toBe(label);
  });
});

describe('spec §2 "The document title is the platform vocabulary label, falling back to a default product title"', () => {
  it.each([
    [acme, 'fr', undefined, 'Acme Suivi'],
    [acme, 'de', undefined, 'Acme Track'],
    [{}, 'en', undefined, 'Portico'],
    [{}, 'en', 'Console', 'Console'],
    [null, 'en', undefined, 'Portico'],
  ])('%#: -> %s', (fields, language, fallback, title) => {
    expect(getDocumentTitle(fields, language, fallback)).toBe(title);
  });
});

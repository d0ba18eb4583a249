// Every translation must mirror en.json exactly. i18n.ts merges the chosen language over English,
// so a forgotten key would silently show English at run time; this test is what catches it.
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES, type Language } from '@portico/core';
import en from './locales/en.json';
import esMessages from './locales/es.json';
import ptBRMessages from './locales/pt-BR.json';
import frMessages from './locales/fr.json';
import itMessages from './locales/it.json';

type Translated = Exclude<Language, 'en'>;

const LOCALES: Record<Translated, unknown> = {
  es: esMessages,
  'pt-BR': ptBRMessages,
  fr: frMessages,
  it: itMessages,
};

// Values allowed to equal the English text. Keep this minimal: an entry that is no longer
// identical (or no longer exists in en.json) fails the last test, so stale entries get removed.
const SAME_IN_EVERY_LANGUAGE: ReadonlySet<string> = new Set([
  'app.productTitle', // "Portico", a brand name
  'palette.hint', // "Ctrl+K", a key chord
  'tabs.edge', // "Edge", the module's product name, left untranslated in IoT vocabulary
]);
// Each language is named in its own language, so the whole section is identical in every file.
const SAME_IN_EVERY_LANGUAGE_PREFIX = 'languages.';
const SAME_AS_ENGLISH: Record<Translated, ReadonlySet<string>> = {
  es: new Set([
    'tabs.role', // "Roles" is the Spanish word too
    'tabs.beta', // "beta"
    'settings.accessVisible', // "Visible" is the Spanish word too
    'settings.regions.Asia', // "Asia"
    'settings.regions.Australia', // "Australia"
    'settings.apiKeys.operation', // punctuation only: "{{resource}}: {{operation}}" (French sets the colon apart)
    'settings.apiKeys.resources.edgebox', // "Edge box", a product term, as the legacy UI's perm.edgebox
  ]),
  'pt-BR': new Set([
    'tabs.gateway', // "Gateway" is the usual Brazilian term
    'tabs.beta', // "beta"
    'settings.apiKeys.operation', // punctuation only: "{{resource}}: {{operation}}" (French sets the colon apart)
    'settings.apiKeys.resources.edgebox', // "Edge box", a product term, as the legacy UI's perm.edgebox
  ]),
  fr: new Set([
    'shell.modules', // "Modules"
    'tabs.documentation', // "Documentation"
    'tabs.zone', // "Zones"
    'tabs.services', // "Services"
    'settings.accessVisible', // "Visible"
    'app.notifications', // "Notifications"
    'settings.regions.Europe', // "Europe"
    'settings.apiKeys.resources.zone', // "Zone", as tabs.zone
    'settings.apiKeys.resources.importexport', // "Import / export", as the legacy UI's page.importExport
  ]),
  it: new Set([
    'login.password', // "Password" is the usual Italian term
    'settings.password.title', // the same term, as login.password
    'tabs.gateway', // "Gateway" is the usual Italian term
    'tabs.beta', // "beta"
    'settings.regions.Africa', // "Africa"
    'settings.regions.America', // "America"
    'settings.regions.Asia', // "Asia"
    'settings.regions.Australia', // "Australia"
    'settings.apiKeys.operation', // punctuation only: "{{resource}}: {{operation}}" (French sets the colon apart)
    'settings.apiKeys.resources.edgebox', // "Edge box", a product term, as the legacy UI's perm.edgebox
    'settings.apiKeys.resources.endpoint', // "Endpoint", the usual Italian term (legacy UI's perm.endpoint)
    'settings.apiKeys.resources.report_definition', // "Report", the Italian word too
  ]),
};

function leaves(
  node: unknown,
  prefix = '',
  out = new Map<string, unknown>(),
): Map<string, unknown> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) {
      leaves(value, prefix === '' ? key : `${prefix}.${key}`, out);
    }
  } else {
    out.set(prefix, node);
  }
  return out;
}

function diffKeys(reference: unknown, candidate: unknown): { missing: string[]; extra: string[] } {
  const want = leaves(reference);
  const have = leaves(candidate);
  return {
    missing: [...want.keys()].filter((path) => !have.has(path)).sort(),
    extra: [...have.keys()].filter((path) => !want.has(path)).sort(),
  };
}

function placeholders(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  const names = [...value.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((match) => match[1] ?? '');
  return [...new Set(names)].sort();
}

function mayEqualEnglish(language: Translated, path: string): boolean {
  return (
    SAME_IN_EVERY_LANGUAGE.has(path) ||
    path.startsWith(SAME_IN_EVERY_LANGUAGE_PREFIX) ||
    SAME_AS_ENGLISH[language].has(path)
  );
}

const english = leaves(en);
const table = Object.entries(LOCALES) as [Translated, unknown][];

describe('locale checks', () => {
  it('cover every supported language except English', () => {
    expect(Object.keys(LOCALES).sort()).toEqual(
      SUPPORTED_LANGUAGES.filter((code) => code !== 'en').sort(),
    );
  });

  it('report a missing key and an extra key by path', () => {
    const candidate = structuredClone(en) as { login: Record<string, unknown> };
    delete candidate.login['password'];
    candidate.login['pasword'] = 'Contraseña';
    expect(diffKeys(en, candidate)).toEqual({
      missing: ['login.password'],
      extra: ['login.pasword'],
    });
  });

  it('read placeholder names, including spaced ones', () => {
    expect(placeholders('Try again in {{seconds}} s, {{ name }}; {{seconds}}')).toEqual([
      'name',
      'seconds',
    ]);
    expect(placeholders('{name}')).toEqual([]);
  });
});

describe.each(table)('%s translation', (language, messages) => {
  const translated = leaves(messages);

  it('has exactly the key paths of en.json', () => {
    expect(diffKeys(en, messages)).toEqual({ missing: [], extra: [] });
  });

  it('has a non-empty string for every key', () => {
    const bad = [...translated]
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([path, value]) => `${path}: ${JSON.stringify(value)}`);
    expect(bad).toEqual([]);
  });

  it('keeps the placeholders of the English text', () => {
    const mismatched: string[] = [];
    for (const [path, source] of english) {
      if (!translated.has(path)) continue; // reported by the key-path test
      const want = placeholders(source);
      const have = placeholders(translated.get(path));
      if (want.join() !== have.join())
        mismatched.push(`${path}: expected [${want.join()}], got [${have.join()}]`);
    }
    expect(mismatched).toEqual([]);
  });

  it('translates every value outside the allow-list', () => {
    const untranslated = [...english]
      .filter(
        ([path, source]) => translated.get(path) === source && !mayEqualEnglish(language, path),
      )
      .map(([path, source]) => `${path}: ${JSON.stringify(source)}`);
    expect(untranslated).toEqual([]);
  });

  it('keeps every allow-listed value identical to English (no stale entries)', () => {
    const nativeNames = [...english.keys()].filter((path) =>
      path.startsWith(SAME_IN_EVERY_LANGUAGE_PREFIX),
    );
    const stale = [...SAME_AS_ENGLISH[language], ...SAME_IN_EVERY_LANGUAGE, ...nativeNames].filter(
      (path) => !english.has(path) || translated.get(path) !== english.get(path),
    );
    expect(stale).toEqual([]);
  });
});

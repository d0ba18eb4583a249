import { RESOURCE_ENUMERATIONS } from '@portico/core';
import { describe, expect, it } from 'vitest';
import {
  en,
  es,
  formatCount,
  formatMessage,
  fr,
  isMessageKey,
  it as italian,
  ptBR,
  translate,
} from './i18n.ts';
import type { MessageKey } from './i18n.ts';

const englishKeys = Object.keys(en).sort() as MessageKey[];

// The names translate() fills: `{name}`, and the argument of an ICU plural `{count, plural, …}`.
function placeholders(text: string): string[] {
  return [
    ...new Set(
      [...text.matchAll(/\{(\w+)(?:\}|\s*,\s*plural\s*,)/g)].map((match) => match[1] ?? ''),
    ),
  ].sort();
}

/** Whether a message is an ICU plural message. */
const isPlural = (text: string) => /\{\w+\s*,\s*plural\s*,/.test(text);

/**
 * Keys whose translation may equal the English text. Everything else equal to English is treated as an
 * untranslated copy. Keep this short: only codes, brand/loan words the console's own locales also keep,
 * and genuine cognates spelled the same in the target language.
 */
const SAME_AS_ENGLISH: Record<string, readonly MessageKey[]> = {
  es: [
    'field.id', // abbreviation kept in every language
    'app.beta', // release-stage tag, as the console's es tabs.beta
    'field.color', // the Spanish word is "color"
    'resource.role', // the Spanish plural is "roles", as the console's es tabs.role
    'field.roles', // the same plural, as resource.role
    'perm.edgebox', // product term kept in every language but French
    'module.tenants', // the platform's own term (not "Inquilinos", renters)
    'enum.MQTT', // protocol names are the same in every language
    'enum.KAFKA',
    'enum.REST',
    'enum.SQL',
    'enum.FTP',
  ],
  'pt-BR': [
    'field.id', // abbreviation kept in every language
    'app.beta', // release-stage tag, as the console's pt-BR tabs.beta
    'module.gateway', // loan word kept by the console's pt-BR tabs.gateway
    'field.status', // loan word current in Brazilian admin UIs ("Integridade e status" in the console)
    'perm.edgebox', // product term kept in every language but French
    'module.tenants', // the platform's own term (not "Locatários", renters)
    'enum.MQTT', // protocol names are the same in every language
    'enum.KAFKA',
    'enum.REST',
    'enum.SQL',
    'enum.FTP',
  ],
  fr: [
    'field.id', // abbreviation kept in every language
    'field.code', // French cognates, same spelling:
    'field.description',
    'field.type',
    'field.zone',
    'resource.zone', // the console's fr tabs.zone
    'list.actions',
    'app.pages',
    'module.services', // the console's fr tabs.services
    'module.tenants', // the platform's own term (not "Locataires", renters)
    'one.zone', // French cognate
    'enum.module',
    'page.importExport', // "import / export" is French too
    'perm.importexport', // the same words, as page.importExport
    'perm.zone', // French cognate, as one.zone
    'audit.action', // French cognate, as list.actions
    'list.site', // French cognate, same spelling
    'enum.MQTT', // protocol names are the same in every language
    'enum.KAFKA',
    'enum.REST',
    'enum.SQL',
    'enum.FTP',
  ],
  it: [
    'field.id', // abbreviation kept in every language
    'app.beta', // release-stage tag, as the console's it tabs.beta
    'module.gateway', // loan word kept by the console's it tabs.gateway
    'field.password', // loan word kept by the console's it login.password
    'one.reportDefinition', // "report" is the Italian term, as resource.reportDefinition
    'perm.report_definition', // the same, as one.reportDefinition
    'perm.edgebox', // product term kept in every language but French
    'perm.endpoint', // loan word current in Italian API documentation
    'audit.record', // "record" is the Italian term in data tools
    'enum.MQTT', // protocol names are the same in every language
    'enum.KAFKA',
    'enum.REST',
    'enum.SQL',
    'enum.FTP',
  ],
};

const tables = [
  ['es', es],
  ['pt-BR', ptBR],
  ['fr', fr],
  ['it', italian],
] as const;

describe.each(tables)('legacy UI strings in %s', (language, table) => {
  const allowed = new Set<string>(SAME_AS_ENGLISH[language] ?? []);

  it('has exactly the English keys (names the missing and the extra ones)', () => {
    const keys = Object.keys(table);
    const missing = englishKeys.filter((key) => !keys.includes(key));
    const extra = keys.filter((key) => !(key in en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('has a non-empty string for every key', () => {
    const empty = Object.entries(table)
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('keeps the placeholders of the English text, with single braces', () => {
    const mismatched = englishKeys
      .filter((key) => table[key] !== undefined)
      .filter(
        (key) =>
          (!isPlural(table[key] ?? '') && /\{\{|\}\}/.test(table[key] ?? '')) ||
          placeholders(table[key] ?? '').join() !== placeholders(en[key]).join(),
      )
      .map((key) => `${key}: ${JSON.stringify(table[key])} vs ${JSON.stringify(en[key])}`);
    expect(mismatched).toEqual([]);
  });

  it('translates every key, except the commented allow-list of words English shares', () => {
    const copied = englishKeys.filter((key) => table[key] === en[key] && !allowed.has(key));
    expect(copied).toEqual([]);
    expect([...allowed].filter((key) => !(key in en))).toEqual([]);
  });

  it('is the table translate() reads for the language', () => {
    const values = {
      name: 'N',
      count: 7,
      page: 2,
      pages: 3,
      resource: 'R',
      group: 'G',
      tenant: 'T',
      reason: 'Y',
      min: 8,
      max: 1024,
      line: 4,
      text: 'X',
      allowed: 'r, u',
      names: 'A, B',
      list: 'L',
      query: 'Q',
      module: 'M',
      uses: 5,
      shown: 50,
      label: 'Z',
    };
    const wrong = englishKeys.filter(
      (key) =>
        translate(language, key, values) !==
        (isPlural(table[key] ?? '')
          ? formatMessage(language, table[key] ?? '', values)
          : (table[key] ?? '').replace(/\{(\w+)\}/g, (_, name: string) => {
              const value = values[name as keyof typeof values];
              // numbers are written the language's way (i18n.test.ts)
              return typeof value === 'number' ? formatCount(language, value) : value;
            })),
    );
    expect(wrong).toEqual([]);
  });

  it('has an `other` case in every plural message, and every plural filled for 0, 1, 2 and 5', () => {
    const wrong = englishKeys.filter((key) => {
      const text = table[key] ?? '';
      if (!isPlural(text) && !isPlural(en[key])) return false;
      if (!isPlural(text) || !/\bother\s*\{/.test(text)) return true;
      return [0, 1, 2, 5].some((count) =>
        /[{}]/.test(
          formatMessage(language, text, {
            count,
            names: 'A',
            uses: 2,
            resource: 'R',
            reason: 'Y',
            shown: 1,
            name: 'N',
          }),
        ),
      );
    });
    expect(wrong).toEqual([]);
  });
});

describe('the completeness check', () => {
  it('uses placeholder names, not their order or count', () => {
    expect(placeholders('Page {page} of {pages}')).toEqual(['page', 'pages']);
    expect(placeholders('{pages}: {page}, {page}')).toEqual(['page', 'pages']);
    expect(placeholders('{{name}}')).toEqual(['name']);
  });
});

describe('keys built at run time', () => {
  it('are message keys only when en.json has them (own keys, not Object.prototype)', () => {
    expect(isMessageKey('enum.active')).toBe(true);
    expect(isMessageKey('enum.nope')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });
});

describe('enumeration values', () => {
  it("have a label for every value of core's enumerations (enum.<value>)", () => {
    const values = Object.values(RESOURCE_ENUMERATIONS).flatMap((fields) =>
      Object.values(fields).flat(),
    );
    expect(values.filter((value) => !isMessageKey(`enum.${value}`))).toEqual([]);
  });
});

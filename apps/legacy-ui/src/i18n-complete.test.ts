import { PERMISSION_CATALOG, RESOURCE_ENUMERATIONS } from '@portico/core';
import { describe, expect, it } from 'vitest';
import { en, formatCount, formatMessage, isMessageKey, translate } from './i18n.ts';
import type { MessageKey } from './i18n.ts';
import { es, fr, it as italian, ptBR } from '../test/all-languages.ts';

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
/** Keys every language keeps as English: codes, unit symbols, abbreviations, a product name. */
const EVERY_LANGUAGE: readonly MessageKey[] = [
  'deliveries.ms', // a unit symbol
  'health.milliseconds',
  'health.perSecond',
  'field.url', // abbreviations kept in every language
  'field.id',
  'enum.MQTT', // protocol names are the same in every language
  'enum.KAFKA',
  'enum.REST',
  'enum.SQL',
  'enum.FTP',
  'concept.Edge', // the module's product name, as the console's tabs.edge
];

const SAME_AS_ENGLISH: Record<string, readonly MessageKey[]> = {
  es: [
    ...EVERY_LANGUAGE,
    'report.no', // "No" is the Spanish word too
    'field.endpoint', // loan word current in Spanish API documentation
    'one.endpoint',
    'resource.endpoint',
    'form.titleWithName', // punctuation only: "{title}: {name}" (French sets it apart with a dash)
    'app.beta', // release-stage tag, as the console's es tabs.beta
    'field.color', // the Spanish word is "color"
    'resource.role', // the Spanish plural is "roles", as the console's es tabs.role
    'field.roles', // the same plural, as resource.role
    'perm.edgebox', // product term kept in every language but French
    'settings.no', // the Spanish word is "no"
    'health.uptimeValue', // unit abbreviations d, h, min
    'concept.Endpoints', // as resource.endpoint
    'concept.Roles', // as resource.role
    'attributes.no', // the Spanish word is "no"
  ],
  'pt-BR': [
    'audit.resource.site', // "site" is the word
    ...EVERY_LANGUAGE,
    'customTab.menu', // "Menu {number}": the same word
    'field.endpoint', // loan word current in Brazilian API documentation
    'one.endpoint',
    'resource.endpoint',
    'form.titleWithName', // punctuation only: "{title}: {name}" (French sets it apart with a dash)
    'app.beta', // release-stage tag, as the console's pt-BR tabs.beta
    'module.gateway', // loan word kept by the console's pt-BR tabs.gateway
    'field.status', // loan word current in Brazilian admin UIs ("Integridade e status" in the console)
    'perm.edgebox', // product term kept in every language but French
    'settings.linkCount', // loan word "links", current in Brazilian admin UIs
    'health.uptimeValue', // unit abbreviations d, h, min
    'help.email', // loan word, as the console's pt-BR
    'help.version.console', // "console" is Portuguese too
    'concept.Endpoints', // as resource.endpoint
    'concept.Gateway', // the usual Brazilian term, as module.gateway
  ],
  fr: [
    'audit.resource.site', // "site" is the word
    ...EVERY_LANGUAGE,
    'customTab.menu', // "Menu {number}": the same word
    'deliveries.actions', // French cognate, as list.actions
    'field.code', // French cognates, same spelling:
    'field.description',
    'field.type',
    'field.zone',
    'resource.zone', // the console's fr tabs.zone
    'list.actions',
    'app.pages',
    'module.services', // the console's fr tabs.services
    'one.zone', // French cognate
    'enum.module',
    'page.importExport', // "import / export" is French too
    'perm.importexport', // the same words, as page.importExport
    'perm.zone', // French cognate, as one.zone
    'audit.action', // French cognate, as list.actions
    'list.site', // French cognate, same spelling
    'settings.minutesValue', // French cognate, "{count} minutes"
    'health.check.migrations', // French cognates, same spelling:
    'health.instance',
    'health.instances',
    'health.version',
    'help.versions', // French cognates, same spelling:
    'help.version.services',
    'help.version.console',
    'concept.ImportExport', // as page.importExport
    'concept.Licenses', // the French word is "licences"
    'concept.Notifications', // the French word too
    'concept.Services', // as module.services
    'concept.Sites', // the French word too
    'concept.Zone', // as one.zone
    'concept.Zones', // as resource.zone
    'attributes.code', // the French word is "code", as field.code
    'attributes.type.DATE', // the French word is "date"
  ],
  it: [
    ...EVERY_LANGUAGE,
    'customTab.menu', // "Menu {number}": the same word
    'report.no', // "No" is the Italian word too
    'field.endpoint', // loan word, as perm.endpoint
    'one.endpoint',
    'form.titleWithName', // punctuation only: "{title}: {name}" (French sets it apart with a dash)
    'app.beta', // release-stage tag, as the console's it tabs.beta
    'module.gateway', // loan word kept by the console's it tabs.gateway
    'field.password', // loan word kept by the console's it login.password
    'one.reportDefinition', // "report" is the Italian term, as resource.reportDefinition
    'perm.report_definition', // the same, as one.reportDefinition
    'perm.edgebox', // product term kept in every language but French
    'perm.endpoint', // loan word current in Italian API documentation
    'audit.record', // "record" is the Italian term in data tools
    'settings.no', // the Italian word is "no"
    'settings.linkCount', // loan word "link", current in Italian (as perm.endpoint)
    'health.check.database', // "database" is the Italian term
    'help.version.console', // "console" is Italian too
    'concept.Gateway', // the usual Italian term, as module.gateway
    'concept.Report', // the Italian word too, as one.reportDefinition
    'attributes.no', // the Italian word is "no"
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
      value: 'V',
      number: 5,
      marker: '(empty)',
      time: '10:00',
      days: 1,
      hours: 2,
      minutes: 3,
      percent: 42,
      user: 'U',
      ms: 12,
      status: 200,
      error: 'E',
      hosts: 'H',
      kind: 'K',
      counts: 'C',
      zones: 'Z',
      title: 'T',
      zoneGroup: 'G',
      uses: 5,
      shown: 50,
      label: 'Z',
      thingsMenu: 'A',
      thingTypesMenu: 'AT',
      zonesMenu: 'Z',
      zoneTypesMenu: 'ZT',
      zoneGroupsMenu: 'ZG',
      logicalReadersMenu: 'LR',
      usersMenu: 'U',
      rolesMenu: 'R',
      groupsMenu: 'G',
      tenantsMenu: 'T',
      servicesMenu: 'S',
      modelMenu: 'M',
      importExportMenu: 'IE',
      tab: 'T',
      field: 'F',
      x: 1,
      n: 2,
      rows: 40,
      groups: 4,
      y: 2,
      first: 1,
      second: 3,
      step: 10,
      axis: 'x',
      zone: 'America/Chicago',
      app: 'A',
      type: 'integer',
      values: 'csv, json',
      limit: 5,
      date: '2027-01-31',
      day: 'D',
      width: 400,
      height: 300,
      size: 4,
      id: 'ID',
      menu: 'MN',
      report: 'RP',
      reports: 'RPS',
      thingType: 'TT',
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

describe('the role form’s permission grid', () => {
  it('has a label for every resource of the permission catalog (perm.<name>), not the "Resource" fallback', () => {
    const names = PERMISSION_CATALOG.flatMap((module) => module.resources.map((r) => r.name));
    expect(names.filter((name) => !isMessageKey(`perm.${name}`))).toEqual([]);
  });
});

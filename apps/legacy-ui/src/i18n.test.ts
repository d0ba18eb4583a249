import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatCount,
  formatList,
  formatMessage,
  loadLanguage,
  prepareFormats,
  translate,
} from './i18n.ts';

describe('numbers in sentences are written the language’s way', () => {
  it.each([
    ['en', '20,000 total'],
    ['es', '20.000 en total'],
    ['pt-BR', '20.000 no total'],
    ['fr', '20\u202f000 au total'],
    ['it', '20.000 in totale'],
  ])('%s: %s', (language, expected) => {
    expect(translate(language, 'list.total', { count: 20000 })).toBe(expected);
  });

  it('text values are left as they are, and an unknown language falls back to English digits', () => {
    expect(translate('en', 'list.open', { name: '1000' })).toBe('Open 1000');
    expect(formatCount('xx-invalid-', 1234)).toBe('1,234');
  });
});

describe('ICU plural messages follow each language’s plural rules', () => {
  const records = '{count, plural, =0 {no record} one {# record} other {# records}}';
  it.each([
    ['en', records, 0, 'no record'],
    ['en', records, 1, '1 record'],
    ['en', records, 2, '2 records'],
    ['en', records, 1000, '1,000 records'],
    // French: 0 and 1 are singular, and a space groups thousands
    ['fr', '{count, plural, one {# supprimé} other {# supprimés}}', 0, '0 supprimé'],
    ['fr', '{count, plural, one {# supprimé} other {# supprimés}}', 1, '1 supprimé'],
    ['fr', '{count, plural, one {# supprimé} other {# supprimés}}', 2000, '2\u202f000 supprimés'],
    // Polish-style categories (few / many) come from Intl.PluralRules, not an English one/other
    [
      'pl',
      '{count, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}',
      3,
      '3 pliki',
    ],
    [
      'pl',
      '{count, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}',
      5,
      '5 plików',
    ],
    // nested placeholders inside an option, and a message around the plural
    ['en', 'Delete {count, plural, one {{name}} other {# records}}?', 1, 'Delete Dock 1?'],
    ['en', 'Delete {count, plural, one {{name}} other {# records}}?', 4, 'Delete 4 records?'],
    // no `one` option: `other` is used
    ['es', '{count, plural, other {# más}}', 1, '1 más'],
  ])('%s: %s with %d', (language, template, count, expected) => {
    expect(formatMessage(language, template, { count, name: 'Dock 1' })).toBe(expected);
  });

  it('leaves a placeholder without a value, or a malformed plural, as written', () => {
    expect(formatMessage('en', 'Hello {name}', {})).toBe('Hello {name}');
    expect(formatMessage('en', '{count, plural, one {x}', { count: 1 })).toBe(
      '{count, plural, one {x}',
    );
    expect(formatMessage('en', '{count, plural, one {x}}', { count: 'many' })).toBe(
      '{count, plural, one {x}}',
    );
  });

  it('lists are joined the language’s way', () => {
    expect(formatList('en', ['Dock 1', 'Dock 2', '3 more'])).toBe('Dock 1, Dock 2, and 3 more');
    expect(formatList('fr', ['Dock 1', 'Dock 2', '3 autres'])).toBe('Dock 1, Dock 2 et 3 autres');
  });
});

describe('a language is fetched before it is read', () => {
  it('a language with no strings of ours resolves at once, and English stands in', async () => {
    await expect(loadLanguage('de')).resolves.toBeUndefined();
    expect(translate('de', 'app.retry')).toBe('Try again');
  });

  it('a regional variant reads its base language', async () => {
    await loadLanguage('fr-CA');
    expect(translate('fr-CA', 'app.retry')).toBe('Réessayer');
  });
});

describe('formats made ahead (prepareFormats)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("a language's number format and plural rules are made once, ahead of its first sentence", () => {
    const { NumberFormat, PluralRules } = Intl;
    const numberFormat = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      this: unknown,
      ...args
    ) {
      return new NumberFormat(...args);
    });
    const pluralRules = vi.spyOn(Intl, 'PluralRules').mockImplementation(function (
      this: unknown,
      ...args
    ) {
      return new PluralRules(...args);
    });
    prepareFormats('it-CH');
    expect(numberFormat).toHaveBeenCalledTimes(1);
    expect(pluralRules).toHaveBeenCalledTimes(1);
    expect(numberFormat).toHaveBeenCalledWith('it-CH');
    // what the page writes then makes nothing new
    expect(formatCount('it-CH', 20000)).toBe("20'000");
    prepareFormats('it-CH');
    expect(numberFormat).toHaveBeenCalledTimes(1);
    expect(pluralRules).toHaveBeenCalledTimes(1);
  });

  it("made ahead in the browser's language, they leave the session's language its own way of writing numbers", () => {
    // main.tsx makes them in the browser's language; the session then says the user's
    prepareFormats('en-US');
    expect(translate('fr', 'list.total', { count: 20000 })).toBe('20\u202f000 au total');
    expect(translate('pt-BR', 'list.total', { count: 20000 })).toBe('20.000 no total');
    expect(formatCount('en-US', 20000)).toBe('20,000');
  });

  it('a language Intl does not know is made as English, without an error', () => {
    expect(() => prepareFormats('xx-invalid-')).not.toThrow();
    expect(formatCount('xx-invalid-', 1234)).toBe('1,234');
  });
});

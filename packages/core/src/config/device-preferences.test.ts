import { describe, expect, it } from 'vitest';
import { PRESERVED_KEYS, STORAGE_KEYS } from '../session/storage-keys.ts';
import {
  DEVICE_PREFERENCE_KEYS,
  isDevicePreferenceKey,
  languageToShow,
  parseThemePreference,
  parseAcceptLanguage,
  pickSignInLanguage,
  resolveColorScheme,
} from './device-preferences.ts';

describe('device preference keys', () => {
  it('are their own keys, none of the session keys', () => {
    const session = new Set<string>([...Object.values(STORAGE_KEYS), ...PRESERVED_KEYS]);
    for (const key of Object.values(DEVICE_PREFERENCE_KEYS)) expect(session.has(key)).toBe(false);
  });
  it.each([
    ['PORTICO_THEME', true],
    ['PORTICO_LANGUAGE', true],
    ['PORTICO_CLIENT_ID', true],
    ['ACCESS_TOKEN', false],
    ['portico_theme', false],
    ['', false],
  ])('%s kept at logout: %s', (key, kept) => {
    expect(isDevicePreferenceKey(key)).toBe(kept);
  });
});

describe('theme preference', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'system'],
    [null, 'system'],
    [undefined, 'system'],
    ['DARK', 'system'],
    [1, 'system'],
  ])('%j reads as %s', (value, preference) => {
    expect(parseThemePreference(value)).toBe(preference);
  });

  it.each([
    ['system', false, 'light'],
    ['system', true, 'dark'],
    ['light', true, 'light'],
    ['light', false, 'light'],
    ['dark', false, 'dark'],
    ['dark', true, 'dark'],
  ] as const)(
    '%s with the system preferring dark = %s shows %s',
    (preference, systemDark, scheme) => {
      expect(resolveColorScheme(preference, systemDark)).toBe(scheme);
    },
  );
});

describe('pickSignInLanguage', () => {
  it.each<[string | null | undefined, string[], string]>([
    ['fr', ['es-ES'], 'fr'], // the last one used on this device wins
    ['pt-BR', [], 'pt-BR'],
    ['de', ['es'], 'es'], // an unsupported stored value is ignored
    [null, ['es-MX', 'en'], 'es'],
    [undefined, ['pt-BR'], 'pt-BR'],
    [null, ['pt'], 'pt-BR'],
    [null, ['pt-PT'], 'pt-BR'],
    [null, ['PT-br'], 'pt-BR'],
    [null, ['fr-CA'], 'fr'],
    [null, ['de-DE', 'it-CH'], 'it'],
    [null, ['de-DE', 'ja'], 'en'],
    [null, [], 'en'],
    ['', [''], 'en'],
  ])('stored %j, browser %j → %s', (stored, browser, language) => {
    expect(pickSignInLanguage(stored, browser)).toBe(language);
  });
});

describe('parseAcceptLanguage', () => {
  it.each<[string | null | undefined, string[]]>([
    [undefined, []],
    ['', []],
    ['es', ['es']],
    ['es-MX,es;q=0.9,en;q=0.8', ['es-MX', 'es', 'en']],
    ['en;q=0.5, fr', ['fr', 'en']], // by weight, not by place
    ['it;q=0.8, de;q=0.8, fr;q=0.9', ['fr', 'it', 'de']], // ties keep the header's order
    ['fr;q=0, es', ['es']], // q=0: not this one
    ['*, pt-BR;q=0.5', ['pt-BR']], // the wildcard names no language
    ['es;q=2, it', ['it']], // a weight out of range counts as q=0
    ['es;q=abc, it;q=0.1', ['it']],
    ['<script>, pt', ['pt']], // not a language tag
    ['  fr-CA ;  q=0.7 ', ['fr-CA']],
    ['en;Q=0.4,es;q=0.6', ['es', 'en']],
    ['fr;level=1, en;q=0.5', ['fr', 'en']], // a parameter that is not q changes nothing
    ['fr;q, en', ['en']], // q without a value counts as q=0
  ])('%j → %j', (header, languages) => {
    expect(parseAcceptLanguage(header)).toEqual(languages);
  });

  it.each<[string, string]>([
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['de-DE,de;q=0.9,pt;q=0.8', 'pt-BR'],
    ['en;q=0.5, fr', 'fr'],
    ['de, ja', 'en'],
  ])('with pickSignInLanguage, %j → %s', (header, language) => {
    expect(pickSignInLanguage(null, parseAcceptLanguage(header))).toBe(language);
  });
});

describe('the language shown once a session loads', () => {
  it.each([
    // sessionLoaded, session language, shown now, switch to
    [true, 'en', 'es', 'en'], // a Spanish browser, an English user: English at once
    [true, 'fr', 'en', 'fr'],
    [true, 'pt-BR', 'es', 'pt-BR'],
    [true, 'es', 'es', null], // already shown
    [true, 'en', 'en', null],
    [true, 'de', 'es', 'en'], // unknown: English (spec §5)
    [true, undefined, 'it', 'en'],
    [true, 'de', 'en', null],
    [false, 'en', 'es', null], // no session (sign-in page, after a sign-out): the shown one stays
    [false, 'fr', 'en', null],
  ] as const)(
    'loaded %s, user %s, shown %s → %s',
    (sessionLoaded, sessionLanguage, shown, expected) => {
      expect(languageToShow({ sessionLoaded, sessionLanguage, shown })).toBe(expected);
    },
  );
});

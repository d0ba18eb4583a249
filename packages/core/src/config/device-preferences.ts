/**
 * Preferences of this device rather than of the user: the colour scheme
 * override and the language last used on the sign-in page. They are kept in local storage under
 * their own keys, which logout's clear keeps like the spec's preserved keys (they hold no session data).
 */
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from './formats.ts';

/** Local-storage keys of the device preferences. */
export const DEVICE_PREFERENCE_KEYS = {
  /** `light`, `dark` or `system`. */
  theme: 'PORTICO_THEME',
  /** The language last used in this browser (sign-in page, settings). */
  language: 'PORTICO_LANGUAGE',
  /**
   * This browser's fingerprint hash (the `clientId` header, spec §7), with the user agent it was
   * taken under: a property of the device, computed once rather than on every page load.
   */
  clientId: 'PORTICO_CLIENT_ID',
} as const;

/** True for a device-preference key (logout's clear keeps it). */
export function isDevicePreferenceKey(key: string): boolean {
  return (Object.values(DEVICE_PREFERENCE_KEYS) as string[]).includes(key);
}

/** The colour scheme settings: follow the system, or force one. */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
/** One of {@link THEME_PREFERENCES}. */
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
/** A colour scheme actually shown. */
export type ColorScheme = 'light' | 'dark';

/** A stored value as a preference; anything unknown (or nothing) is `system`. */
export function parseThemePreference(value: unknown): ThemePreference {
  return (THEME_PREFERENCES as readonly unknown[]).includes(value)
    ? (value as ThemePreference)
    : 'system';
}

/** The scheme to show: the forced one, else the system's (`prefers-color-scheme`). */
export function resolveColorScheme(
  preference: ThemePreference,
  systemPrefersDark: boolean,
): ColorScheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/**
 * The sign-in page's language: the one last used on this device when it is supported, else the
 * first of the browser's languages we have (exact tag, then its base: `pt` and `pt-PT` → `pt-BR`,
 * `fr-CA` → `fr`), else English.
 */
export function pickSignInLanguage(
  stored: string | null | undefined,
  browserLanguages: readonly string[],
): Language {
  const supported = SUPPORTED_LANGUAGES as readonly string[];
  if (stored && supported.includes(stored)) return stored as Language;
  for (const tag of browserLanguages) {
    const exact = supported.find((code) => code.toLowerCase() === tag.toLowerCase());
    if (exact) return exact as Language;
    const base = tag.split('-')[0]?.toLowerCase();
    const byBase = supported.find((code) => code.split('-')[0]?.toLowerCase() === base);
    if (byBase) return byBase as Language;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The languages of an HTTP `Accept-Language` header, most wanted first (RFC 9110 §12.5.4): ties keep
 * the header's order, `q=0` means "not this one", `*` and malformed entries are left out. The
 * services give the result to {@link pickSignInLanguage} to choose the pre-rendered sign-in page,
 * so that it is the language the page itself would choose from `navigator.languages`.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranked: { tag: string; q: number; index: number }[] = [];
  header.split(',').forEach((part, index) => {
    const [rawTag = '', ...params] = part.split(';');
    const tag = rawTag.trim();
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((piece) => piece.trim());
      if (name?.toLowerCase() !== 'q') continue;
      q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
    }
    if (q > 0) ranked.push({ tag, q, index });
  });
  return ranked.sort((a, b) => b.q - a.q || a.index - b.index).map((entry) => entry.tag);
}

/** What {@link languageToShow} needs: the session's configuration and the language on screen. */
export interface LanguageToShowInput {
  /** True once a session's configuration is loaded (false before sign-in and after sign-out). */
  readonly sessionLoaded: boolean;
  /** The session's language (the user's inherited `language` field, resolved). */
  readonly sessionLanguage: unknown;
  /** The language the console shows now (the sign-in page's: this device's or the browser's). */
  readonly shown: string;
}

/**
 * The language the console switches to, or null to keep the one shown. Once a session is loaded,
 * the user's language wins over the sign-in page's (the device's last or the browser's), whatever
 * the store held before; without a session (the sign-in page, after a sign-out) the shown language
 * stays. An unknown session language is English (spec §5 "Language defaults to en").
 */
export function languageToShow(input: LanguageToShowInput): Language | null {
  if (!input.sessionLoaded) return null;
  const wanted = (SUPPORTED_LANGUAGES as readonly unknown[]).includes(input.sessionLanguage)
    ? (input.sessionLanguage as Language)
    : DEFAULT_LANGUAGE;
  return wanted === input.shown ? null : wanted;
}

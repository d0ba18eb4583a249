// The translation keys, derived from en.json (the excalidraw `NestedKeyOf<typeof en>`
// pattern). i18next's own typing (i18next.d.ts) checks every t('…') call; this names the same set
// for code that passes keys around (the sign-in page's translator, route labels).
import type en from './locales/en.json';

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** `items_one` / `items_other` are one key for the code, `items` (i18next picks the form from `count`). */
type WithoutPlural<Key extends string> = Key extends `${infer Base}_ordinal_${PluralSuffix}`
  ? Base
  : Key extends `${infer Base}_${PluralSuffix}`
    ? Base
    : Key;

/** The dotted path of every string in `T`, objects walked, e.g. `login.username`, `settings.regions.Asia`. */
export type NestedKeyOf<T> = {
  [K in keyof T & string]: T[K] extends string
    ? WithoutPlural<K>
    : T[K] extends object
      ? `${K}.${NestedKeyOf<T[K]>}`
      : never;
}[keyof T & string];

/** A key of en.json, hence of every locale (locales.test.ts keeps the other four equal to it). */
export type TranslationKey = NestedKeyOf<typeof en>;

/**
 * The one place a key built from data becomes a TranslationKey: a route's `labelKey` or a tab's
 * `tabs.<name>` from @portico/core, which cannot import the console's messages.
 * keys.test.ts checks that every label key core can produce is in en.json.
 */
export function routeLabelKey(key: string): TranslationKey {
  return key as TranslationKey;
}

/**
 * The name of a permission resource of core's catalog (`zonetype` → "Zone type"): keys.test.ts
 * checks every resource of PERMISSION_CATALOG has one.
 */
export function permissionNameKey(resource: string): TranslationKey {
  return `settings.apiKeys.resources.${resource}` as TranslationKey;
}

/** The name of a plain permission string of core's catalog (`edge:x` → "Edge module"). */
export function permissionSwitchKey(permission: string): TranslationKey {
  return `settings.apiKeys.switches.${permission.replace(/:x$/, '')}` as TranslationKey;
}

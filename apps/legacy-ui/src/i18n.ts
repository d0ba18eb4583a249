// The legacy UI's own strings in the shell's five languages, one file per language in locales/.
// Tenant vocabulary (vizixVocabularyLabel*) overrides resource names on top of these (labelling.ts,
// by @portico/core's resolveTenantLabel).
//
// Terms follow the console's own locales (apps/console/src/i18n/locales/*.json): things = Cosas / Coisas /
// Objets / Oggetti, reports = Informes / Relatórios / Rapports / Report, and so on. Address forms follow them
// too: usted (es), você (pt-BR), vous (fr), tu (it). i18n-complete.test.ts fails on a missing key.
// In form.create / form.edit / form.view, {resource} is the singular concept word (ours or the
// tenant's), lower-cased unless it is an acronym. The rule for titles (form-title.test.ts pins it):
// in en, es, it and pt-BR the word follows the verb as a common noun with no article ("Edit
// asset", "Editar activo", "Modifica bene"); French cannot put a bare noun after a verb, and the
// article's gender is not known for a tenant's word, so in French the concept leads the title and
// the action follows as a noun ("Actif : modification", "Zone : création").
//
// English is in the frame's own script (the reference table, and the words shown while another
// language arrives); each other language is a chunk of its own, fetched once the session says which
// one the user reads (loadLanguage), so a session never downloads the four it does not read.
import enMessages from './locales/en.json';

/** English: the reference table; its keys are the message keys. */
export const en = enMessages;

/** A key of the legacy UI's strings: en.json's keys (flat, so `keyof` is the whole derivation). */
export type MessageKey = keyof typeof en;
type Messages = Readonly<Record<MessageKey, string>>;

/**
 * A translation with exactly en.json's keys: a missing key, or one en.json does not have, is a
 * type error here (i18n-complete.test.ts checks the same at run time, and more).
 */
export function locale<T extends Messages>(
  messages: T & Record<Exclude<keyof T, MessageKey>, never>,
): Messages {
  return messages;
}

/** The other languages' catalogs, each fetched on first use. */
const LOADERS: Readonly<Record<string, () => Promise<Messages>>> = {
  es: () => import('./locales/es.json').then((module) => locale(module.default)),
  'pt-BR': () => import('./locales/pt-BR.json').then((module) => locale(module.default)),
  fr: () => import('./locales/fr.json').then((module) => locale(module.default)),
  it: () => import('./locales/it.json').then((module) => locale(module.default)),
};

/** The one check for a key built at run time (`enum.${value}`): true when en.json has it. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** The `one.<name>` keys: the resource names that have a singular label. */
export type OneLabelName = MessageKey extends infer Key
  ? Key extends `one.${infer Name}`
    ? Name
    : never
  : never;

const catalogs: Record<string, Messages> = { en };

/** The catalog `language` reads from (itself or its base language); null for English or unknown. */
function catalogName(language: string): string | null {
  if (language in LOADERS) return language;
  const base = language.split('-')[0] ?? '';
  return base in LOADERS ? base : null;
}

/** Makes `messages` the catalog of `language` now (tests, which have every catalog at hand). */
export function registerLanguage(language: string, messages: Messages): void {
  catalogs[language] = messages;
}

/**
 * Fetches the catalog of `language` unless it is here already (English always is). Resolves when
 * translate() has it; when it cannot be fetched, resolves too, and English stands in.
 */
export function loadLanguage(language: string): Promise<void> {
  const name = catalogName(language);
  const load = name === null ? undefined : LOADERS[name];
  if (name === null || !load || catalogs[name]) return Promise.resolve();
  return load().then(
    (messages) => registerLanguage(name, messages),
    (error: unknown) => console.warn(`legacy-ui: the ${name} strings could not be loaded`, error),
  );
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number as people of `language` write it ("20,000", "20 000", "20.000"). */
export function formatCount(language: string, value: number): string {
  let format = numberFormats.get(language);
  if (!format) {
    try {
      format = new Intl.NumberFormat(language);
    } catch {
      format = new Intl.NumberFormat('en');
    }
    numberFormats.set(language, format);
  }
  return format.format(value);
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of `count` in `language` (CLDR: "one", "few", "many", "other"…). */
export function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * Makes `language`'s number format and plural rules now. The first Intl.NumberFormat of a page costs
 * 1.5–2.5 ms in Chromium 156 (later ones about 0.1 ms, whatever their language): made while the frame
 * waits for its session, not when its first page writes "20,000 things".
 */
export function prepareFormats(language: string): void {
  formatCount(language, 0);
  pluralCategory(language, 0);
}

/** The index of the brace closing the one at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '{') depth += 1;
    else if (text[index] === '}') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/**
 * The options of an ICU plural (`=0 {none} one {# record} other {# records}`), by selector;
 * null when malformed.
 */
function pluralOptions(body: string): Map<string, string> | null {
  const options = new Map<string, string>();
  let index = 0;
  while (index < body.length) {
    const selector = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(body.slice(index));
    if (!selector) return body.slice(index).trim() === '' ? options : null;
    const open = index + selector[0].length - 1;
    const close = closingBrace(body, open);
    if (close < 0) return null;
    options.set(selector[1] ?? '', body.slice(open + 1, close));
    index = close + 1;
  }
  return options;
}

/**
 * Fills a message: `{name}` placeholders, and ICU plurals `{count, plural, one {# record} other
 * {# records}}` chosen by the language's own plural rules (Intl.PluralRules: Polish-style "few" and
 * "many" work as well as English "one"/"other"); `=N` options win over categories; `#` is the count
 * written the language's way. A placeholder with no value is left as written.
 */
export function formatMessage(
  language: string,
  template: string,
  values: Record<string, string | number> = {},
): string {
  let text = '';
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf('{', index);
    if (open < 0) {
      text += template.slice(index);
      break;
    }
    text += template.slice(index, open);
    const close = closingBrace(template, open);
    if (close < 0) {
      text += template.slice(open);
      break;
    }
    const inner = template.slice(open + 1, close);
    const plural = /^\s*(\w+)\s*,\s*plural\s*,/.exec(inner);
    const simple = /^(\w+)$/.exec(inner);
    const options = plural ? pluralOptions(inner.slice(plural[0].length)) : null;
    const value = values[(plural ?? simple)?.[1] ?? ''];
    if (plural && options && typeof value === 'number') {
      const chosen =
        options.get(`=${value}`) ??
        options.get(pluralCategory(language, value)) ??
        options.get('other') ??
        '';
      text += formatMessage(language, chosen.replaceAll('#', formatCount(language, value)), values);
    } else if (simple && value !== undefined) {
      text += typeof value === 'number' ? formatCount(language, value) : String(value);
    } else {
      text += template.slice(open, close + 1);
    }
    index = close + 1;
  }
  return text;
}

/**
 * Translates `key` into `language` (English when missing) and fills it ({@link formatMessage}): a
 * number is written in the language's own way ("20 000 au total", not "20000 au total").
 */
export function translate(
  language: string,
  key: MessageKey,
  values: Record<string, string | number> = {},
): string {
  const template =
    catalogs[language]?.[key] ?? catalogs[language.split('-')[0] ?? '']?.[key] ?? en[key];
  return formatMessage(language, template, values);
}

/** A list as the language writes it: "Dock 1, Dock 2 and 3 more", "Dock 1, Dock 2 et 3 autres". */
export function formatList(language: string, items: readonly string[]): string {
  try {
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** A translate function bound to one language. */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** Binds {@link translate} to `language`. */
export function translator(language: string): Translate {
  return (key, values) => translate(language, key, values);
}

// The legacy UI's own strings in the shell's five languages, one file per language in locales/.
// Tenant vocabulary (vizixVocabularyLabel*) overrides resource names on top of these (see vocabulary.ts).
//
// Terms follow the console's own locales (apps/console/src/i18n/locales/*.json): things = Cosas / Coisas /
// Objets / Oggetti, reports = Informes / Relatórios / Rapports / Report, and so on. Address forms follow them
// too: usted (es), você (pt-BR), vous (fr), tu (it). i18n-complete.test.ts fails on a missing key.
// In form.create / form.edit / form.view, {resource} is the plural list label (or the tenant's
// vocabulary), so no article or gender agreement.
import enMessages from './locales/en.json';
import esMessages from './locales/es.json';
import ptBRMessages from './locales/pt-BR.json';
import frMessages from './locales/fr.json';
import itMessages from './locales/it.json';

/** English: the reference table; its keys are the message keys. */
export const en = enMessages;

/** A key of the legacy UI's strings. */
export type MessageKey = keyof typeof en;
type Messages = Partial<Record<MessageKey, string>>;

/** Spanish. */
export const es: Messages = esMessages;
/** Brazilian Portuguese. */
export const ptBR: Messages = ptBRMessages;
/** French. */
export const fr: Messages = frMessages;
/** Italian. */
export const it: Messages = itMessages;

const catalogs: Record<string, Messages> = { en, es, 'pt-BR': ptBR, fr, it };

/** Translates `key` into `language` (English when missing) and fills `{name}` placeholders. */
export function translate(language: string, key: MessageKey, values: Record<string, string | number> = {}): string {
  const template = catalogs[language]?.[key] ?? catalogs[language.split('-')[0] ?? '']?.[key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

/** A translate function bound to one language. */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** Binds {@link translate} to `language`. */
export function translator(language: string): Translate {
  return (key, values) => translate(language, key, values);
}

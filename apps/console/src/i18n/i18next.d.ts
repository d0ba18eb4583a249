// Types every t('…') call against en.json (i18next's CustomTypeOptions): a misspelt
// or removed key is a type error. en.json is the reference; locales.test.ts keeps the others equal.
import 'i18next';
import type en from './locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    returnNull: false;
  }
}

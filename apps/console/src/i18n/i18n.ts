// Languages (spec §2): bundled JSON, English always loaded, the chosen language merged on top.
// Non-English bundles are separate chunks loaded on demand, so the login page carries only English.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  DEVICE_PREFERENCE_KEYS,
  isSupportedLanguage,
  type Language,
} from '@portico/core';
import { setLocal } from '../session/browser-storage.ts';
import en from './locales/en.json';

export type Messages = typeof en;

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: unknown }>> = {
  es: () => import('./locales/es.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
  fr: () => import('./locales/fr.json'),
  it: () => import('./locales/it.json'),
};

export const i18n: I18n = i18next.createInstance();

export async function initI18n(language: string = DEFAULT_LANGUAGE): Promise<I18n> {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await setLanguage(language);
  return i18n;
}

/** Switches the UI language; unknown codes fall back to English (spec §5 "Language defaults to en"). */
let latestLanguage: Language | null = null;

export async function setLanguage(language: string): Promise<Language> {
  const target: Language = isSupportedLanguage(language) ? language : DEFAULT_LANGUAGE;
  latestLanguage = target;
  if (target !== 'en' && !i18n.hasResourceBundle(target, 'translation')) {
    const bundle = await loaders[target]();
    // deep merge over English: a missing key in the chosen language still shows English
    i18n.addResourceBundle(target, 'translation', bundle.default, true, true);
    // another language was asked for while this one loaded: the last request wins
    if (latestLanguage !== target) return latestLanguage ?? target;
  }
  await i18n.changeLanguage(target);
  document.documentElement.lang = target;
  // the next sign-in page on this device speaks it too
  setLocal(DEVICE_PREFERENCE_KEYS.language, target);
  return target;
}

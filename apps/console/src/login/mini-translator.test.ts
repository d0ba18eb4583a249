import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import type { TranslationKey } from '../i18n/keys.ts';
import { createMiniTranslator } from './mini-translator.ts';

describe('the light sign-in translator', () => {
  const t = createMiniTranslator(en);
  it('reads nested keys and fills {{placeholders}} as i18next does', () => {
    expect(t('login.submit')).toBe('Sign in');
    expect(t('login.throttled', { seconds: 30 })).toBe(
      'Too many sign-in attempts. Try again in 30 seconds.',
    );
  });
  it('answers the key itself for an unknown key, like i18next', () => {
    // a key outside en.json is a type error; at run time it is answered as i18next does
    expect(t('login.nope' as TranslationKey)).toBe('login.nope');
    expect(t('login' as TranslationKey)).toBe('login');
  });
});

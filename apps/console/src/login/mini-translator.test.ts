import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import { createMiniTranslator } from './mini-translator.ts';

describe('the light sign-in translator', () => {
  const t = createMiniTranslator(en);
  it('reads nested keys and fills {{placeholders}} as i18next does', () => {
    expect(t('login.submit')).toBe('Sign in');
    expect(t('login.throttled', { seconds: 30 })).toBe('Too many sign-in attempts. Try again in 30 seconds.');
  });
  it('answers the key itself for an unknown key, like i18next', () => {
    expect(t('login.nope')).toBe('login.nope');
    expect(t('login')).toBe('login');
  });
});

// The sign-in page's language, read before React (boot.ts) and by the light sign-in entry.
import { DEVICE_PREFERENCE_KEYS, pickSignInLanguage, type Language } from '@portico/core';
import { getLocal } from '../session/browser-storage.ts';

/** The sign-in page's language: the last one used on this device, else the browser's. */
export function signInLanguage(): Language {
  return pickSignInLanguage(
    getLocal(DEVICE_PREFERENCE_KEYS.language),
    typeof navigator === 'undefined' ? [] : navigator.languages,
  );
}

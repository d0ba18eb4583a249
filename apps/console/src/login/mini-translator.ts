// A small translator for the light sign-in entry: English messages with {{name}} placeholders,
// the same files i18next reads after sign-in. It keeps i18next out of the sign-in bundle.
import type { Translate } from './login-page.tsx';

export function createMiniTranslator(messages: Record<string, unknown>): Translate {
  return (key, options = {}) => {
    let value: unknown = messages;
    for (const part of key.split('.'))
      value =
        typeof value === 'object' && value !== null
          ? (value as Record<string, unknown>)[part]
          : undefined;
    if (typeof value !== 'string') return key;
    return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) =>
      name in options ? String(options[name]) : '',
    );
  };
}

/** `over` merged onto `base`, key by key (the translated file over English, like i18next's deep merge). */
export function mergeMessages(
  base: Record<string, unknown>,
  over: unknown,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  if (typeof over !== 'object' || over === null || Array.isArray(over)) return result;
  for (const [key, value] of Object.entries(over)) {
    const current = result[key];
    result[key] =
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      typeof current === 'object' &&
      current !== null
        ? mergeMessages(current as Record<string, unknown>, value)
        : value;
  }
  return result;
}

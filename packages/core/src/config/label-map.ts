/**
 * A label map: a JSON object from language to label, as vocabulary labels (spec §3 "Group fields")
 * and application tabs hold them.
 */
import { SUPPORTED_LANGUAGES, isSupportedLanguage } from './formats.ts';

/** The longest vocabulary label, in characters. */
export const MAX_LABEL_LENGTH = 80;

/**
 * A group field's value as data: JSON text parsed, anything else (an object the caller already
 * has) as it is; `{ ok: false }` for text that is not JSON.
 */
export function parseJson(value: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof value !== 'string') return { ok: true, value };
  try {
    return { ok: true, value: JSON.parse(value) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * A vocabulary label map: a JSON object from known languages (en, es, pt-BR, fr, it) to non-empty
 * labels of at most {@link MAX_LABEL_LENGTH} characters, at least one of them. Accepts the object
 * or its JSON text; answers the map with trimmed labels in the languages' order.
 */
export function parseLabelMap(
  value: unknown,
): { ok: true; labels: Record<string, string> } | { ok: false; message: string } {
  const parsed = parseJson(value);
  if (!parsed.ok) return { ok: false, message: 'not valid JSON' };
  const map = parsed.value;
  if (typeof map !== 'object' || map === null || Array.isArray(map))
    return { ok: false, message: 'must be a JSON object from language to label' };
  const entries = Object.entries(map as Record<string, unknown>);
  const unknown = entries.map(([key]) => key).filter((key) => !isSupportedLanguage(key));
  if (unknown.length > 0)
    return {
      ok: false,
      message: `unknown language ${unknown.join(', ')} (known: ${SUPPORTED_LANGUAGES.join(', ')})`,
    };
  const labels: Record<string, string> = {};
  for (const language of SUPPORTED_LANGUAGES) {
    const label = (map as Record<string, unknown>)[language];
    if (label === undefined) continue;
    if (typeof label !== 'string' || label.trim() === '')
      return { ok: false, message: `the ${language} label must be non-empty text` };
    if (label.trim().length > MAX_LABEL_LENGTH)
      return {
        ok: false,
        message: `the ${language} label is longer than ${MAX_LABEL_LENGTH} characters`,
      };
    labels[language] = label.trim();
  }
  if (Object.keys(labels).length === 0)
    return { ok: false, message: 'must hold a label for at least one language' };
  return { ok: true, labels };
}

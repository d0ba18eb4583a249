import { DEFAULT_LANGUAGE, DEFAULT_TIME_ZONE, isSupportedLanguage, isValidTimeZone, type Language } from './formats.ts';

/** One inherited field as the API answers it (spec §3 "User field (inherited)"). */
export interface InheritedFieldValue {
  value?: unknown;
  parentValue?: unknown;
}

/**
 * Parses a field value that may hold JSON (spec §3: "Values may be JSON strings and are parsed").
 * Only JSON objects, arrays and quoted strings are parsed; other text (such as "30" or "true")
 * stays text, and malformed JSON stays the original string. Never throws.
 */
export function parseFieldValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!/^[[{"]/.test(text)) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/**
 * The effective values of an inherited-field map: each field's own value, else its parent value,
 * JSON-parsed. Fields with neither are left out.
 */
export function parseInheritedFields(fields: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return result;
  for (const [name, field] of Object.entries(fields as Record<string, unknown>)) {
    if (typeof field !== 'object' || field === null || Array.isArray(field)) continue;
    const { value, parentValue } = field as InheritedFieldValue;
    const effective = value ?? parentValue;
    if (effective === undefined || effective === null || effective === '') continue;
    result[name] = parseFieldValue(effective);
  }
  return result;
}

/** The candidates of spec §5 time-zone resolution, in order. */
export interface TimeZoneCandidates {
  userValue?: unknown;
  parentValue?: unknown;
  groupValue?: unknown;
}

/**
 * Spec §5: user value, then the inherited parent value, then the group field, then EST5EDT.
 * A candidate that is not a known time zone is skipped.
 */
export function resolveTimeZone(candidates: TimeZoneCandidates): string {
  for (const candidate of [candidates.userValue, candidates.parentValue, candidates.groupValue]) {
    if (isValidTimeZone(candidate)) return candidate;
  }
  return DEFAULT_TIME_ZONE;
}

/** Spec §5: one of the five supported languages, else en. */
export function resolveLanguage(...candidates: unknown[]): Language {
  for (const candidate of candidates) if (isSupportedLanguage(candidate)) return candidate;
  return DEFAULT_LANGUAGE;
}

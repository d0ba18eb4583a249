import {
  DEFAULT_CALENDAR_FORMAT,
  DEFAULT_DATE_FORMAT,
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  isCalendarFormat,
  isDateFormat,
  isSupportedLanguage,
  isValidTimeZone,
  type CalendarFormat,
  type DateFormat,
  type Language,
} from './formats.ts';

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

/**
 * The date format in force: the first known format among the candidates (the user's own value,
 * then the user field, then the group field), else the default. Unknown values are skipped.
 */
export function resolveDateFormat(...candidates: unknown[]): DateFormat {
  return candidates.find(isDateFormat) ?? DEFAULT_DATE_FORMAT;
}

/** The calendar (clock) format in force, resolved like {@link resolveDateFormat}. */
export function resolveCalendarFormat(...candidates: unknown[]): CalendarFormat {
  return candidates.find(isCalendarFormat) ?? DEFAULT_CALENDAR_FORMAT;
}

/**
 * The user's hidden tabs (spec §3, §6): the user's own list when it has one, else the inherited
 * `hiddenTabs` field (already JSON-parsed), else none. Non-text entries are dropped.
 */
export function resolveHiddenTabs(userValue: unknown, fieldValue: unknown): string[] {
  const list = Array.isArray(userValue) ? userValue : Array.isArray(fieldValue) ? fieldValue : [];
  return list.filter((tab): tab is string => typeof tab === 'string');
}

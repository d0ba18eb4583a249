/**
 * Known configuration values shared by the console and the services (spec §3, §5, §9).
 */

/** The five supported languages (spec §2, §9). */
export const SUPPORTED_LANGUAGES = ['en', 'es', 'pt-BR', 'fr', 'it'] as const;
/** A supported language code. */
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** Default language (spec §5, §9). */
export const DEFAULT_LANGUAGE: Language = 'en';
/** Default time zone when neither user nor group sets one (spec §5, §9). */
export const DEFAULT_TIME_ZONE = 'EST5EDT';

/** Date formats a user may choose (`dateFormatConfiguration`); tokens as in day.js / moment. */
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY'] as const;
/** A known date format. */
export type DateFormat = (typeof DATE_FORMATS)[number];
/** Default date format. */
export const DEFAULT_DATE_FORMAT: DateFormat = 'MM/DD/YYYY';

/** Calendar (clock) formats a user may choose (`calendarFormatConfiguration`). */
export const CALENDAR_FORMATS = ['12h', '24h'] as const;
/** A known calendar format. */
export type CalendarFormat = (typeof CALENDAR_FORMATS)[number];
/** Default calendar format. */
export const DEFAULT_CALENDAR_FORMAT: CalendarFormat = '12h';

/** True for one of {@link SUPPORTED_LANGUAGES}. */
export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** True for one of {@link DATE_FORMATS}. */
export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value);
}

/** True for one of {@link CALENDAR_FORMATS}. */
export function isCalendarFormat(value: unknown): value is CalendarFormat {
  return typeof value === 'string' && (CALENDAR_FORMATS as readonly string[]).includes(value);
}

/**
 * True when `value` names a time zone the runtime's ICU knows (an IANA zone such as
 * `America/Chicago`, or a POSIX-style legacy zone such as `EST5EDT`).
 */
export function isValidTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

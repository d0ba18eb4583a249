/**
 * @portico/core: the pure rules of the Portico console (DESIGN.md §2).
 * Explicit named re-exports only.
 */
export {
  PERMISSION_LETTERS,
  createPermissionSet,
  hasPermission,
  parsePermission,
} from './permissions/permission-string.ts';
export type { ParsedPermission, PermissionLetter, PermissionSet } from './permissions/permission-string.ts';
export {
  CALENDAR_FORMATS,
  DATE_FORMATS,
  DEFAULT_CALENDAR_FORMAT,
  DEFAULT_DATE_FORMAT,
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  SUPPORTED_LANGUAGES,
  isCalendarFormat,
  isDateFormat,
  isSupportedLanguage,
  isValidTimeZone,
} from './config/formats.ts';
export type { CalendarFormat, DateFormat, Language } from './config/formats.ts';

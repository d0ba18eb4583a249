// Times in the shell's time zone, date format and calendar (12h/24h) format.

/** How the shell wants times shown. */
export interface DateTimePreferences {
  timeZone: string;
  dateFormat: string;
  calendarFormat: string;
}

// Building an Intl.DateTimeFormat costs far more than using one (it was most of a list page's
// render: one per date cell), so each (zone, hour cycle) gets one, kept for the page's life.
const formatters = new Map<string, Intl.DateTimeFormat>();
const FORMATTER_LIMIT = 64; // zones a page can meet are few; this only bounds a hostile stream

function formatterFor(timeZone: string, hour12: boolean): Intl.DateTimeFormat {
  const key = `${hour12 ? 'h12' : 'h23'} ${timeZone}`;
  let formatter = formatters.get(key);
  if (formatter) return formatter;
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: hour12 ? 'h12' : 'h23',
  };
  try {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    // An unknown zone from a real platform must not break the page; UTC is at least unambiguous.
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
  }
  if (formatters.size >= FORMATTER_LIMIT) formatters.clear();
  formatters.set(key, formatter);
  return formatter;
}

function parts(date: Date, timeZone: string, hour12: boolean): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of formatterFor(timeZone, hour12).formatToParts(date))
    result[part.type] = part.value;
  return result;
}

/**
 * Formats an epoch-millisecond or ISO timestamp, e.g. `21/11/2024 14:05` (DD/MM/YYYY, 24h) or
 * `11/21/2024 2:05 PM` (MM/DD/YYYY, 12h). Empty string for a missing or invalid value.
 */
export function formatDateTime(value: unknown, preferences: DateTimePreferences): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(
    typeof value === 'number' || typeof value === 'string' ? value : Number.NaN,
  );
  if (Number.isNaN(date.getTime())) return '';
  const hour12 = preferences.calendarFormat === '12h';
  const p = parts(date, preferences.timeZone, hour12);
  const tokens: Record<string, string> = { YYYY: p.year ?? '', MM: p.month ?? '', DD: p.day ?? '' };
  const known = /^(YYYY|MM|DD)([-/.])(YYYY|MM|DD)\2(YYYY|MM|DD)$/.test(preferences.dateFormat);
  const dateText = (known ? preferences.dateFormat : 'MM/DD/YYYY').replace(
    /YYYY|MM|DD/g,
    (token) => tokens[token] ?? token,
  );
  const hour = hour12 ? String(Number(p.hour)) : (p.hour ?? '');
  return `${dateText} ${hour}:${p.minute ?? ''}${hour12 ? ` ${p.dayPeriod ?? ''}` : ''}`;
}

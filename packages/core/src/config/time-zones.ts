/**
 * Time zones for the settings picker and the date/time preview: grouping by
 * region, the current UTC offset of a zone, and the user's date and clock formats applied to a date
 * (the settings preview and the legacy UI's list cells). Pure: the only input besides the arguments
 * is the JavaScript engine's time-zone data (Intl); formatDateTime keeps the formatters it built,
 * which changes no answer.
 */

/** The IANA areas a zone id may start with; anything else (UTC, EST5EDT, Etc/…) is "Other". */
export const TIME_ZONE_REGIONS = [
  'Africa',
  'America',
  'Antarctica',
  'Arctic',
  'Asia',
  'Atlantic',
  'Australia',
  'Europe',
  'Indian',
  'Pacific',
] as const;

/** A region of {@link TIME_ZONE_REGIONS}, or `Other`. */
export type TimeZoneRegion = (typeof TIME_ZONE_REGIONS)[number] | 'Other';

/** One zone of the picker. */
export interface TimeZoneOption {
  /** The zone id, e.g. `America/Argentina/Buenos_Aires`. */
  readonly id: string;
  /** Minutes east of UTC at the reference date (daylight saving included). */
  readonly offsetMinutes: number;
  /** `UTC+05:30`, `UTC-03:00`, `UTC` at the reference date. */
  readonly offset: string;
  /** The id for people: the place after the region, underscores as spaces (`Argentina / Buenos Aires`). */
  readonly place: string;
}

/** The zones of one region, sorted by offset then place. */
export interface TimeZoneGroup {
  readonly region: TimeZoneRegion;
  readonly zones: readonly TimeZoneOption[];
}

/** The region a zone id belongs to (`Europe/Madrid` → `Europe`, `UTC` → `Other`). */
export function timeZoneRegion(zone: string): TimeZoneRegion {
  const head = zone.slice(0, zone.indexOf('/'));
  return (TIME_ZONE_REGIONS as readonly string[]).includes(head)
    ? (head as TimeZoneRegion)
    : 'Other';
}

/**
 * Minutes east of UTC for `zone` at `date`, or null for a zone the engine does not know.
 * `Asia/Kolkata` → 330, `America/New_York` in January → -300.
 */
export function timeZoneOffsetMinutes(zone: string, date: Date): number | null {
  let text: string;
  try {
    // "1/15/2024, GMT+05:30" (or "GMT" for a zero offset)
    text = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).format(
      date,
    );
  } catch {
    return null;
  }
  const offset = text.slice(text.lastIndexOf('GMT') + 3); // '+05:30', '+00:00', or '' (zero) in some engines
  const minutes = Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6));
  return offset.startsWith('-') ? -minutes : minutes;
}

/** `UTC`, `UTC+05:30`, `UTC-03:00` (an ASCII minus, so search can type it). */
export function formatUtcOffset(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function placeOf(zone: string, region: TimeZoneRegion): string {
  const rest = region === 'Other' ? zone : zone.slice(region.length + 1);
  return rest.replace(/_/g, ' ').split('/').join(' / ');
}

/**
 * The picker's groups: every known zone of `zones` (unknown ids are left out; duplicates once) in
 * its region, regions in alphabetical order with `Other` last, zones by offset then place.
 */
export function groupTimeZones(zones: Iterable<string>, date: Date): TimeZoneGroup[] {
  const byRegion = new Map<TimeZoneRegion, TimeZoneOption[]>();
  for (const id of new Set(zones)) {
    const offsetMinutes = timeZoneOffsetMinutes(id, date);
    if (offsetMinutes === null) continue;
    const region = timeZoneRegion(id);
    const list = byRegion.get(region) ?? [];
    list.push({
      id,
      offsetMinutes,
      offset: formatUtcOffset(offsetMinutes),
      place: placeOf(id, region),
    });
    byRegion.set(region, list);
  }
  const order = (region: TimeZoneRegion) => (region === 'Other' ? '\uffff' : region);
  return [...byRegion]
    .sort(([a], [b]) => order(a).localeCompare(order(b)))
    .map(([region, list]) => ({
      region,
      zones: list.sort(
        (a, b) => a.offsetMinutes - b.offsetMinutes || a.place.localeCompare(b.place),
      ),
    }));
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[_/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The groups keeping only zones whose id, place or offset contains every word of `query`
 * (case-, accent- and underscore-insensitive: "buenos aires", "utc+05:30", "europe mad"); a group
 * left empty is dropped. An empty query keeps everything.
 */
export function filterTimeZoneGroups(
  groups: readonly TimeZoneGroup[],
  query: string,
): TimeZoneGroup[] {
  const words = fold(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...groups];
  return groups
    .map((group) => ({
      region: group.region,
      zones: group.zones.filter((zone) => {
        const haystack = `${fold(zone.id)} ${fold(zone.place)} ${zone.offset.toLowerCase()}`;
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((group) => group.zones.length > 0);
}

/** How a user wants dates and times shown (spec §3 user fields). */
export interface DateTimePreferences {
  readonly timeZone: string;
  /** One of the date formats (`MM/DD/YYYY`, `DD.MM.YYYY`, …); anything else reads as `MM/DD/YYYY`. */
  readonly dateFormat: string;
  /** `12h` or `24h`; anything else reads as `24h`. */
  readonly calendarFormat: string;
}

/** Formatters kept at most (zones a page meets are few; this only bounds a hostile stream of them). */
export const DATE_TIME_FORMATTER_LIMIT = 64;

// Building an Intl.DateTimeFormat costs far more than using one (it was most of a list page's
// render: one per date cell), so each (zone, clock) gets one, kept until the limit empties them all.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string, hour12: boolean): Intl.DateTimeFormat {
  const key = `${hour12 ? 'h12' : 'h23'} ${timeZone}`;
  const known = formatters.get(key);
  if (known) return known;
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: hour12 ? 'h12' : 'h23',
  };
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    // An unknown zone (from a real platform) must not break the page; UTC is at least unambiguous.
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
  }
  if (formatters.size >= DATE_TIME_FORMATTER_LIMIT) formatters.clear();
  formatters.set(key, formatter);
  return formatter;
}

/**
 * `value` in the user's zone, date format and clock: `21/11/2024 14:05` (DD/MM/YYYY, 24h) or
 * `11/21/2024 2:05 PM` (MM/DD/YYYY, 12h). `value` is a `Date`, epoch milliseconds or a date text
 * (ISO); anything else, or an invalid date, formats as the empty string (a list cell with no
 * date). An unknown zone formats in UTC rather than failing. Never throws.
 */
export function formatDateTime(value: unknown, preferences: DateTimePreferences): string {
  const date =
    value instanceof Date
      ? value
      : new Date(
          (typeof value === 'number' || typeof value === 'string') && value !== ''
            ? value
            : Number.NaN,
        );
  if (Number.isNaN(date.getTime())) return '';
  const hour12 = preferences.calendarFormat === '12h';
  const p: Record<string, string> = {};
  for (const part of formatterFor(preferences.timeZone, hour12).formatToParts(date))
    p[part.type] = part.value;
  const known = /^(YYYY|MM|DD)([-/.])(YYYY|MM|DD)\2(YYYY|MM|DD)$/.test(preferences.dateFormat);
  const tokens: Record<string, unknown> = { YYYY: p.year, MM: p.month, DD: p.day };
  const dateText = (known ? preferences.dateFormat : 'MM/DD/YYYY').replace(/YYYY|MM|DD/g, (token) =>
    String(tokens[token]),
  );
  const hour = hour12 ? String(Number(p.hour)) : String(p.hour);
  return `${dateText} ${hour}:${String(p.minute)}${hour12 ? ` ${String(p.dayPeriod)}` : ''}`;
}

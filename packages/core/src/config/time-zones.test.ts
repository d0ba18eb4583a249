import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  DATE_TIME_FORMATTER_LIMIT,
  TIME_ZONE_REGIONS,
  filterTimeZoneGroups,
  formatDateTime,
  formatUtcOffset,
  groupTimeZones,
  timeZoneOffsetMinutes,
  timeZoneRegion,
} from './time-zones.ts';

const JANUARY = new Date(Date.UTC(2024, 0, 15, 13, 5));
const JULY = new Date(Date.UTC(2024, 6, 15, 13, 5));

describe('timeZoneRegion', () => {
  it.each([
    ['Europe/Madrid', 'Europe'],
    ['America/Argentina/Buenos_Aires', 'America'],
    ['Pacific/Auckland', 'Pacific'],
    ['Indian/Maldives', 'Indian'],
    ['UTC', 'Other'],
    ['EST5EDT', 'Other'],
    ['Etc/GMT+5', 'Other'],
    ['Europe', 'Other'],
    ['', 'Other'],
  ])('%s → %s', (zone, region) => {
    expect(timeZoneRegion(zone)).toBe(region);
  });
});

describe('timeZoneOffsetMinutes', () => {
  it.each([
    ['UTC', JANUARY, 0],
    ['Asia/Kolkata', JANUARY, 330],
    ['America/New_York', JANUARY, -300],
    ['America/New_York', JULY, -240],
    ['EST5EDT', JULY, -240],
    ['Europe/Madrid', JULY, 120],
    ['Asia/Kathmandu', JANUARY, 345],
    ['America/St_Johns', JANUARY, -210],
    ['Not/AZone', JANUARY, null],
    ['', JANUARY, null],
  ])('%s at %s → %s', (zone, date, minutes) => {
    expect(timeZoneOffsetMinutes(zone, date)).toBe(minutes);
  });
});

describe('formatUtcOffset', () => {
  it.each([
    [0, 'UTC'],
    [330, 'UTC+05:30'],
    [-210, 'UTC-03:30'],
    [-300, 'UTC-05:00'],
    [840, 'UTC+14:00'],
  ])('%i → %s', (minutes, text) => {
    expect(formatUtcOffset(minutes)).toBe(text);
  });
});

describe('groupTimeZones', () => {
  it('groups by region (Other last), sorts by offset then place, drops unknown ids and repeats', () => {
    const groups = groupTimeZones(
      [
        'UTC',
        'Europe/Madrid',
        'America/New_York',
        'Europe/London',
        'Nope/Nowhere',
        'Europe/Madrid',
        'America/Los_Angeles',
        'EST5EDT',
      ],
      JANUARY,
    );
    expect(
      groups.map((group) => [
        group.region,
        group.zones.map((zone) => `${zone.offset} ${zone.place}`),
      ]),
    ).toEqual([
      ['America', ['UTC-08:00 Los Angeles', 'UTC-05:00 New York']],
      ['Europe', ['UTC London', 'UTC+01:00 Madrid']],
      ['Other', ['UTC-05:00 EST5EDT', 'UTC UTC']],
    ]);
  });

  it('names nested places with a slash and spaces', () => {
    const [group] = groupTimeZones(['America/Argentina/Buenos_Aires'], JANUARY);
    expect(group?.zones[0]).toEqual({
      id: 'America/Argentina/Buenos_Aires',
      offsetMinutes: -180,
      offset: 'UTC-03:00',
      place: 'Argentina / Buenos Aires',
    });
  });

  it('keeps every known zone of the engine exactly once, each in its region', () => {
    const all = Intl.supportedValuesOf('timeZone');
    const groups = groupTimeZones(all, JULY);
    const ids = groups.flatMap((group) => group.zones.map((zone) => zone.id));
    expect(ids.sort()).toEqual([...new Set(all)].sort());
    for (const group of groups)
      for (const zone of group.zones) expect(timeZoneRegion(zone.id)).toBe(group.region);
    expect(groups.map((group) => group.region).filter((region) => region !== 'Other')).toEqual(
      TIME_ZONE_REGIONS.filter((region) => groups.some((group) => group.region === region)),
    );
  });
});

describe('filterTimeZoneGroups', () => {
  const groups = groupTimeZones(
    ['America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Europe/Madrid', 'Europe/Paris', 'UTC'],
    JANUARY,
  );
  const ids = (query: string) =>
    filterTimeZoneGroups(groups, query).flatMap((group) => group.zones.map((zone) => zone.id));

  it.each([
    [
      '',
      ['America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Europe/Madrid', 'Europe/Paris', 'UTC'],
    ],
    [
      '   ',
      ['America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Europe/Madrid', 'Europe/Paris', 'UTC'],
    ],
    ['buenos aires', ['America/Argentina/Buenos_Aires']],
    ['Buenos_Aires', ['America/Argentina/Buenos_Aires']],
    ['europe mad', ['Europe/Madrid']],
    ['MADRID', ['Europe/Madrid']],
    ['utc+05:30', ['Asia/Kolkata']],
    ['utc+01', ['Europe/Madrid', 'Europe/Paris']],
    ['nowhere', []],
  ])('%j → %j', (query, expected) => {
    expect(ids(query)).toEqual(expected);
  });

  it('drops regions left empty', () => {
    expect(filterTimeZoneGroups(groups, 'kolkata').map((group) => group.region)).toEqual(['Asia']);
  });

  it('never returns a zone that was not given, and an empty query returns all (property)', () => {
    fc.assert(
      fc.property(fc.string(), (query) => {
        const all = new Set(ids(''));
        return ids(query).every((id) => all.has(id));
      }),
    );
  });
});

describe('formatDateTime', () => {
  it.each([
    [{ timeZone: 'UTC', dateFormat: 'MM/DD/YYYY', calendarFormat: '12h' }, '01/15/2024 1:05 PM'],
    [{ timeZone: 'UTC', dateFormat: 'DD/MM/YYYY', calendarFormat: '24h' }, '15/01/2024 13:05'],
    [
      { timeZone: 'Asia/Tokyo', dateFormat: 'YYYY-MM-DD', calendarFormat: '24h' },
      '2024-01-15 22:05',
    ],
    [
      { timeZone: 'Europe/Berlin', dateFormat: 'DD.MM.YYYY', calendarFormat: '24h' },
      '15.01.2024 14:05',
    ],
    [
      { timeZone: 'America/Chicago', dateFormat: 'MM/DD/YYYY', calendarFormat: '12h' },
      '01/15/2024 7:05 AM',
    ],
    [
      { timeZone: 'Not/AZone', dateFormat: 'MM/DD/YYYY', calendarFormat: '24h' },
      '01/15/2024 13:05',
    ],
    [{ timeZone: 'UTC', dateFormat: 'whatever', calendarFormat: '24h' }, '01/15/2024 13:05'],
  ])('%j → %s', (preferences, text) => {
    expect(formatDateTime(JANUARY, preferences)).toBe(text);
  });
});

describe('formatDateTime input', () => {
  const utc = { timeZone: 'UTC', dateFormat: 'YYYY-MM-DD', calendarFormat: '24h' };
  it.each([
    ['a Date', JANUARY, '2024-01-15 13:05'],
    ['epoch milliseconds', JANUARY.getTime(), '2024-01-15 13:05'],
    ['epoch zero', 0, '1970-01-01 00:00'],
    ['an ISO text', '2024-01-15T13:05:00Z', '2024-01-15 13:05'],
    ['an ISO text with an offset', '2024-01-15T14:05:00+01:00', '2024-01-15 13:05'],
    ['an invalid Date', new Date(Number.NaN), ''],
    ['text that is no date', 'garbage', ''],
    ['empty text', '', ''],
    ['blank text', '   ', ''],
    ['not a finite number', Number.NaN, ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['a boolean', true, ''],
    ['an object', { time: 1 }, ''],
  ])('%s -> %j', (_what, value, text) => {
    expect(formatDateTime(value, utc)).toBe(text);
  });

  it('shows midnight as 00 on a 24h clock and 12 AM on a 12h clock', () => {
    const midnight = Date.UTC(2024, 10, 21, 0, 5);
    expect(formatDateTime(midnight, utc)).toBe('2024-11-21 00:05');
    expect(formatDateTime(midnight, { ...utc, calendarFormat: '12h' })).toBe('2024-11-21 12:05 AM');
  });
});

describe("formatDateTime in list cells (the legacy UI's dates)", () => {
  const instant = Date.UTC(2024, 10, 21, 19, 5); // 2024-11-21 19:05 UTC
  it.each([
    [{ timeZone: 'UTC', dateFormat: 'DD/MM/YYYY', calendarFormat: '24h' }, '21/11/2024 19:05'],
    [
      { timeZone: 'Europe/Madrid', dateFormat: 'YYYY-MM-DD', calendarFormat: '24h' },
      '2024-11-21 20:05',
    ],
    [
      { timeZone: 'EST5EDT', dateFormat: 'MM/DD/YYYY', calendarFormat: '12h' },
      '11/21/2024 2:05 PM',
    ],
    [
      { timeZone: 'Asia/Tokyo', dateFormat: 'DD.MM.YYYY', calendarFormat: '24h' },
      '22.11.2024 04:05',
    ],
    [{ timeZone: 'Not/AZone', dateFormat: 'weird', calendarFormat: '24h' }, '11/21/2024 19:05'],
  ])('%j -> %s', (preferences, text) => {
    expect(formatDateTime(instant, preferences)).toBe(text);
    expect(formatDateTime(new Date(instant).toISOString(), preferences)).toBe(text);
  });
});

describe('formatDateTime formatters', () => {
  const instant = Date.UTC(2024, 10, 21, 19, 5);

  function counting<T>(run: () => T): { result: T; built: number } {
    const Original = Intl.DateTimeFormat;
    let built = 0;
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        built += 1;
      }
    }
    Intl.DateTimeFormat = Counting as typeof Intl.DateTimeFormat;
    try {
      return { result: run(), built };
    } finally {
      Intl.DateTimeFormat = Original;
    }
  }

  it('builds one formatter per zone and clock, and interleaved zones stay right', () => {
    const at = (timeZone: string, calendarFormat: string) =>
      formatDateTime(instant, { timeZone, dateFormat: 'YYYY-MM-DD', calendarFormat });
    const { result: rows, built } = counting(() =>
      Array.from({ length: 50 }, (_, i) =>
        i % 2 ? at('Pacific/Auckland', '24h') : at('America/Lima', '12h'),
      ),
    );
    expect(new Set(rows)).toEqual(new Set(['2024-11-22 08:05', '2024-11-21 2:05 PM']));
    expect(built).toBe(2);
  });

  it(`keeps at most ${DATE_TIME_FORMATTER_LIMIT}: past them it starts again, and formats the same`, async () => {
    // a fresh copy of the module: its formatters start empty whatever ran before
    vi.resetModules();
    const fresh = await import('./time-zones.ts');
    const at = (timeZone: string) =>
      fresh.formatDateTime(instant, { timeZone, dateFormat: 'YYYY-MM-DD', calendarFormat: '24h' });
    // unknown zones, each its own entry (a UTC formatter once the zone is refused)
    const zones = Array.from({ length: DATE_TIME_FORMATTER_LIMIT }, (_, i) => `Not/Zone${i}`);
    const first = counting(() => zones.map(at));
    expect(first.built).toBe(DATE_TIME_FORMATTER_LIMIT);
    expect(first.result.every((text) => text === '2024-11-21 19:05')).toBe(true);
    expect(counting(() => zones.map(at)).built).toBe(0);
    expect(counting(() => at('Not/OneMore')).built).toBe(1);
    expect(counting(() => at('Not/Zone0')).built).toBe(1);
    expect(counting(() => at('Not/OneMore')).built).toBe(0);
  });
});

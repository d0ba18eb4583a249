import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
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

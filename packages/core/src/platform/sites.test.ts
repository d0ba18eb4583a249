import { describe, expect, it } from 'vitest';
import * as Sites from './sites.ts';
import type { MapPlacement, SiteAddress, WorkingHours } from './sites.ts';

const address: SiteAddress = {
  street: '100 Main St',
  city: 'Chicago',
  postalCode: '60601',
  country: 'US',
};

describe('a site’s address', () => {
  it.each<[string, Partial<SiteAddress>, Record<string, string>]>([
    ['complete', {}, {}],
    ['without a postal code', { postalCode: '' }, {}],
    ['a British postal code', { postalCode: 'SW1A 1AA', country: 'GB' }, {}],
    ['a Brazilian postal code', { postalCode: '01310-100', country: 'BR' }, {}],
    ['no street', { street: '  ' }, { street: 'required' }],
    ['no city', { city: '' }, { city: 'required' }],
    ['no country', { country: '' }, { country: 'required' }],
    ['a street too long', { street: 'x'.repeat(201) }, { street: 'tooLong' }],
    ['a city too long', { city: 'x'.repeat(101) }, { city: 'tooLong' }],
    ['a postal code too long', { postalCode: '1'.repeat(13) }, { postalCode: 'tooLong' }],
    ['a postal code with symbols', { postalCode: '606<01' }, { postalCode: 'badPostalCode' }],
    ['a postal code ending in a hyphen', { postalCode: '60601-' }, { postalCode: 'badPostalCode' }],
    ['a country name', { country: 'United States' }, { country: 'unknownCountry' }],
    ['a lower-case country', { country: 'us' }, { country: 'unknownCountry' }],
    ['an unassigned country code', { country: 'QQ' }, { country: 'unknownCountry' }],
    ['the European Union', { country: 'EU' }, { country: 'unknownCountry' }],
  ])('%s', (_, change, problems) => {
    expect(Sites.siteAddressProblems({ ...address, ...change })).toEqual(problems);
  });

  it.each([
    ['DE', true],
    ['BR', true],
    ['XK', true],
    ['ZZ', false],
    ['UN', false],
    ['D', false],
    [42, false],
  ])('%j is a country code: %s', (code, expected) => {
    expect(Sites.isCountryCode(code)).toBe(expected);
  });

  it('lists the countries once, in code order', () => {
    const list = Sites.countryCodeList();
    expect(list.length).toBeGreaterThan(200);
    expect(list).toContain('FR');
    expect([...list].sort()).toEqual(list);
    expect(Sites.countryCodeList()).toBe(list);
  });
});

describe('a site’s time zone', () => {
  it.each([
    ['America/Chicago', null],
    ['Europe/Berlin', null],
    ['', 'required'],
    ['Mars/Olympus', 'unknownTimeZone'],
  ])('%j → %s', (zone, problem) => {
    expect(Sites.siteTimeZoneProblem(zone)).toBe(problem);
  });
});

describe('working hours', () => {
  it.each([
    ['00:00', false, 0],
    ['08:30', false, 510],
    ['23:59', false, 1439],
    ['24:00', true, 1440],
    ['24:00', false, null],
    ['24:01', true, null],
    ['8:30', false, null],
    ['12:60', false, null],
    ['noon', false, null],
  ] as const)('%s (end of day %s) is minute %s', (value, endOfDay, minutes) => {
    expect(Sites.clockMinutes(value, endOfDay)).toBe(minutes);
  });

  const week = (changes: Partial<WorkingHours>): WorkingHours => ({
    ...Sites.DEFAULT_WORKING_HOURS,
    ...changes,
  });
  it.each<[string, Partial<WorkingHours>, Record<string, string>]>([
    ['the default week', {}, {}],
    ['open all day', { saturday: { open: '00:00', close: '24:00' } }, {}],
    ['closed every day', Object.fromEntries(Sites.WEEKDAYS.map((day) => [day, null])), {}],
    [
      'closing before opening',
      { monday: { open: '17:00', close: '08:00' } },
      { monday: 'closeNotAfterOpen' },
    ],
    [
      'closing as it opens',
      { tuesday: { open: '09:00', close: '09:00' } },
      { tuesday: 'closeNotAfterOpen' },
    ],
    ['a time that is not one', { friday: { open: '9am', close: '17:00' } }, { friday: 'badTime' }],
    ['opening at 24:00', { sunday: { open: '24:00', close: '24:00' } }, { sunday: 'badTime' }],
    [
      'two bad days',
      { monday: { open: '10:00', close: '09:00' }, wednesday: { open: '08:00', close: '25:00' } },
      { monday: 'closeNotAfterOpen', wednesday: 'badTime' },
    ],
  ])('%s', (_, changes, problems) => {
    expect(Sites.workingHoursProblems(week(changes))).toEqual(problems);
  });
});

describe('a map’s placement and scale', () => {
  const placement: MapPlacement = {
    imageWidth: 120,
    imageHeight: 80,
    imageUnit: 'm',
    latOrigin: 41.88,
    lonOrigin: -87.63,
    declination: 0,
  };
  it.each<[string, Partial<MapPlacement>, Record<string, string>]>([
    ['placed on the globe', {}, {}],
    ['not placed on the globe', { latOrigin: null, lonOrigin: null }, {}],
    ['in feet, turned', { imageUnit: 'ft', declination: -12.5 }, {}],
    ['no width', { imageWidth: 0 }, { imageWidth: 'outOfRange' }],
    ['a negative height', { imageHeight: -5 }, { imageHeight: 'outOfRange' }],
    ['a height too large', { imageHeight: 100_001 }, { imageHeight: 'outOfRange' }],
    ['a width that is no number', { imageWidth: Number.NaN }, { imageWidth: 'notANumber' }],
    ['an unknown unit', { imageUnit: 'px' }, { imageUnit: 'unknownUnit' }],
    ['a latitude past the pole', { latOrigin: 91 }, { latOrigin: 'outOfRange' }],
    ['a longitude past the date line', { lonOrigin: -181 }, { lonOrigin: 'outOfRange' }],
    ['a latitude alone', { lonOrigin: null }, { lonOrigin: 'required' }],
    ['a longitude alone', { latOrigin: null }, { latOrigin: 'required' }],
    ['a declination of more than a turn', { declination: 400 }, { declination: 'outOfRange' }],
  ])('%s', (_, change, problems) => {
    expect(Sites.mapPlacementProblems({ ...placement, ...change })).toEqual(problems);
  });

  it.each([
    [{ imageWidth: 100, imageHeight: 50, imageUnit: 'm' }, 1000, 500, { x: 0.1, y: 0.1 }],
    [
      { imageWidth: 1000, imageHeight: 1000, imageUnit: 'ft' },
      1000,
      2000,
      { x: 0.3048, y: 0.1524 },
    ],
    [{ imageWidth: 100, imageHeight: 50, imageUnit: 'px' }, 1000, 500, null],
    [{ imageWidth: 0, imageHeight: 50, imageUnit: 'm' }, 1000, 500, null],
    [{ imageWidth: 10, imageHeight: 0, imageUnit: 'm' }, 1000, 500, null],
    [{ imageWidth: 100, imageHeight: 50, imageUnit: 'm' }, 0, 500, null],
    [{ imageWidth: 100, imageHeight: 50, imageUnit: 'm' }, 10, 0, null],
  ])('%j over %i × %i pixels → %j metres per pixel', (size, width, height, expected) => {
    const scale = Sites.metresPerPixel(size, width, height);
    if (expected === null) expect(scale).toBeNull();
    else {
      expect(scale?.x).toBeCloseTo(expected.x, 6);
      expect(scale?.y).toBeCloseTo(expected.y, 6);
    }
  });

  it('gives a new map a tenth of a metre per pixel', () => {
    expect(Sites.defaultMapPlacement(1234, 567)).toEqual({
      imageWidth: 123.4,
      imageHeight: 56.7,
      imageUnit: 'm',
      latOrigin: null,
      lonOrigin: null,
      declination: 0,
    });
    expect(Sites.mapPlacementProblems(Sites.defaultMapPlacement(1, 1))).toEqual({});
  });

  it('names every field of a placement once', () => {
    expect([...Sites.MAP_PLACEMENT_FIELDS].sort()).toEqual(Object.keys(placement).sort());
  });
});

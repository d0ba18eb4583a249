import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_HOURS } from '@portico/core';
import type { SiteDetails } from '../api-client.ts';
import { NORTH_PLACEMENT, northSite, siteMap } from '../../test/sites.ts';
import { formFieldOf, formHours, siteBodyOf, siteFormValues } from './sites-state.ts';

const site: SiteDetails = northSite({ code: 'north', map: siteMap({ imageBytes: 100 }) });

describe('the site form', () => {
  it('round-trips a loaded site', () => {
    const values = siteFormValues(site);
    expect(values['saturday.closed']).toBe('true');
    expect(values['monday.open']).toBe('08:00');
    expect(values['map.latOrigin']).toBe('');
    expect(formHours(values)).toEqual(DEFAULT_WORKING_HOURS);
    expect(siteBodyOf(values, true)).toEqual({
      ok: true,
      body: {
        address: site.address,
        timeZone: 'America/Chicago',
        workingHours: DEFAULT_WORKING_HOURS,
        map: NORTH_PLACEMENT,
      },
    });
    expect(siteBodyOf(values, false)).toMatchObject({
      ok: true,
      body: { timeZone: 'America/Chicago' },
    });
    expect(siteFormValues({ ...site, map: null })).not.toHaveProperty('map.imageWidth');
  });

  it.each([
    [
      'a close before the open',
      { 'monday.open': '17:00', 'monday.close': '08:00' },
      { monday: 'closeNotAfterOpen' },
    ],
    ['no city', { city: ' ' }, { city: 'required' }],
    ['an unknown zone', { timeZone: 'Nowhere/Land' }, { timeZone: 'unknownTimeZone' }],
    ['no width', { 'map.imageWidth': '' }, { 'map.imageWidth': 'notANumber' }],
    ['a latitude alone', { 'map.latOrigin': '41.9' }, { 'map.lonOrigin': 'required' }],
  ])('names the field of %s', (_, change, problems) => {
    expect(siteBodyOf({ ...siteFormValues(site), ...change }, true)).toEqual({
      ok: false,
      problems,
    });
  });

  it.each([
    ['address.city', 'city'],
    ['workingHours.friday', 'friday'],
    ['timeZone', 'timeZone'],
    ['map.imageWidth', 'map.imageWidth'],
  ])('reads the services’ field %s as %s', (api, form) => {
    expect(formFieldOf(api)).toBe(form);
  });
});

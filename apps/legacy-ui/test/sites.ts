// A configured site and its map, as the services send them: North DC, Chicago, a 400 × 300 image
// of 120 × 90 m. A test changes what it looks at.
import { DEFAULT_WORKING_HOURS } from '@portico/core';
import type { MapPlacement } from '@portico/core';
import type { SiteDetails, SiteMap } from '../src/api-client.ts';

/** The map's real size and placement: 120 × 90 m, not placed on the globe. */
export const NORTH_PLACEMENT: MapPlacement = {
  imageWidth: 120,
  imageHeight: 90,
  imageUnit: 'm',
  latOrigin: null,
  lonOrigin: null,
  declination: 0,
};

export function siteMap(changes: Partial<SiteMap> = {}): SiteMap {
  return {
    id: 1,
    name: 'North DC',
    imageType: 'image/png',
    imageBytes: 4096,
    imageChecksum: 'abc',
    pixelWidth: 400,
    pixelHeight: 300,
    ...NORTH_PLACEMENT,
    modifiedAt: '2024-01-01T00:00:00.000Z',
    imagePath: '/site/3/map/image',
    ...changes,
  };
}

export function northSite(changes: Partial<SiteDetails> = {}): SiteDetails {
  return {
    id: 3,
    name: 'North DC',
    code: 'n',
    description: '',
    configured: true,
    address: { street: '1 Main St', city: 'Chicago', postalCode: '60607', country: 'US' },
    timeZone: 'America/Chicago',
    workingHours: DEFAULT_WORKING_HOURS,
    modifiedAt: null,
    map: siteMap(),
    ...changes,
  };
}

// The sites part of the seed: Acme's two distribution centres get an address, a time zone and
// working hours; North DC also gets a local map (a floor plan drawn in code, floor-plan.ts).
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { DEFAULT_WORKING_HOURS, checkMapImage } from '@portico/core';
import type { Database } from '../db/schema.ts';
import type { SeededDirectory } from './directory.ts';
import { floorPlanPng } from './floor-plan.ts';
import { NOW, insertMany } from './insert.ts';

export async function seedSites(
  trx: Transaction<Database>,
  { acme, north, south }: SeededDirectory,
): Promise<void> {
  await insertMany(trx, 'sites', [
    {
      groupId: north.id,
      tenantId: acme.id,
      street: '1200 W Fulton Market',
      city: 'Chicago',
      postalCode: '60607',
      country: 'US',
      timeZone: 'America/Chicago',
      workingHours: JSON.stringify({
        ...DEFAULT_WORKING_HOURS,
        monday: { open: '06:00', close: '22:00' },
        tuesday: { open: '06:00', close: '22:00' },
        wednesday: { open: '06:00', close: '22:00' },
        thursday: { open: '06:00', close: '22:00' },
        friday: { open: '06:00', close: '22:00' },
        saturday: { open: '08:00', close: '14:00' },
      }),
      modifiedAt: NOW,
    },
    {
      groupId: south.id,
      tenantId: acme.id,
      street: '4500 Fulton Industrial Blvd SW',
      city: 'Atlanta',
      postalCode: '30336',
      country: 'US',
      timeZone: 'America/New_York',
      workingHours: JSON.stringify(DEFAULT_WORKING_HOURS),
      modifiedAt: NOW,
    },
  ]);
  const image = floorPlanPng();
  const check = checkMapImage(image);
  if (!check.ok) throw new Error(`the seed's floor plan is not a valid image: ${check.problem}`);
  await insertMany(trx, 'localMaps', [
    {
      groupId: north.id,
      tenantId: acme.id,
      name: north.name,
      imageType: check.type,
      image,
      imageBytes: image.length,
      imageChecksum: createHash('sha256').update(image).digest('hex'),
      pixelWidth: check.width,
      pixelHeight: check.height,
      imageWidth: 120,
      imageHeight: 90,
      imageUnit: 'm',
      latOrigin: 41.8868,
      lonOrigin: -87.6531,
      declination: 0,
      modifiedAt: NOW,
    },
  ]);
}

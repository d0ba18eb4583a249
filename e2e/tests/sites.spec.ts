// Sites configuration (/app/tenants/sitesConfiguration): an administrator edits a site's address and
// working hours, uploads a local map (a PNG made here), sees it on the site's page and under a zone
// of that site in the zone builder (1440 px, English); in French at 390 px the map shows on the
// site's page and a day's hours are changed by keyboard. axe finds nothing on each screen.
import { deflateSync } from 'node:zlib';
import { expect as baseExpect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import {
  API,
  NEW_ACCOUNT_PASSWORD,
  apiLogin,
  createAcmeAccount,
  legacyFrame,
  signIn,
} from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });
test.use({ serviceWorkers: 'block' });

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A 200 × 120 floor plan: grey walls round a light floor, three racks. */
function floorPlan(): Buffer {
  const [width, height] = [200, 120];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const wall = x < 3 || y < 3 || x >= width - 3 || y >= height - 3;
      const rack = y > 30 && y < 90 && x % 50 > 20 && x % 50 < 30;
      const colour = wall ? [70, 70, 80] : rack ? [120, 160, 210] : [240, 240, 235];
      rows.set(colour, y * (width * 3 + 1) + 1 + x * 3);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function siteId(request: APIRequestContext, name: string): Promise<number> {
  const token = await apiLogin(request, 'admin');
  const list = await request.get(`${API}/site?pageSize=50`, { headers: { token } });
  const found = (
    (await list.json()) as { results: Array<{ id: number; name: string }> }
  ).results.find((row) => row.name === name);
  expect(found, name).toBeDefined();
  return found!.id;
}

async function zoneIn(request: APIRequestContext, groupId: number, name: string): Promise<number> {
  const token = await apiLogin(request, 'admin');
  const types = await request.get(`${API}/zoneType?pageSize=1`, { headers: { token } });
  const zoneTypeId = ((await types.json()) as { results: { id: number }[] }).results[0]!.id;
  const created = await request.post(`${API}/zone`, {
    headers: { token },
    data: { name, zoneTypeId, groupId },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test('edits a site’s address and hours, uploads its map, and sees it under a zone (1440 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  const south = await siteId(request, 'Acme / South DC');
  await signIn(page, 'admin');
  await page.goto('/#/app/tenants/sitesConfiguration');
  const frame = legacyFrame(page);
  const table = frame.getByRole('table');
  await expect(table.getByRole('row', { name: /Acme \/ North DC/ })).toContainText('Chicago');
  await expectNoFrameAxeViolations(page, 'sites list (1440): ');
  await table.getByRole('link', { name: 'Acme / South DC' }).click();
  await expect(page).toHaveURL(new RegExp(`#/app/tenants/sitesConfiguration/edit/${south}$`));

  // the address and the hours
  await frame.getByRole('textbox', { name: 'Street and number' }).fill('77 Peachtree Center Ave');
  await frame.getByRole('textbox', { name: 'City' }).fill('Savannah');
  await frame.getByRole('textbox', { name: 'Postal code' }).fill('31401');
  await frame.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'United States' });
  await frame.getByRole('combobox', { name: 'Time zone' }).fill('America/New_York');
  const mondayClose = frame.getByLabel('Closing time on Monday');
  await mondayClose.fill('06:00');
  await frame.getByRole('button', { name: 'Save' }).click();
  await expect(frame.getByText('The closing time must be after the opening time.')).toBeVisible();
  await mondayClose.fill('19:30');
  await frame.getByRole('checkbox', { name: 'Open on Saturday' }).check();

  // the map: a PNG made here, previewed once uploaded
  await frame.getByLabel('Map image').setInputFiles({
    name: 'south-dc.png',
    mimeType: 'image/png',
    buffer: floorPlan(),
  });
  await frame.getByRole('button', { name: 'Upload the image' }).click();
  await expect(frame.getByText('The map image is uploaded.')).toBeVisible();
  const preview = frame.getByRole('img', { name: 'Local map of Acme / South DC' });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  await expect(frame.getByText('200 × 120 pixels, 1 KiB')).toBeVisible();
  await frame.getByRole('spinbutton', { name: 'Real width' }).fill('50');
  await frame.getByRole('spinbutton', { name: 'Real height' }).fill('30');
  await frame.getByRole('button', { name: 'Save' }).click();
  await expect(frame.getByText('Saved.')).toBeVisible();
  await expectNoFrameAxeViolations(page, 'site page (1440): ');
  await expectNoHorizontalOverflow(page);

  const token = await apiLogin(request, 'admin');
  const saved = (await (
    await request.get(`${API}/site/${south}`, { headers: { token } })
  ).json()) as {
    address: Record<string, string>;
    timeZone: string;
    workingHours: Record<string, unknown>;
    map: Record<string, unknown>;
  };
  expect(saved.address).toEqual({
    street: '77 Peachtree Center Ave',
    city: 'Savannah',
    postalCode: '31401',
    country: 'US',
  });
  expect(saved.timeZone).toBe('America/New_York');
  expect(saved.workingHours.monday).toEqual({ open: '08:00', close: '19:30' });
  expect(saved.workingHours.saturday).toEqual({ open: '08:00', close: '17:00' });
  expect(saved.map).toMatchObject({
    pixelWidth: 200,
    pixelHeight: 120,
    imageWidth: 50,
    imageHeight: 30,
  });

  // the audit trail names both changes by their own record type, and filters by it
  await page.goto('/#/app/services/logs');
  const log = frame.getByRole('table', { name: 'Log entries' });
  await expect(log).toBeVisible();
  for (const [type, resource] of [
    ['Site', 'site'],
    ['Local map', 'localMap'],
  ] as const) {
    await frame.getByRole('combobox', { name: 'Record type' }).selectOption({ label: type });
    await frame.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`#/app/services/logs\\?resource=${resource}$`));
    await expect(
      log
        .getByRole('row')
        .filter({ hasText: new RegExp(`${type}: .*South DC`) })
        .first(),
    ).toBeVisible();
    await expect(log).not.toContainText('Other');
  }

  // a zone of that site, in the builder: its map drawn under the outline
  const zone = await zoneIn(request, south, `Yard ${Date.now()}`);
  await page.goto(`/#/app/model/zone/builder?zone=${zone}`);
  const builder = legacyFrame(page);
  await expect(builder.getByText(/Drawn over the local map of Acme \/ South DC\./)).toBeVisible();
  const image = builder.locator('image.site-map');
  await expect(image).toHaveAttribute('href', /^blob:/);
  const box = await image.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(100);
  await expectNoFrameAxeViolations(page, 'zone builder with a map (1440): ');
});

test('shows a site’s map and changes its hours by keyboard, in French (390 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const north = await siteId(request, 'Acme / North DC');
  const username = await createAcmeAccount(request, { prefix: 'sites', language: 'fr' });
  await signIn(page, username, NEW_ACCOUNT_PASSWORD);
  await page.goto('/#/app/tenants/sitesConfiguration/list');
  const frame = page.frameLocator('main iframe');
  await expect(
    frame.getByRole('table').getByRole('link', { name: 'Acme / North DC' }),
  ).toBeVisible();
  await expectNoFrameAxeViolations(page, 'sites list (390, fr): ', 'main iframe');
  await expectNoHorizontalOverflow(page);
  await page.goto(`/#/app/tenants/sitesConfiguration/edit/${north}`);
  const preview = frame.getByRole('img', { name: 'Plan local de Acme / North DC' });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // Sunday opened and given hours by keyboard alone
  const sunday = frame.getByRole('checkbox', { name: 'Ouvert le dimanche' });
  await sunday.focus();
  await page.keyboard.press('Space');
  await expect(sunday).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(
    frame
      .getByLabel('Heure d’ouverture le dimanche')
      .or(frame.getByLabel("Heure d'ouverture le dimanche")),
  ).toBeFocused();
  await frame.getByLabel('Heure de fermeture le dimanche').fill('12:00');
  await frame.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(frame.getByText('Enregistré.')).toBeVisible();
  await expectNoFrameAxeViolations(page, 'site page (390, fr): ', 'main iframe');
  await expectNoHorizontalOverflow(page);
  const token = await apiLogin(request, 'admin');
  const saved = (await (
    await request.get(`${API}/site/${north}`, { headers: { token } })
  ).json()) as {
    workingHours: Record<string, unknown>;
  };
  expect(saved.workingHours.sunday).toEqual({ open: '08:00', close: '12:00' });
});

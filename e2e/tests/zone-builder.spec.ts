// The zone builder (/app/model/zone/builder): an administrator draws an area's outline with the
// mouse (clicks add corners, a drag moves one), is told why a crossing outline is refused, undoes,
// and saves it; at 390 px in French the outline is drawn by keyboard alone. The services keep the
// points; axe finds nothing; the page never scrolls sideways.
import { expect as baseExpect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  API,
  NEW_ACCOUNT_PASSWORD,
  apiLogin,
  chooseReference,
  createAcmeAccount,
  legacyFrame,
  signIn,
} from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
test.use({ serviceWorkers: 'block' });

async function newZone(request: APIRequestContext, name: string): Promise<number> {
  const token = await apiLogin(request, 'admin');
  const types = await request.get(`${API}/zoneType?pageSize=1`, { headers: { token } });
  const zoneTypeId = ((await types.json()) as { results: { id: number }[] }).results[0]!.id;
  const created = await request.post(`${API}/zone`, {
    headers: { token },
    data: { name, zoneTypeId },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function savedPoints(request: APIRequestContext, id: number): Promise<unknown> {
  const token = await apiLogin(request, 'admin');
  const zone = await request.get(`${API}/zone/${id}`, { headers: { token } });
  return ((await zone.json()) as { points: unknown }).points;
}

/** Clicks the map at map coordinates (0–1000 on each axis). */
async function clickMap(page: Page, x: number, y: number): Promise<void> {
  const map = legacyFrame(page).getByRole('application');
  const box = await map.boundingBox();
  if (!box) throw new Error('no map');
  await page.mouse.click(box.x + (x / 1000) * box.width, box.y + (y / 1000) * box.height);
}

test('draws an outline with the mouse, is told why a crossing one is refused, and saves it (1440 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  const name = `Builder dock ${Date.now()}`;
  const id = await newZone(request, name);
  await signIn(page, 'admin');
  await page.goto('/#/app/model/mapmaker');
  const frame = legacyFrame(page);
  await frame.getByRole('link', { name: 'Draw the outlines of your areas in the builder' }).click();
  await expect(page).toHaveURL(/#\/app\/model\/zone\/builder$/);
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Builder for areas');
  await chooseReference(frame.getByRole('combobox', { name: 'Outline to edit' }), name, name);
  await expect(page).toHaveURL(new RegExp(`#/app/model/zone/builder\\?zone=${id}$`));
  await expect(frame.getByRole('application', { name: `Map of ${name}: 0 corners` })).toBeVisible();

  // four clicks: a square (snapped to the grid of 10)
  await clickMap(page, 201, 199);
  await clickMap(page, 400, 200);
  await clickMap(page, 400, 400);
  await clickMap(page, 199, 402);
  await expect(frame.getByText('4 corners.')).toBeVisible();
  // a drag of corner 2 across the square makes it cross itself
  const map = frame.getByRole('application');
  const box = (await map.boundingBox())!;
  const at = (x: number, y: number) =>
    [box.x + (x / 1000) * box.width, box.y + (y / 1000) * box.height] as const;
  await page.mouse.move(...at(400, 200));
  await page.mouse.down();
  await page.mouse.move(...at(300, 250), { steps: 4 });
  await page.mouse.move(...at(100, 300), { steps: 4 });
  await page.mouse.up();
  await expect(
    frame.getByText(/^Edges \d and \d cross: an outline may not cross itself\.$/),
  ).toBeVisible();
  await frame.getByRole('button', { name: 'Save the outline' }).click();
  await expect(frame.getByRole('alert')).toContainText('cross');
  expect(await savedPoints(request, id)).toEqual([]);
  await expectNoFrameAxeViolations(page, 'zone builder (1440): ');

  await frame.getByRole('button', { name: 'Undo' }).click();
  await expect(frame.getByText('4 corners.')).toBeVisible();
  await frame.getByRole('button', { name: 'Save the outline' }).click();
  await expect(frame.getByText('Outline saved.')).toBeVisible();
  expect(await savedPoints(request, id)).toEqual([
    { x: 200, y: 200 },
    { x: 400, y: 200 },
    { x: 400, y: 400 },
    { x: 200, y: 400 },
  ]);
  // a reload shows what was saved
  await page.reload();
  await expect(legacyFrame(page).getByText('4 corners.')).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('draws an outline by keyboard alone, in French (390 px)', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const name = `Quai clavier ${Date.now()}`;
  const id = await newZone(request, name);
  const username = await createAcmeAccount(request, { prefix: 'contour', language: 'fr' });
  await signIn(page, username, NEW_ACCOUNT_PASSWORD);
  await page.goto(`/#/app/model/zone/builder?zone=${id}`);
  // the frame's title is French here
  const frame = page.frameLocator('main iframe');
  const map = frame.getByRole('application');
  await expect(map).toHaveAttribute('aria-label', `Carte de ${name} : 0 sommet`);
  await map.focus();
  await page.keyboard.press('Insert');
  await page.keyboard.press('Insert');
  await page.keyboard.press('Insert');
  await expect(
    frame.getByText('Les sommets sont alignés : un contour doit délimiter une surface.'),
  ).toBeVisible();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(frame.getByText('Sommet 3 sur 3 en 530, 600')).toBeVisible();
  await expect(frame.getByText('3 sommets.')).toBeVisible();
  await expectNoFrameAxeViolations(page, 'zone builder (390, fr): ', 'main iframe');
  await expectNoHorizontalOverflow(page);
  // from the map to the Save button by Tab
  const save = frame.getByRole('button', { name: 'Enregistrer le contour' });
  for (
    let presses = 0;
    presses < 30 && !(await save.evaluate((el) => el === document.activeElement));
    presses += 1
  )
    await page.keyboard.press('Tab');
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(frame.getByText('Contour enregistré.')).toBeVisible();
  expect(await savedPoints(request, id)).toEqual([
    { x: 500, y: 500 },
    { x: 550, y: 500 },
    { x: 530, y: 600 },
  ]);
});

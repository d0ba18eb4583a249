// The API explorer (/app/services/apiExplorer): an administrator searches the services' operations
// for "thing", opens `GET /thing`, runs it with their own session and reads the 200 and the rows;
// at 390 px in Spanish by keyboard. Axe finds nothing; the page never scrolls sideways.
import { expect as baseExpect, test } from '@playwright/test';
import { NEW_ACCOUNT_PASSWORD, createAcmeAccount, legacyFrame, signIn } from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
test.use({ serviceWorkers: 'block' });

test('searches the operations, runs GET /thing and reads the rows (1440 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, 'admin');
  await page.goto('/#/app/services/apiExplorer');
  const frame = legacyFrame(page);
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('API explorer');
  await frame.getByRole('searchbox', { name: 'Search operations' }).fill('thing');
  await expect(frame.getByRole('button', { name: 'GET /zone', exact: true })).toHaveCount(0);
  await frame.getByRole('button', { name: 'GET /thing', exact: true }).click();
  await expect(frame.getByRole('heading', { name: 'GET /thing' })).toBeVisible();
  await expect(frame.getByLabel(/^pageSize \(query\)$/)).toBeVisible();
  await frame.getByLabel(/^pageSize \(query\)$/).fill('5');
  await frame.getByRole('button', { name: 'Run request' }).click();
  await expect(frame.getByRole('status').filter({ hasText: 'Status 200' })).toBeVisible();
  const body = frame.getByLabel('Body', { exact: true });
  await expect(body).toContainText('"results": [');
  await expect(body).toContainText('"serial"');
  await expect(frame.getByText('application/json')).toBeVisible();
  await expectNoFrameAxeViolations(page, 'API explorer (1440): ');
  await expectNoHorizontalOverflow(page);
});

test('runs GET /thing by keyboard, in Spanish (390 px)', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const username = await createAcmeAccount(request, { prefix: 'explorer', language: 'es' });
  await signIn(page, username, NEW_ACCOUNT_PASSWORD);
  await page.goto('/#/app/services/apiExplorer');
  // the frame's title is Spanish here
  const frame = page.frameLocator('main iframe');
  const search = frame.getByRole('searchbox', { name: 'Buscar operaciones' });
  await search.fill('thing');
  await search.press('Tab');
  // the first operation of the "thing" tag is `GET /thing`
  const read = frame.getByRole('button', { name: 'GET /thing', exact: true });
  await read.focus();
  await read.press('Enter');
  await expect(frame.getByRole('heading', { name: 'GET /thing' })).toBeVisible();
  await frame.getByRole('button', { name: 'Ejecutar petición' }).press('Enter');
  await expect(frame.getByRole('status').filter({ hasText: 'Estado 200' })).toBeVisible();
  await expect(frame.getByLabel('Cuerpo', { exact: true })).toContainText('"results": [');
  await expectNoFrameAxeViolations(page, 'API explorer (390, es): ', 'main iframe');
  await expectNoHorizontalOverflow(page);
});

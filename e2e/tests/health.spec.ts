// The health page as root reads it (what /readyz checks, the instance and its workers, request
// rate and p99 refreshed live, every tenant's usage) at 1440 px in English, and as a tenant's
// administrator (the tenant's own usage only) at 390 px in French; axe on each.
import { expect as baseExpect, test } from '@playwright/test';
import { API, apiLogin, legacyFrame, signIn, signInNewAcmeAccount } from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });
test.use({ serviceWorkers: 'block' });

test('root reads the checks, the instance and every tenant, refreshed live (1440 px, English)', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'root');
  const frame = legacyFrame(page);
  await page.goto('/#/app/healthandstatus');
  await expect(frame.getByRole('heading', { level: 1, name: 'Health and Status' })).toBeVisible();
  await expect(frame.getByRole('status')).toHaveText('Ready: every check passes.');
  for (const check of ['Cache bus: OK', 'Database: OK', 'Migrations: OK'])
    await expect(frame.getByRole('listitem').filter({ hasText: check })).toBeVisible();

  const instances = frame.getByRole('table', { name: 'Instances' });
  const row = instances.getByRole('row').nth(1);
  // the e2e server runs two workers
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');
  await expect(row.getByRole('cell').nth(3)).toHaveText('listening');
  await expect(row.getByRole('cell').nth(5)).toHaveText(/^[\d,.]+ ms$/);
  // the page reads again by itself: requests made elsewhere show up without a reload
  const answered = async () =>
    Number((await row.getByRole('cell').nth(6).innerText()).replace(/\D/g, ''));
  const before = await answered();
  const token = await apiLogin(request, 'viewer');
  for (let index = 0; index < 20; index += 1)
    await request.get(`${API}/user/whoami`, { headers: { token } });
  await expect.poll(answered, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 20);
  await expect(row.getByRole('cell').nth(4)).toHaveText(/^[\d,.]+\/s$/);

  const usage = frame.getByRole('table', { name: 'Usage by tenant' });
  await expect(usage.getByRole('rowheader', { name: 'Acme Logistics' })).toBeVisible();
  await expect(usage.getByRole('rowheader', { name: 'Globex' })).toBeVisible();
  await testInfo.attach('health (1440)', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  await expectNoFrameAxeViolations(page, 'health (1440): ');

  // paused by keyboard: the time stops moving
  await frame.getByRole('button', { name: 'Pause updates' }).focus();
  await page.keyboard.press('Enter');
  await expect(frame.getByText(/^Updates paused; last at/)).toBeVisible();
});

test('a tenant administrator sees the tenant’s own usage only (390 px, French)', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInNewAcmeAccount(page, request, { prefix: 'sante', language: 'fr' });
  const frame = page.frameLocator('main iframe');
  await page.goto('/#/app/healthandstatus');
  await expect(
    frame.getByRole('heading', { level: 2, name: 'Utilisation par client' }),
  ).toBeVisible();
  const usage = frame.getByRole('table', { name: 'Utilisation par client' });
  await expect(usage.getByRole('rowheader', { name: 'Acme Logistics' })).toBeVisible();
  await expect(usage.getByRole('rowheader')).toHaveCount(1);
  await expect(frame.getByRole('table', { name: 'Instances' })).toHaveCount(0);
  // the counts are the tenant's: its users, read through the API as the same person sees them
  const token = await apiLogin(request, 'admin');
  const header = await usage.getByRole('columnheader').allInnerTexts();
  // Acme calls its users "Personnel" in French (its vocabulary)
  const column = header.findIndex((text) => text.trim() === 'Personnel');
  expect(column).toBeGreaterThan(0);
  // other specs add Acme accounts meanwhile: compared until a refresh and the API agree
  await expect(async () => {
    const users = (await (
      await request.get(`${API}/user?pageSize=1`, { headers: { token } })
    ).json()) as { total: number };
    const shown = await usage.getByRole('row').nth(1).locator('th, td').nth(column).innerText();
    expect(Number(shown.replace(/\D/g, ''))).toBe(users.total);
  }).toPass({ timeout: 20_000 });
  await testInfo.attach('health (390, fr)', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  await expectNoFrameAxeViolations(page, 'health (390, fr): ', 'main iframe');
  await expectNoHorizontalOverflow(page);
});

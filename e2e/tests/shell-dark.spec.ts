// Dark mode follows prefers-color-scheme, a per-device setting (user menu → Theme)
// overrides it, the legacy UI in the frame follows the shell (bridge `theme`), and axe finds no
// violation (contrast AA among them) on the shell's screens and the frame's in light and in dark.
import { expect, test, type Page } from '@playwright/test';
import { legacyFrame, openUserMenuItem, signIn, signOut } from './helpers.ts';
import {
  attachScreenshot,
  expectNoFrameAxeViolations,
  expectNoShellAxeViolations,
} from './shell-helpers.ts';

test.describe.configure({ timeout: 180_000 });

const DARK_BG = 'rgb(16, 20, 25)';
const LIGHT_BG = 'rgb(245, 247, 250)';
const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

for (const scheme of ['light', 'dark'] as const) {
  test(`axe on every shell screen, ${scheme}`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    const shot = (name: string) => attachScreenshot(page, testInfo, `${scheme}-${name}`);
    await page.goto('/#/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await background(page)).toBe(scheme === 'dark' ? DARK_BG : LIGHT_BG);
    await expectNoShellAxeViolations(page, 'sign-in ');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your username.')).toBeVisible();
    await expectNoShellAxeViolations(page, 'sign-in errors ');
    await shot('sign-in');

    await signIn(page, 'admin');
    await expect(legacyFrame(page).getByRole('table')).toBeVisible();
    // the frame follows the shell's scheme
    await expect(legacyFrame(page).locator('html')).toHaveAttribute('data-theme', scheme);
    await expectNoShellAxeViolations(page, 'shell ');
    await shot('shell');
    // and the frame's own screens in this scheme: a list, and a record's editor over it
    await expectNoFrameAxeViolations(page, 'frame list ');
    await legacyFrame(page).getByRole('table').getByRole('link').first().click();
    const editor = legacyFrame(page).getByRole('dialog');
    await expect(editor).toBeVisible();
    await expectNoFrameAxeViolations(page, 'frame editor ');
    await shot('frame-editor');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoShellAxeViolations(page, 'user menu ');
    await page.keyboard.press('Escape');
    await openUserMenuItem(page, 'Settings');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await expectNoShellAxeViolations(page, 'settings ');
    await shot('settings');
    await page.keyboard.press('Escape');
    await openUserMenuItem(page, 'About');
    await expect(page.getByTestId('version-services')).not.toHaveText('Loading…');
    await expectNoShellAxeViolations(page, 'about ');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog', { name: 'Go to page' })).toBeVisible();
    await expectNoShellAxeViolations(page, 'palette ');
    await page.keyboard.press('Escape');
    await signOut(page);
    await signIn(page, 'nobody');
    await expect(
      page.getByRole('heading', { name: 'There is nothing to manage here yet' }),
    ).toBeVisible();
    await expectNoShellAxeViolations(page, 'no modules ');
    await shot('no-modules');
  });
}

test('the Theme setting overrides the system for this device, in the shell and the frame', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, 'operator');
  await expect(legacyFrame(page).getByRole('table')).toBeVisible();
  expect(await background(page)).toBe(DARK_BG);
  await expect(legacyFrame(page).locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.getByRole('button', { name: 'User menu' }).click();
  const light = page.getByRole('menuitemradio', { name: 'Light' });
  await expect(page.getByRole('menuitemradio', { name: 'Same as this device' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await light.click();
  await expect(light).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await background(page)).toBe(LIGHT_BG);
  await expect(legacyFrame(page).locator('html')).toHaveAttribute('data-theme', 'light');
  const frameBackground = await legacyFrame(page)
    .locator('body')
    .evaluate((body) => getComputedStyle(body).backgroundColor);
  expect(frameBackground).toBe('rgb(255, 255, 255)');

  // stored for this device: a reload and a sign-out keep it
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
  expect(await background(page)).toBe(LIGHT_BG);
  await signOut(page);
  expect(await background(page)).toBe(LIGHT_BG);

  // back to the system's choice
  await signIn(page, 'operator');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitemradio', { name: 'Same as this device' }).click();
  await page.keyboard.press('Escape');
  expect(await background(page)).toBe(DARK_BG);
  await expect(legacyFrame(page).locator('html')).toHaveAttribute('data-theme', 'dark');
});

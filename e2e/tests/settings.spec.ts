import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { legacyFrame, openUserMenuItem, signIn } from './helpers.ts';

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('settings, languages, About and accessibility', () => {
  // a sign-in and several round trips each, also through nginx or an upstream proxy (environments
  // nginx, upstream): on a loaded two-core machine they passed every step yet went past 30 s
  test.describe.configure({ timeout: 60_000 });

  test('saving a time zone persists it and reaches the frame', async ({ page }) => {
    // viewer holds tenants:x: the menu offers Settings (spec §6; operator does not see it)
    await signIn(page, 'viewer');
    await expect(legacyFrame(page).getByRole('table')).toBeVisible();
    await openUserMenuItem(page, 'Settings');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByLabel('Time zone', { exact: true }).selectOption('Asia/Tokyo');
    await dialog.getByLabel('Date format').selectOption('YYYY-MM-DD');
    await dialog.getByRole('radio', { name: '24-hour' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.locator('.Toastify__toast').filter({
        hasText:
          'Settings saved: Time zone (Asia/Tokyo), Date format (YYYY-MM-DD), Clock (24-hour).',
      }),
    ).toBeVisible();
    // the library's style sheet arrived with the toast host (a CSS file, not a string in its script)
    await expect(page.locator('.Toastify__toast-container')).toHaveCSS('position', 'fixed');
    // the frame re-formats its times: ISO dates in 24-hour Tokyo time
    await expect(
      legacyFrame(page)
        .getByRole('cell', { name: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/ })
        .first(),
    ).toBeVisible();
    await page.reload();
    await openUserMenuItem(page, 'Settings');
    await expect(
      page.getByRole('dialog', { name: 'Settings' }).getByLabel('Time zone', { exact: true }),
    ).toHaveValue('Asia/Tokyo');
  });

  test('switching the language re-labels the shell and the frame', async ({ page }) => {
    // globex is used by no other test: its language change cannot disturb them
    await signIn(page, 'globex');
    await page.goto('/#/app/things/thing');
    await expect(page.frameLocator('main iframe').getByRole('table')).toBeVisible();
    await openUserMenuItem(page, 'Settings');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByLabel('Language').selectOption('es');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const modules = page.getByRole('navigation', { name: 'Módulos' });
    await expect(modules.getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // the frame's own title and labels follow (the iframe's title is translated too)
    await expect(page.locator('main iframe')).toHaveAttribute('title', /.+/);
    await expect(page.frameLocator('main iframe').locator('html')).toHaveAttribute('lang', 'es');
    await expect(
      page.frameLocator('main iframe').getByRole('searchbox', { name: 'Filtrar' }),
    ).toBeVisible();
    // it is the user's setting: a reload keeps Spanish
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Módulos' })).toBeVisible();
  });

  test('About shows the three versions and the override label', async ({ page }) => {
    await signIn(page, 'admin');
    await openUserMenuItem(page, 'About');
    const dialog = page.getByRole('dialog', { name: 'About' });
    await expect(dialog.getByText('v11.3.0')).toBeVisible();
    for (const part of ['services', 'legacyUi', 'newUi']) {
      await expect(dialog.getByTestId(`version-${part}`)).toHaveText(
        /^v\d+\.\d+\.\d+ · Commit \S+ · Built /,
      );
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('"Why can\'t I see this?" names the missing permission in plain words', async ({ page }) => {
    await signIn(page, 'viewer');
    await openUserMenuItem(page, 'Settings');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByTestId('access-things')).toContainText('Visible');
    // viewer lacks license_generator:u; Acme calls the things "Assets"
    await expect(dialog.getByTestId('access-licenseGenerator')).toContainText(
      'Not available to you. Ask an administrator for the License generator permission.',
    );
    await expect(dialog.getByTestId('access-licenseGenerator')).not.toContainText(':u');
    // viewer hid Gateway and Services themselves
    await expect(dialog.getByTestId('access-gateway')).toContainText('Hidden by your settings');
  });

  test('operator (no tenants permission) gets no Settings item (spec §6)', async ({ page }) => {
    await signIn(page, 'operator');
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'About' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toHaveCount(0);
  });

  test('keyboard only: sign in, move through the modules, open the user menu', async ({ page }) => {
    await page.goto('/#/login');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('demo');
    await page.keyboard.press('Enter');
    // the same wait as signIn(): sign-in loads the shell chunk and six API answers
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible({
      timeout: 30_000,
    });
    const model = page
      .getByRole('navigation', { name: 'Modules' })
      .getByRole('link', { name: 'Model' });
    for (
      let i = 0;
      i < 12 && !(await model.evaluate((el) => el === document.activeElement));
      i += 1
    )
      await page.keyboard.press('Tab');
    await expect(model).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/app\/model\//);
    const menu = page.getByRole('button', { name: 'User menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
    await page.keyboard.press('Escape');
  });

  test('axe finds no violation on the login page, the shell and the settings dialog', async ({
    page,
  }) => {
    // axe walks the frame too: slow on a shared two-core machine
    test.setTimeout(120_000);
    await page.goto('/#/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your username.')).toBeVisible();
    await expectNoAxeViolations(page);
    await signIn(page, 'admin');
    await expect(legacyFrame(page).getByRole('table')).toBeVisible();
    await expectNoAxeViolations(page);
    await openUserMenuItem(page, 'Settings');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

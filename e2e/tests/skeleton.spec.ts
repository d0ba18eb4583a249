import { expect, test } from '@playwright/test';
import { moduleTabs, signIn, signOut } from './helpers.ts';

test.describe('walking skeleton: sign in, shell, sign out', () => {
  test('admin sees the Things tab, the user menu and the legacy frame', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/#\/login$/);
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/#\/app\//);
    const tabs = await moduleTabs(page);
    expect(tabs[0]).toBe('Home');
    // Acme's vocabulary renames "Things" to "Assets"; the tab is the things module either way
    await expect(
      page
        .getByRole('navigation', { name: 'Modules' })
        .getByRole('link', { name: /Things|Assets/ }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    const frame = page.frameLocator('iframe[title="Legacy interface"]');
    await expect(frame.getByTestId('legacy-route')).toHaveText(/^\/things/);
  });

  test('nobody (no permission at all) sees only Home', async ({ page }) => {
    await signIn(page, 'nobody');
    expect(await moduleTabs(page)).toEqual(['Home']);
    const frame = page.frameLocator('iframe[title="Legacy interface"]');
    await expect(frame.getByTestId('legacy-route')).toHaveText('/home/welcome');
  });

  test('a wrong password shows the error in an alert and keeps the username', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: 'Username' }).fill('operator');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('operator');
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('sign out returns to the login screen and the shell is gone', async ({ page }) => {
    await signIn(page, 'viewer');
    await signOut(page);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.goto('/#/app/things/thing');
    await expect(page).toHaveURL(/#\/login$/);
  });
});

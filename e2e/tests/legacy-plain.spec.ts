import { expect, test } from '@playwright/test';
import {
  API,
  expectFrame401SignsOut,
  landed,
  legacyFrame,
  openUserMenuItem,
  signIn,
} from './helpers.ts';

// The plain legacy example (apps/legacy-plain: hand-written pages, no build, only portico-frame.js)
// does the whole protocol. Runs in the legacy-plain project only, where the console's
// legacyUiBase is /legacy-plain (e2e/playwright.config.ts).

test.describe('the plain legacy example over portico-frame.js @legacy-plain', () => {
  // several round trips each, on a shared two-core machine
  test.describe.configure({ timeout: 60_000 });

  test('admin creates, edits and deletes a zone; the editor dims the shell; each save is a toast', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await landed(page);
    await page.goto('/#/app/model/zone');
    const frame = legacyFrame(page);
    await expect(frame.getByRole('table')).toBeVisible();
    const name = `Plain Zone ${Date.now()}`;

    await frame.getByRole('button', { name: 'New' }).click();
    const editor = frame.getByRole('dialog', { name: 'New zone' });
    await expect(editor).toBeVisible();
    await expect(page.locator('header')).toHaveAttribute('data-blocked', 'true');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByRole('alert')).toHaveText('Name and zone type are required.');
    await editor.getByRole('textbox', { name: /^Name/ }).fill(name);
    await editor.getByRole('combobox').selectOption({ index: 1 });
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    await expect(page.locator('header')).not.toHaveAttribute('data-blocked', 'true');
    await expect(page.locator('.Toastify__toast').filter({ hasText: 'Zone saved' })).toBeVisible();
    await expect(page).toHaveURL(/#\/app\/model\/zone$/);

    await frame.getByRole('searchbox', { name: 'Filter' }).fill(name);
    await frame.getByRole('button', { name }).click();
    const edit = frame.getByRole('dialog', { name: 'Edit zone' });
    await edit.getByRole('textbox', { name: /^Name/ }).fill(`${name} (edited)`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await frame.getByRole('searchbox', { name: 'Filter' }).fill(`${name} (edited)`);
    await frame.getByRole('button', { name: `${name} (edited)` }).click();
    await frame.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await frame.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click();
    await expect(frame.getByRole('dialog')).toBeHidden();
    await expect(frame.getByText('No results.')).toBeVisible();
    await expect(
      page.locator('.Toastify__toast').filter({ hasText: 'Zone deleted' }),
    ).toBeVisible();
  });

  test('operator (zone:r, zone:u) may edit but gets no New and no Delete (permissions from the session data)', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await landed(page);
    await page.goto('/#/app/model/zone');
    const frame = legacyFrame(page);
    await expect(frame.getByRole('table')).toBeVisible();
    await expect(frame.getByRole('button', { name: 'New' })).toBeHidden();
    await frame.getByRole('row').nth(1).getByRole('button').click();
    const details = frame.getByRole('dialog', { name: 'Edit zone' });
    await expect(details).toBeVisible();
    await expect(details.getByRole('textbox', { name: /^Name/ })).toBeEditable();
    await expect(details.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(details.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.locator('header')).toHaveAttribute('data-blocked', 'true');
    await details.getByRole('button', { name: 'Cancel' }).click();
    await expect(details).toBeHidden();
    await expect(page.locator('header')).not.toHaveAttribute('data-blocked', 'true');
  });

  test('language and time-zone pushes re-label and re-format the frame at once', async ({
    page,
  }) => {
    // globex: no other plain spec changes its settings
    await signIn(page, 'globex');
    await landed(page);
    await page.goto('/#/app/model/zone');
    // the iframe's own title is translated too: find it by place, not by its English title
    const frame = page.frameLocator('main iframe');
    await expect(frame.getByRole('searchbox', { name: 'Filter' })).toBeVisible();
    await openUserMenuItem(page, 'Settings');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByLabel('Time zone', { exact: true }).selectOption('Asia/Tokyo');
    await dialog.getByLabel('Language').selectOption('fr');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(frame.getByTestId('legacy-timezone')).toHaveText('Asia/Tokyo');
    await expect(frame.getByRole('searchbox', { name: 'Filtrer' })).toBeVisible();
    await expect(frame.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('internal links become routerUpdate; navigateToEvent and handleAboutSection reach the shell', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await landed(page);
    await page.goto('/#/app/home/support');
    const frame = legacyFrame(page);
    await expect(frame.getByTestId('legacy-route')).toHaveText('/home/support');
    await frame.getByRole('link', { name: 'Open the zones' }).click();
    await expect(page).toHaveURL(/#\/app\/model\/zone$/);
    await expect(frame.getByRole('table')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/#\/app\/home\/support$/);
    await expect(frame.getByTestId('legacy-route')).toHaveText('/home/support');
    await frame.getByRole('button', { name: 'About' }).click();
    await expect(page.getByRole('dialog', { name: 'About' })).toBeVisible();
    await page.keyboard.press('Escape');
    await frame.getByRole('button', { name: 'Open the reports (console)' }).click();
    await expect(page).toHaveURL(/#\/app\/analytics\/report/);
    await expect(frame.getByTestId('legacy-route')).toHaveText(/^\/analytics\/report/);
  });

  test('a 401 inside the frame (sessionExpired) signs the shell out', async ({ page, request }) => {
    await signIn(page, 'operator');
    await landed(page);
    await page.goto('/#/app/model/zone');
    const frame = legacyFrame(page);
    await expect(frame.getByRole('table')).toBeVisible();
    await expectFrame401SignsOut(page, request);
  });

  test('opened outside the console, the page says so (BRIDGE_NO_PEER) and calls nothing', async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto('/legacy-plain/#/model/zone');
    await expect(page.getByRole('status').first()).toHaveText(
      'Open this page inside the Portico console.',
    );
    expect(requests.filter((path) => path.startsWith(API))).toEqual([]);
  });
});

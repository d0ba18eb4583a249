import { expect, test } from '@playwright/test';
import {
  NEW_ACCOUNT_PASSWORD,
  createAcmeAccount,
  legacyFrame,
  openUserMenuItem,
  signIn,
} from './helpers.ts';
import { expectNoPageAxeViolations } from './shell-helpers.ts';

/** `UTC+01:00`, `UTC-05:00` or `UTC`: the zone's offset now, as Node's ICU sees it (not core's code). */
function utcOffsetNow(timeZone: string): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  const offset = name.replace('GMT', 'UTC');
  return offset === 'UTC+00:00' ? 'UTC' : offset;
}

/** The date and clock now in `timeZone`, as parts (Node's ICU, not core's formatter). */
function partsNow(timeZone: string, hour12: boolean): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: hour12 ? 'h12' : 'h23',
  }).formatToParts(new Date()))
    parts[part.type] = part.value;
  return parts;
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

  test('the time-zone picker is searchable and grouped by region with the offset; the preview follows the formats; "saved" speaks the new language', async ({
    page,
  }) => {
    // an account of its own: the language it saves must not reach the tests beside it
    const username = await createAcmeAccount(page.request, { prefix: 'settings-fr' });
    await signIn(page, username, NEW_ACCOUNT_PASSWORD);
    await openUserMenuItem(page, 'Settings');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    const search = dialog.getByRole('searchbox', { name: 'Search time zones' });
    const zone = dialog.getByLabel('Time zone', { exact: true });
    /** The picker's groups as shown: region label → option texts. */
    const shownGroups = () =>
      zone.evaluate((select) =>
        [...select.querySelectorAll('optgroup')].map((group) => ({
          region: group.label,
          options: [...group.querySelectorAll('option')].map((option) => option.textContent),
        })),
      );

    // a city finds its zone, under its region, with its offset now; typing chose it
    await search.fill('Paris');
    await expect(dialog.getByText('Matching time zones: 1', { exact: true })).toBeVisible();
    await expect(zone).toHaveValue('Europe/Paris');
    expect(await shownGroups()).toEqual([
      { region: 'Europe', options: [`Paris (${utcOffsetNow('Europe/Paris')})`] },
    ]);
    // a region finds all its zones, and only those, each with an offset
    await search.fill('Europe');
    await expect(dialog.getByText(/^Matching time zones: \d+$/)).toBeVisible();
    const europe = await shownGroups();
    expect(europe.map((group) => group.region)).toEqual(['Europe']);
    expect(europe[0]!.options.length).toBeGreaterThan(20);
    for (const option of europe[0]!.options) expect(option).toMatch(/ \(UTC([+-]\d\d:\d\d)?\)$/);
    expect(europe[0]!.options).toContain(`London (${utcOffsetNow('Europe/London')})`);
    // an offset finds the zones of several regions, each under its own
    await search.fill('UTC+09:00');
    await expect(zone).not.toHaveValue('Europe/Paris');
    const nine = await shownGroups();
    expect(nine.map((group) => group.region)).toEqual(expect.arrayContaining(['Asia', 'Pacific']));
    expect(nine.flatMap((group) => group.options)).toContain('Tokyo (UTC+09:00)');
    for (const option of nine.flatMap((group) => group.options))
      expect(option).toMatch(/ \(UTC\+09:00\)$/);
    await search.fill('Paris');
    await expect(zone).toHaveValue('Europe/Paris');

    // the preview uses the chosen zone, date format and clock
    const preview = dialog.getByTestId('settings-preview');
    const expectPreview = async (dateFormat: string, hour12: boolean) =>
      expect(async () => {
        const p = partsNow('Europe/Paris', hour12);
        const date = dateFormat
          .replace('YYYY', p.year!)
          .replace('MM', p.month!)
          .replace('DD', p.day!);
        const time = `${hour12 ? String(Number(p.hour)) : p.hour!}:${p.minute!}${hour12 ? ` ${p.dayPeriod!}` : ''}`;
        await expect(preview).toHaveText(`Preview with these settings: ${date} ${time}`, {
          timeout: 1_000,
        });
      }).toPass();
    // (Acme's clock is 12-hour: the account starts with it)
    await dialog.getByLabel('Date format').selectOption('YYYY-MM-DD');
    await expect(dialog.getByRole('radio', { name: '12-hour' })).toBeChecked();
    await expectPreview('YYYY-MM-DD', true);
    await dialog.getByLabel('Date format').selectOption('DD.MM.YYYY');
    await expectPreview('DD.MM.YYYY', true);
    await dialog.getByRole('radio', { name: '24-hour' }).check();
    await expectPreview('DD.MM.YYYY', false);

    // saved with a new language: the notice speaks French, and says what was saved
    await dialog.getByLabel('Language').selectOption('fr');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const toasts = page.locator('.Toastify__toast');
    await expect(
      toasts.filter({
        hasText:
          'Paramètres enregistrés : Fuseau horaire (Europe/Paris), Format de date (DD.MM.YYYY), Horloge (24 heures), Langue (Français).',
      }),
    ).toBeVisible();
    await expect(toasts).toHaveCount(1);
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
    await expectNoPageAxeViolations(page);
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
    // the page opens with the Username box focused (autofocus in the pre-rendered form)
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
    await expectNoPageAxeViolations(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your username.')).toBeVisible();
    await expectNoPageAxeViolations(page);
    await signIn(page, 'admin');
    await expect(legacyFrame(page).getByRole('table')).toBeVisible();
    await expectNoPageAxeViolations(page);
    await openUserMenuItem(page, 'Settings');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await expectNoPageAxeViolations(page);
  });
});

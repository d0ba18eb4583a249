// Signing in lands where it should, in the right language: a link pasted into the first sign-in tab
// is remembered (spec §2 guard (a)), and the user's language wins over the browser's as soon as the
// session loads (spec §2 "Languages", §5).
import { expect, test } from '@playwright/test';
import { NEW_ACCOUNT_PASSWORD, createAcmeAccount, landed, legacyFrame, signIn } from './helpers.ts';
import { expectNoShellAxeViolations } from './shell-helpers.ts';

test.describe.configure({ timeout: 90_000 });

test('a link pasted into the first sign-in tab is opened after signing in (guard (a))', async ({
  page,
}) => {
  await page.goto('/#/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  // pasted into the address bar: only the hash changes, the first sign-in page stays loaded
  await page.goto('/#/app/model/zone');
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { sameDocument?: boolean }).sameDocument === true,
    ),
  ).toBe(true);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/#\/app\/model\/zone$/);
  await landed(page);
  await expect(legacyFrame(page).getByTestId('legacy-route')).toHaveText('/model/zone');
});

test('the same once the user has started typing (the signed-in console is loading behind the form)', async ({
  page,
}) => {
  await page.goto('/#/login');
  await page.getByRole('textbox', { name: 'Username' }).fill('admin');
  // typing fetches the console ahead (its router included): wait until it is there
  await expect(page.locator('[data-prebooted-frame] iframe')).toHaveCount(1);
  await page.goto('/#/app/model/zone');
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('admin');
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/#\/app\/model\/zone$/, { timeout: 30_000 });
  await landed(page);
});

test.describe("the user's language wins at sign-in", () => {
  test.use({ locale: 'es-ES' });

  test('a Spanish browser, a user whose language is English: an English shell without a reload', async ({
    page,
    request,
  }) => {
    const username = await createAcmeAccount(request, { prefix: 'lang-en', language: 'en' });
    await page.goto('/#/login');
    // the sign-in page speaks the browser's language
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('textbox', { name: 'Nombre de usuario' }).fill(username);
    await page.getByLabel('Contraseña', { exact: true }).fill(NEW_ACCOUNT_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    // the shell is English at once: its landmarks, its menu, the document's language
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Cerrar sesión' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await landed(page);
    expect(
      await page.evaluate(
        () => (window as unknown as { sameDocument?: boolean }).sameDocument === true,
      ),
    ).toBe(true);
    await expectNoShellAxeViolations(page);
  });
});

// Sign-in with SSO end to end (spec §2 "OAuth return"): the console stores this tab's state and
// leaves for the identity provider named by portico.config.json's ssoUrl (the services' demo
// provider by default), which signs a demo account in and sends the browser back with
// `$oauth_status`, `token` and the state echoed; the console accepts that return only in the tab
// that left. Planted cookies without the state are refused (guards.spec, session-races.spec).
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, landed, legacyFrame, signIn, signOut } from './helpers.ts';
import { expectNoShellAxeViolations } from './shell-helpers.ts';

test.describe.configure({ timeout: 90_000 });

const OAUTH_COOKIES = ['$oauth_status', '$oauth_state', 'token'];

async function oauthCookies(page: Page): Promise<string[]> {
  return (await page.context().cookies())
    .map((cookie) => cookie.name)
    .filter((name) => OAUTH_COOKIES.includes(name));
}

async function signInAtProvider(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a deep link, "Sign in with SSO", the demo provider, and back on that page, signed in', async ({
  page,
}) => {
  await page.goto('/#/app/model/zone');
  await expect(page).toHaveURL(/#\/login$/);
  const sso = page.getByRole('link', { name: 'Sign in with SSO' });
  await expect(sso).toBeVisible();
  await expectNoShellAxeViolations(page, 'sign-in page: ');
  await sso.click();

  // the provider: this tab's state and return address, its own accessible page
  await expect(page).toHaveURL(/\/demo-idp\/authorize\?/);
  const url = new URL(page.url());
  const state = url.searchParams.get('state');
  expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(url.searchParams.get('redirect_uri')).toBe(`${url.origin}/`);
  expect(await page.evaluate(() => sessionStorage.getItem('OAUTH_STATE'))).toBe(state);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in with SSO' })).toBeVisible();
  await expectNoShellAxeViolations(page, 'identity provider: ');

  // a wrong password stays on the provider, with its message
  await signInAtProvider(page, 'admin', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await expectNoShellAxeViolations(page, 'identity provider, error: ');
  await signInAtProvider(page, 'admin');

  // back in the console: signed in, on the remembered page, the return's cookies and state gone
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/#\/app\/model\/zone$/);
  await landed(page);
  await expect(legacyFrame(page).getByTestId('legacy-route')).toHaveText('/model/zone');
  expect(await oauthCookies(page)).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('OAUTH_STATE'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).toBeTruthy();
});

test('after a sign-out, SSO from the sign-in page of the running console; Cancel comes back to the form', async ({
  page,
}) => {
  await signIn(page, 'operator');
  await landed(page);
  await signOut(page);
  // Cancel at the provider: back on the sign-in form, no session
  await page.getByRole('link', { name: 'Sign in with SSO' }).click();
  await expect(page).toHaveURL(/\/demo-idp\/authorize\?/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await oauthCookies(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).toBeNull();
  // and again, to the end
  await page.getByRole('link', { name: 'Sign in with SSO' }).click();
  await expect(page).toHaveURL(/\/demo-idp\/authorize\?/);
  await signInAtProvider(page, 'operator');
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible({ timeout: 30_000 });
  await landed(page);
  expect(await oauthCookies(page)).toEqual([]);
});

test('a return that reaches another tab (which did not leave) is refused there', async ({
  page,
  context,
}) => {
  await page.goto('/#/login');
  await page.getByRole('link', { name: 'Sign in with SSO' }).click();
  await expect(page).toHaveURL(/\/demo-idp\/authorize\?/);
  // the provider's answer is followed in a tab of its own: its session storage holds no state
  const other = await context.newPage();
  await other.goto(page.url());
  await signInAtProvider(other, 'admin');
  await expect(other).toHaveURL(/#\/login$/);
  await expect(other.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await other.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).toBeNull();
  expect(await oauthCookies(other)).toEqual([]);
});

test.describe('in the browser language', () => {
  test.use({ locale: 'fr-FR' });

  test('the link and the provider speak French', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByRole('link', { name: 'Se connecter avec SSO' }).click();
    await expect(page).toHaveURL(/ui_locales=fr/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Se connecter avec SSO' }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: "Nom d'utilisateur" })).toBeVisible();
    await expectNoShellAxeViolations(page, 'identity provider (fr): ');
  });
});

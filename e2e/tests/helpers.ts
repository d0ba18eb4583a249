import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo';

/** Signs in through the login form and waits for the shell. */
export async function signIn(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  if (!page.url().includes('#/login')) await page.goto('/#/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // sign-in loads the shell chunk and six API answers: allow for a loaded machine
  await expect(
    page.getByRole('navigation', { name: /^(Modules|Módulos|Módulos|Modules|Moduli)$/ }),
  ).toBeVisible({ timeout: 30_000 });
}

/** The names of the links in the Modules navigation, in order. */
export async function moduleTabs(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Modules' });
  return nav
    .getByRole('link')
    .allInnerTexts()
    .then((names) => names.map((name) => name.trim()));
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/#\/login$/);
}

export const API = '/riot-core-services/api';

/** Logs in through the API (no browser) and returns the token. */
export async function apiLogin(
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await request.post(`${API}/user/login`, { data: { username, password } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** The frame's locator root. */
export function legacyFrame(page: Page) {
  return page.frameLocator('iframe[title="Legacy interface"]');
}

export async function openUserMenuItem(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name }).click();
}

/**
 * Waits until the shell has settled on its landing page and the frame confirmed it (routerSuccess):
 * a `page.goto` to another hash before that races the landing redirect.
 */
export async function landed(page: Page): Promise<void> {
  await expect(page.locator('[data-route-phase="navigateSuccess"]')).toHaveCount(1, {
    timeout: 15_000,
  });
}

/** The password of the accounts tests create (long, not a common one, not the username). */
export const NEW_ACCOUNT_PASSWORD = 'e2e-Portico-passphrase-2026';

/**
 * Creates an Acme account of its own, signed-in-able with {@link NEW_ACCOUNT_PASSWORD}, for a test
 * that changes the user's own settings (its language…): the demo accounts stay as the tests
 * running beside it expect them. `language` is set as the user's own setting. Returns the username.
 */
export async function createAcmeAccount(
  request: APIRequestContext,
  options: { prefix: string; role?: string; language?: string },
): Promise<string> {
  const headers = { token: await apiLogin(request, 'admin') };
  const roles = await request.get(`${API}/role?pageSize=100`, { headers });
  expect(roles.status()).toBe(200);
  const roleName = options.role ?? 'Tenant Administrator';
  const role = (
    (await roles.json()) as { results: Array<{ id: number; name: string }> }
  ).results.find((candidate) => candidate.name === roleName);
  expect(role, roleName).toBeDefined();
  const username = `${options.prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const created = await request.post(`${API}/user`, {
    headers,
    data: {
      username,
      firstName: 'Test',
      lastName: options.prefix,
      password: NEW_ACCOUNT_PASSWORD,
      roleIds: [role!.id],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  if (options.language) {
    const set = await request.put(`${API}/user/${id}/field/language`, {
      headers,
      data: { value: options.language },
    });
    expect(set.ok(), await set.text()).toBe(true);
  }
  return username;
}

/** A new Acme account (`createAcmeAccount`) signed in on `page`; returns its username. */
export async function signInNewAcmeAccount(
  page: Page,
  request: APIRequestContext,
  options: { prefix: string; role?: string; language?: string },
): Promise<string> {
  const username = await createAcmeAccount(request, options);
  await signIn(page, username, NEW_ACCOUNT_PASSWORD);
  return username;
}

/**
 * Signs in a tenant administrator of Acme in `language`: the demo `admin` in English, otherwise a
 * new Acme account (`prefix` names it) whose language is `language`.
 */
export async function signInAdministrator(
  page: Page,
  request: APIRequestContext,
  language: string,
  prefix: string,
): Promise<void> {
  if (language === 'en') await signIn(page, 'admin');
  else await signInNewAcmeAccount(page, request, { prefix, language });
}

/**
 * Chooses a record in a legacy UI reference combobox as a person does: types part of its name and
 * picks the option the server offered (`option` the option's accessible name), or with nothing
 * typed takes the first choice with the keyboard.
 */
export async function chooseReference(
  combobox: Locator,
  typed = '',
  option?: string | RegExp,
): Promise<void> {
  await combobox.click();
  if (typed) await combobox.fill(typed);
  const choices = combobox
    .locator('xpath=ancestor::span[contains(concat(" ", @class, " "), " combobox ")][1]')
    .getByRole('option');
  if (option === undefined) {
    await expect(choices.first()).toBeVisible();
    await combobox.press('Enter');
  } else {
    await choices.filter({ hasText: option }).first().click();
  }
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}

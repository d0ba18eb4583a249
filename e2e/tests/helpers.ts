import {
  expect,
  test,
  type APIRequestContext,
  type FrameLocator,
  type Locator,
  type Page,
} from '@playwright/test';

export const DEMO_PASSWORD = 'demo';

/** Signs in through the login form and waits for the shell. */
export async function signIn(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
  timeout = 30_000,
): Promise<void> {
  if (!page.url().includes('#/login')) await page.goto('/#/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // sign-in loads the shell chunk and six API answers: allow for a loaded machine
  await expect(
    page.getByRole('navigation', { name: /^(Modules|Módulos|Módulos|Modules|Moduli)$/ }),
  ).toBeVisible({ timeout });
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

/**
 * The settings of the specs that walk a whole task through the frame (forms, uploads, several axe
 * scans): a test may take `timeout` ms and each expectation 20 s on a loaded two-core machine, and
 * the service worker stays out of the way. Called at the top of the spec; returns the spec's
 * `expect` (20 s for each expectation).
 */
export function longTaskSpec(timeout = 240_000): typeof expect {
  test.describe.configure({ timeout });
  test.use({ serviceWorkers: 'block' });
  return expect.configure({ timeout: 20_000 });
}

/** The window of a spec run at `width` (the 1440 px desktop or the 390 px phone). */
export function viewportOf(width: number): { width: number; height: number } {
  return { width, height: width > 600 ? 900 : 844 };
}

/** Creates a record through the API (201 expected) and returns its id. */
export async function apiCreate(
  request: APIRequestContext,
  token: string,
  path: string,
  data: Record<string, unknown>,
): Promise<{ id: number }> {
  const response = await request.post(`${API}${path}`, { headers: { token }, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/**
 * A tenant of a test's own under root's, made by root: a `Pallet` thing type, a role named
 * `roleName` with `permissions` and a user of it (signed-in-able with {@link NEW_ACCOUNT_PASSWORD}),
 * whose language is `language` when given. For the specs whose changes would disturb the tests
 * running beside them on Acme (a license limit, a restore).
 */
export async function createOwnTenant(
  request: APIRequestContext,
  options: {
    prefix: string;
    name: string;
    roleName: string;
    permissions: string[];
    language?: string;
  },
) {
  const token = await apiLogin(request, 'root');
  const who = (await (await request.get(`${API}/user/whoami`, { headers: { token } })).json()) as {
    group: { id: number };
  };
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const name = `${options.name} ${suffix}`;
  const tenant = await apiCreate(request, token, '/group', {
    name,
    code: `${options.prefix}-${suffix}`,
    parentId: who.group.id,
  });
  const type = await apiCreate(request, token, '/thingType', {
    name: 'Pallet',
    code: `pallet-${suffix}`,
    groupId: tenant.id,
  });
  const role = await apiCreate(request, token, '/role', {
    name: options.roleName,
    groupId: tenant.id,
    permissions: options.permissions,
  });
  const username = `${options.prefix}-${suffix}`;
  const user = await apiCreate(request, token, '/user', {
    username,
    password: NEW_ACCOUNT_PASSWORD,
    groupId: tenant.id,
    roleIds: [role.id],
  });
  if (options.language) {
    const set = await request.put(`${API}/user/${user.id}/field/language`, {
      headers: { token },
      data: { value: options.language },
    });
    expect(set.ok(), await set.text()).toBe(true);
  }
  return { id: tenant.id, name, username, token, typeId: type.id };
}

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
 * {@link signInAdministrator} in a window `width` px wide ({@link viewportOf}). The frame's title
 * is in the user's language: it is found by its place, `main iframe`.
 */
export async function administratorAt(
  page: Page,
  request: APIRequestContext,
  options: { language: string; width: number; prefix: string },
): Promise<{ frame: FrameLocator; frameSelector: string }> {
  await page.setViewportSize(viewportOf(options.width));
  await signInAdministrator(page, request, options.language, options.prefix);
  const frameSelector = 'main iframe';
  return { frame: page.frameLocator(frameSelector), frameSelector };
}

/** Ends the session of `page` on the server (as after its timeout); the page is not told. */
export async function endSessionOnServer(page: Page, request: APIRequestContext): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'));
  expect(
    (await request.post(`${API}/user/logout`, { headers: { token: token! }, data: {} })).ok(),
  ).toBe(true);
}

/**
 * The session of `page` ends on the server; the frame's next call (its list filtered) gets a 401
 * and the shell signs out.
 */
export async function expectFrame401SignsOut(
  page: Page,
  request: APIRequestContext,
): Promise<void> {
  await endSessionOnServer(page, request);
  await legacyFrame(page).getByRole('searchbox', { name: 'Filter' }).fill('Dock');
  await expect(page).toHaveURL(/#\/login$/);
}

/** Every page under `glob` (the legacy UI) answers a page that never speaks the protocol. */
export async function silenceFrame(page: Page, glob: string): Promise<void> {
  await page.route(glob, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Silent</title><p>silent</p></html>',
    }),
  );
}

/**
 * Stops the pages' clock (installed by `page.clock.install()`; their timers, Date and animation
 * frames, the frame's too) a moment ahead of their time: from then on it moves only when the test
 * runs it (`page.clock.runFor`), or by itself again after `page.clock.resume()`.
 */
export async function pauseClock(page: Page): Promise<void> {
  // pauseAt only goes forward: a second ahead of the page's clock, which runs meanwhile
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

/**
 * With the pages' clock installed before the sign-in, runs it past the frame's 10 s request
 * timeout (spec §9) from the moment the shell sent the frame its page: the "not responding" alert
 * shows then, with the clock stopped (not by waiting out the time). Lets the clock go again and
 * returns the alert.
 */
export async function expectFrameTimeout(page: Page): Promise<Locator> {
  const alert = page.getByRole('alert').filter({ hasText: 'The page is not responding' });
  // the shell has sent the frame its page: the request whose answer never comes
  await expect(page.locator('[data-route-phase="navigate"]')).toHaveCount(1);
  await pauseClock(page);
  await page.clock.runFor(10_000);
  await expect(alert).toBeVisible();
  await page.clock.resume();
  return alert;
}

/**
 * Signs in `nobody` (a user who may open no module) and checks the shell's page for them says
 * there is nothing to manage and whom to ask; returns the page's main region. `timeout` is each
 * expectation's (the configured one by default).
 */
export async function signInNobody(
  page: Page,
  options: { signInTimeout?: number; timeout?: number } = {},
): Promise<Locator> {
  await signIn(page, 'nobody', DEMO_PASSWORD, options.signInTimeout);
  const main = page.getByRole('main');
  await expect(
    main.getByRole('heading', { name: 'There is nothing to manage here yet' }),
  ).toBeVisible({ timeout: options.timeout });
  await expect(main).toContainText(
    'Ask an administrator of Acme Logistics to give your account a role with the modules you need.',
    { timeout: options.timeout },
  );
  return main;
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

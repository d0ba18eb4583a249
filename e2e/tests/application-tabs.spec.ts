// Application tabs (spec §2 module applicationTab) as people use them. The administrator finds
// Acme's own tabs in the Modules navigation, opens a menu, sees its reports and runs one; makes a
// new tab in the custom tab editor, which appears in the navigation without a reload, in this
// window and in a second one of the same tenant. An operator (report_definition:r, no settings:u)
// at 390 px in French sees the tabs in the tenant's French labels and no editor; nobody sees none.
// Axe on every screen.
import { expect as baseExpect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  API,
  NEW_ACCOUNT_PASSWORD,
  apiLogin,
  chooseReference,
  createAcmeAccount,
  moduleTabs,
  signIn,
} from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoShellAxeViolations } from './shell-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });
test.use({ serviceWorkers: 'block' });

const FRAME = 'main iframe';

/** Acme's group id and its applicationTabs value now (to put back after a test changes it). */
async function acmeTabs(request: APIRequestContext) {
  const token = await apiLogin(request, 'admin');
  const who = await request.get(`${API}/user/whoami`, { headers: { token } });
  const me = (await who.json()) as { activeGroup?: { id: number }; group?: { id: number } };
  const groupId = me.activeGroup?.id ?? me.group!.id;
  const fields = await request.get(`${API}/group/${groupId}/fields`, { headers: { token } });
  const row = (
    (await fields.json()) as { results: { name: string; value: string | null }[] }
  ).results.find((field) => field.name === 'applicationTabs');
  return { token, groupId, value: row?.value ?? null };
}

/**
 * Acme's tabs as they were before the running test changed them, put back after it even when it
 * times out (a `finally` in the test does not run then, and the tab it made was left in the tenant
 * for every later test: the Modules folded into their menu at 1440 px).
 */
let tabsToPutBack: Awaited<ReturnType<typeof acmeTabs>> | null = null;
test.afterEach(async ({ request }) => {
  const saved = tabsToPutBack;
  tabsToPutBack = null;
  if (!saved) return;
  const put = await request.put(`${API}/group/${saved.groupId}/field/applicationTabs`, {
    headers: { token: saved.token },
    data: { value: saved.value },
  });
  expect(put.ok(), await put.text()).toBe(true);
});

async function modulesNav(page: Page) {
  return page.getByRole('navigation', { name: /^(Modules|Módulos|Moduli)$/ });
}

test('admin: Acme’s tabs, a menu’s reports, one run; a new tab shows at once in two windows (en, 1440 px)', async ({
  page,
  request,
}) => {
  tabsToPutBack = await acmeTabs(request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  const nav = await modulesNav(page);
  // the tenant's tabs follow the built-in modules, in Acme's English labels
  await expect.poll(() => moduleTabs(page)).toContain('Compliance');
  const tabs = await moduleTabs(page);
  expect(tabs.slice(-2)).toEqual(['Operations', 'Compliance']);
  await nav.getByRole('link', { name: 'Operations' }).click();
  await expect(page).toHaveURL(/#\/app\/applicationTab\/1\/menu\/1$/);
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar.getByRole('link')).toHaveText(['Daily', 'Inventory']);
  const frame = page.frameLocator(FRAME);
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Operations › Daily');
  const table = frame.getByRole('table');
  await expect(table.getByRole('link')).toHaveText(['Operations summary', 'Operations history']);
  await expectNoShellAxeViolations(page, 'application tab menu (en): ');
  await expectNoFrameAxeViolations(page, 'application tab menu (en): ', FRAME);

  // the menu's Inventory page, then one of its reports, run
  await sidebar.getByRole('link', { name: 'Inventory' }).click();
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Operations › Inventory');
  await frame.getByRole('link', { name: 'Inventory summary' }).click();
  await expect(page).toHaveURL(/#\/app\/applicationTab\/1\/menu\/2\/report\/\d+$/);
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Inventory summary');
  await expect(frame.getByRole('link', { name: 'Back to Operations › Inventory' })).toBeVisible();
  await expectNoFrameAxeViolations(page, 'application tab report (en): ', FRAME);

  // a second window of the same tenant
  const second = await page.context().newPage();
  await second.setViewportSize({ width: 1440, height: 900 });
  await second.goto('/#/app/analytics');
  await expect(await modulesNav(second)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => moduleTabs(second)).toContain('Operations');

  // a new tab, made in the editor the shell opens
  const name = `Quality ${Date.now() % 100000}`;
  await sidebar.getByRole('button', { name: 'New application tab' }).click();
  const dialog = frame.getByRole('dialog', { name: 'New custom tab' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('group', { name: 'Tab name' }).getByLabel('English').fill(name);
  await dialog.getByRole('group', { name: 'Tab name' }).getByLabel('French').fill(`${name} fr`);
  const menu = dialog.getByRole('group', { name: 'Menu 1', exact: true });
  await menu.getByRole('group', { name: 'Name of menu 1' }).getByLabel('English').fill('Weekly');
  await chooseReference(
    menu.getByRole('combobox', { name: /to menu 1$/ }),
    'Compliance',
    /Compliance summary/,
  );
  await expect(menu.getByRole('list')).toContainText('Compliance summary');
  await expectNoFrameAxeViolations(page, 'custom tab editor (en): ', FRAME);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // no reload: the shell's navigation follows the saved configuration, in both windows (with
  // one more tab the Modules may fold into their menu: the link is there either way)
  await expect(nav.getByRole('link', { name, includeHidden: true })).toHaveCount(1);
  await expect(
    (await modulesNav(second)).getByRole('link', { name, includeHidden: true }),
  ).toHaveCount(1);
  // the fold is measured after the new link renders (visible for a moment, then in the menu):
  // open the menu when the link is folded, and try again until the layout has settled
  const link = nav.getByRole('link', { name });
  const toggle = nav.getByRole('button', { name: /^Modules: / });
  await expect(async () => {
    if (!(await link.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true')
      await toggle.click({ timeout: 2_000 });
    await link.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(`${name} › Weekly`);
  await expect(frame.getByRole('link', { name: 'Compliance summary' })).toBeVisible();
  await second.close();
});

test('an operator sees the tabs in French and no editor; nobody sees none (fr, 390 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const username = await createAcmeAccount(request, {
    prefix: 'apptabs',
    role: 'Operator',
    language: 'fr',
  });
  await signIn(page, username, NEW_ACCOUNT_PASSWORD);
  const nav = await modulesNav(page);
  // on a phone the tabs fold into the Modules menu
  const toggle = nav.getByRole('button').first();
  await toggle.click();
  await expect(nav.getByRole('link', { name: 'Opérations' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Conformité' })).toBeVisible();
  await expectNoShellAxeViolations(page, 'modules menu (fr): ');
  await nav.getByRole('link', { name: 'Conformité' }).click();
  await expect(page).toHaveURL(/#\/app\/applicationTab\/2\/menu\/1$/);
  const frame = page.frameLocator(FRAME);
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Conformité › Audits');
  await expect(frame.getByRole('table').getByRole('link')).toHaveText([
    'Compliance summary',
    'Compliance history',
  ]);
  // no settings:u: the shell offers no editor
  await expect(page.getByRole('button', { name: /Modifier l’onglet/ })).toHaveCount(0);
  await expectNoShellAxeViolations(page, 'application tab menu (fr): ');
  await expectNoFrameAxeViolations(page, 'application tab menu (fr): ', FRAME);
  // an id the tenant does not define is refused like any page the user may not open
  await page.goto('/#/app/applicationTab/9/menu/1');
  await expect(
    page.getByRole('heading', { name: 'Vous ne pouvez pas ouvrir cette page' }),
  ).toBeVisible();

  // nobody: no report_definition:r, so no application tab at all
  const other = await page.context().browser()!.newContext({ serviceWorkers: 'block' });
  const nobody = await other.newPage();
  await nobody.setViewportSize({ width: 1440, height: 900 });
  await signIn(nobody, 'nobody');
  expect(await moduleTabs(nobody)).toEqual(['Home']);
  await other.close();
});

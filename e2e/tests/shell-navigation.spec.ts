// The shell's navigation by spec §2: every sidebar state shapes the sidebar, a module never
// offers a page the user may not open (sidebar, the frame's landing page, palette), a forbidden
// deep link keeps its address in the explanation, and every page a user may open is reachable from
// the sidebar and the palette (Acme has autoLoadTabMenus "true").
import { expect, test, type Page } from '@playwright/test';
import { legacyFrame, signIn } from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoShellAxeViolations } from './shell-helpers.ts';

// sign-in, the shell chunk, the frame and axe on a shared two-core machine
test.describe.configure({ timeout: 120_000 });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });
const pagesButton = (page: Page) => page.getByRole('button', { name: 'Pages', exact: true });

async function openByAddress(page: Page, path: string): Promise<void> {
  await page.goto(`/#${path}`);
  await expect(page).toHaveURL(new RegExp(`#${path.replaceAll('/', '\\/')}$`));
}

/**
 * Opens a module from the Modules navigation: its tab, or, when the tabs are folded into the
 * Modules menu (Acme's own application tabs follow the modules), that menu's entry.
 */
async function openModule(page: Page, name: string): Promise<void> {
  const modules = page.getByRole('navigation', { name: 'Modules' });
  const link = modules.getByRole('link', { name });
  if (!(await link.isVisible())) await modules.getByRole('button', { name: /^Modules: / }).click();
  await link.click();
}

async function paletteFind(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Go to page' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type(query);
  return dialog;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`sidebar states at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('NONE pages have no standing sidebar, their pages one button away; BLANK has neither; DEFAULT and REPORTS stand', async ({
      page,
    }) => {
      const phone = viewport.width < 700;
      await signIn(page, 'admin');

      // DEFAULT (the things list): the sidebar stands on a wide screen, a drawer on a phone
      await openByAddress(page, '/app/things/thing');
      await expect(legacyFrame(page).getByTestId('legacy-route')).toHaveText('/things/thing');
      if (phone) {
        await expect(sidebar(page)).toBeHidden();
        await expect(pagesButton(page)).toBeVisible();
      } else {
        await expect(sidebar(page)).toBeVisible();
        await expect(pagesButton(page)).toBeHidden();
      }

      // NONE: the welcome page, the map maker, a module landing: no sidebar, a Pages button
      for (const [path, title] of [
        ['/app/home/welcome', 'Welcome'],
        ['/app/model/mapmaker', 'Map maker'],
        ['/app/tenants/settings', 'Settings'],
      ] as const) {
        await openByAddress(page, path);
        await expect(legacyFrame(page).getByTestId('legacy-route')).toHaveText(path.slice(4));
        // the shell follows once the frame has answered: its title says it has
        await expect(page).toHaveTitle(new RegExp(`^${title} · `));
        await expect(sidebar(page), path).toBeHidden();
        await expect(pagesButton(page), path).toBeVisible();
      }
      // the Pages button opens the module's pages as a drawer, by keyboard too
      await pagesButton(page).focus();
      await page.keyboard.press('Enter');
      await expect(sidebar(page)).toBeVisible();
      await expect(sidebar(page).locator('a[aria-current="page"]')).toBeFocused();
      await expectNoShellAxeViolations(page, 'NONE drawer: ');
      await page.keyboard.press('Escape');
      await expect(sidebar(page)).toBeHidden();
      await expect(pagesButton(page)).toBeFocused();
      await pagesButton(page).click();
      await sidebar(page).getByRole('link', { name: 'Staff' }).click();
      await expect(page).toHaveURL(/#\/app\/tenants\/user$/);
      if (!phone) await expect(sidebar(page)).toBeVisible();
      else {
        // a navigation that does not come from the open drawer (Back) closes it, and the focus
        // goes to the page rather than to a link that is gone
        await pagesButton(page).click();
        await expect(sidebar(page).locator('a[aria-current="page"]')).toBeFocused();
        await page.goBack();
        await expect(page).toHaveURL(/#\/app\/tenants\/settings$/);
        await expect(sidebar(page)).toBeHidden();
        await expect(page.locator('#main-content')).toBeFocused();
        await page.goForward();
        await expect(page).toHaveURL(/#\/app\/tenants\/user$/);
      }

      // BLANK: the versioning definition has no sidebar and no Pages button
      await openByAddress(page, '/app/services/versioning/definition');
      await expect(legacyFrame(page).getByTestId('legacy-route')).toHaveText(
        '/services/versioning/definition',
      );
      await expect(sidebar(page)).toBeHidden();
      await expect(pagesButton(page)).toHaveCount(0);
      await expectNoShellAxeViolations(page, 'BLANK: ');

      // REPORTS: the analytics pages stand beside the page
      await openByAddress(page, '/app/analytics/report/list');
      if (!phone) await expect(sidebar(page)).toBeVisible();
      else await expect(pagesButton(page)).toBeVisible();
    });
  });
}

test.describe('a module never offers a page the user may not open (the demo viewer)', () => {
  test('the Analytics tab offers no report page; a deep link to one keeps its address and says why', async ({
    page,
  }) => {
    await signIn(page, 'viewer');
    // viewer reads reports (report_definition:r) but report pages need report_definition:x
    await openModule(page, 'Analytics');
    await expect(page).toHaveURL(/#\/app\/analytics$/);
    const frame = legacyFrame(page);
    await expect(frame.getByTestId('legacy-route')).toHaveText('/analytics');
    await expect(frame.getByRole('note')).toHaveText(
      'There is no page here that your account may open.',
    );
    await expect(frame.getByRole('navigation', { name: 'Pages' }).getByRole('link')).toHaveCount(0);
    await expect(sidebar(page)).toBeHidden();
    await expect(pagesButton(page)).toHaveCount(0);
    // nor does the palette
    const dialog = await paletteFind(page, 'report');
    await expect(dialog.getByRole('option')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // a deep link to the reports list: the address stays, the page explains, no toast
    await page.goto('/#/app/analytics/report/list');
    const explanation = page.getByTestId('forbidden-page');
    await expect(
      explanation.getByRole('heading', { name: 'You may not open this page' }),
    ).toBeVisible();
    await expect(
      explanation.getByText('#/app/analytics/report/list', { exact: true }),
    ).toBeVisible();
    await expect(explanation).toContainText(
      'You cannot open Reports: your account does not have that permission. Ask an administrator for it.',
    );
    await expect(page).toHaveURL(/#\/app\/analytics\/report\/list$/);
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
    await expect(page.locator('iframe[title="Legacy interface"]')).toBeHidden();
    await expectNoShellAxeViolations(page, 'forbidden: ');

    // a hidden tab says so; the way on is a link to the start page, by keyboard
    await page.goto('/#/app/services/connection');
    await expect(explanation).toContainText(
      'You cannot open Connections: the Services tab is hidden for your account.',
    );
    await expect(explanation.getByText('#/app/services/connection', { exact: true })).toBeVisible();
    await explanation.getByRole('link', { name: 'Go to your start page' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/app\/things\/thing$/);
    await expect(explanation).toHaveCount(0);
    await expect(legacyFrame(page).getByTestId('legacy-route')).toHaveText('/things/thing');
  });
});

test.describe('every page a user may open is reachable from the sidebar and the palette', () => {
  test('the reports list and the audit log, for a tenant with autoLoadTabMenus', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    // Acme auto-loads a module's first page: Analytics opens the report folders
    await openModule(page, 'Analytics');
    await expect(page).toHaveURL(/#\/app\/analytics\/report$/);
    // one name for the folders page: the sidebar, the page's heading and the frame agree
    await expect(sidebar(page).getByRole('link', { name: 'Report folders' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report folders');
    await expect(legacyFrame(page).getByRole('heading', { level: 1 })).toHaveText('Report folders');
    await sidebar(page).getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(page).toHaveURL(/#\/app\/analytics\/report\/list$/);
    await expect(legacyFrame(page).getByTestId('legacy-route')).toHaveText(
      '/analytics/report/list',
    );
    await expectNoFrameAxeViolations(page, 'reports list: ');

    // the audit log: in the Services sidebar and the palette
    await openModule(page, 'Services');
    await expect(page).toHaveURL(/#\/app\/services\/importExport$/);
    await expect(sidebar(page).getByRole('link', { name: 'Logs' })).toBeVisible();
    const dialog = await paletteFind(page, 'logs');
    await expect(dialog.getByRole('option', { name: 'Logs, Services' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/app\/services\/logs$/);
    await expect(legacyFrame(page).getByTestId('legacy-route')).toHaveText('/services/logs');
    // and the reports list by its name
    await paletteFind(page, 'reports');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/app\/analytics\/report\/list$/);
  });
});

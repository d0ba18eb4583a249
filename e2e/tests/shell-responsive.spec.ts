// The shell from a phone (390 × 844, touch) to a laptop (1024 × 700, 1366 × 768):
// modules collapse into a menu and a module's pages into a drawer on the phone, menus and dialogs
// open on-screen, and the page never scrolls sideways. Screenshots of the main screens are attached.
import { expect, test, type Page } from '@playwright/test';
import { legacyFrame, openUserMenuItem, signIn } from './helpers.ts';
import {
  attachScreenshot,
  expectInViewport,
  expectNoHorizontalOverflow,
  expectNothingOverflows,
} from './shell-helpers.ts';

test.describe.configure({ timeout: 120_000 });

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  {
    name: 'small laptop',
    viewport: { width: 1024, height: 700 },
    hasTouch: false,
    isMobile: false,
  },
  { name: 'laptop', viewport: { width: 1366, height: 768 }, hasTouch: false, isMobile: false },
] as const;

/**
 * Opens a module from the top bar: its tab, or the Modules menu when the tabs are folded into it
 * (always on a phone; at 1024 px when they do not fit, see {@link expectModuleReachable}).
 */
async function goToModule(page: Page, phone: boolean, name: string): Promise<void> {
  const modules = page.getByRole('navigation', { name: 'Modules' });
  if (phone || !(await modules.getByRole('link', { name }).isVisible())) {
    const toggle = modules.getByRole('button', { name: /^Modules: / });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expectInViewport(page, modules.getByRole('list'));
  }
  await modules.getByRole('link', { name }).click();
}

/**
 * A module is a tab in the bar, or, when the tabs do not fit and are folded into the Modules menu,
 * an entry of that menu. At 1024 px the English tabs fit with about 20 px to spare, so a wider
 * font may fold them: either is right, as long as the module is reachable and nothing overflows.
 */
async function expectModuleReachable(page: Page, name: string): Promise<void> {
  const modules = page.getByRole('navigation', { name: 'Modules' });
  const tab = modules.getByRole('link', { name });
  const toggle = modules.getByRole('button', { name: /^Modules: / });
  await expect(tab.or(toggle)).toBeVisible();
  if (await tab.isVisible()) {
    await expect(toggle).toBeHidden();
    return;
  }
  await toggle.click();
  await expect(tab).toBeVisible();
  await expectInViewport(page, modules.getByRole('list'));
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
}

for (const size of VIEWPORTS) {
  const phone = size.name === 'phone';
  test.describe(`${size.name} ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch, isMobile: size.isMobile });

    test('sign-in, modules, pages, menus and dialogs fit the screen', async ({
      page,
    }, testInfo) => {
      const shot = (name: string) =>
        attachScreenshot(page, testInfo, `${size.viewport.width}-${name}`);
      await page.goto('/#/login');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await shot('sign-in');
      await signIn(page, 'admin');
      await expect(legacyFrame(page).getByRole('table')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNothingOverflows(page.getByRole('banner'), 'the top bar');
      await shot('shell');

      const modules = page.getByRole('navigation', { name: 'Modules' });
      if (phone) {
        // the tabs are folded into a menu; the sidebar is a drawer behind a "Pages" button
        await expect(modules.getByRole('link', { name: 'Model' })).toBeHidden();
        await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeHidden();
      } else {
        await expectModuleReachable(page, 'Model');
        await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
      }
      await goToModule(page, phone, 'Model');
      await expect(page).toHaveURL(/#\/app\/model\//);
      if (phone) await expect(modules.getByRole('link', { name: 'Model' })).toBeHidden();

      if (phone) {
        const pages = page.getByRole('button', { name: 'Pages' });
        await pages.click();
        const drawer = page.getByRole('navigation', { name: 'Sidebar' });
        await expect(drawer).toBeVisible();
        await expectInViewport(page, drawer);
        await shot('pages-drawer');
        // the focus moves into the drawer, on the page shown
        await expect(drawer.locator('a[aria-current="page"]')).toBeFocused();
        // choosing a page closes the drawer; the focus goes to the page it opened
        await drawer.getByRole('link', { name: 'Area Types' }).click();
        await expect(drawer).toBeHidden();
        await expect(page.getByRole('main')).toBeFocused();
        await expect(page).toHaveURL(/#\/app\/model\/zoneType$/);
        // so does choosing the page already shown (no navigation happens)
        await pages.click();
        await expect(drawer).toBeVisible();
        await expect(drawer.getByRole('link', { name: 'Area Types' })).toBeFocused();
        await drawer.getByRole('link', { name: 'Area Types' }).click();
        await expect(drawer).toBeHidden();
        // Escape closes it too, and gives the focus back to the button
        await pages.click();
        await expect(drawer).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
        await expect(pages).toBeFocused();
      } else {
        // Model auto-loads the map maker, a page with no standing sidebar (spec §2 NONE): its
        // module's pages are behind the Pages button at this width too
        await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeHidden();
        await page.getByRole('button', { name: 'Pages', exact: true }).click();
        await page
          .getByRole('navigation', { name: 'Sidebar' })
          .getByRole('link', { name: 'Area Types' })
          .click();
      }
      await expect(page).toHaveURL(/#\/app\/model\/zoneType$/);
      await expect(legacyFrame(page).getByTestId('legacy-route')).toHaveText('/model/zoneType');
      await expectNoHorizontalOverflow(page);

      await page.getByRole('button', { name: 'User menu' }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await expectInViewport(page, menu);
      await shot('user-menu');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Go to page' }).click();
      const palette = page.getByRole('dialog', { name: 'Go to page' });
      await expect(palette).toBeVisible();
      await expectInViewport(page, palette);
      await shot('palette');
      await page.keyboard.press('Escape');
      await expect(palette).toBeHidden();

      await openUserMenuItem(page, 'Settings');
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await expect(settings).toBeVisible();
      await expectInViewport(page, settings);
      await expectNoHorizontalOverflow(page);
      await shot('settings');
      await page.keyboard.press('Escape');

      await openUserMenuItem(page, 'About');
      const about = page.getByRole('dialog', { name: 'About' });
      await expect(about).toBeVisible();
      await expectInViewport(page, about);
      await shot('about');
      await page.keyboard.press('Escape');
      await expectNoHorizontalOverflow(page);
    });

    test('the page for a user with no module fits too', async ({ page }, testInfo) => {
      await signIn(page, 'nobody');
      await expect(
        page.getByRole('heading', { name: 'There is nothing to manage here yet' }),
      ).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await attachScreenshot(page, testInfo, `${size.viewport.width}-no-modules`);
    });
  });
}

test.describe('between a phone and a laptop (800×1000)', () => {
  test.use({ viewport: { width: 800, height: 1000 } });

  test('module tabs that do not fit fold into the Modules menu; nothing in the bar overflows', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const modules = page.getByRole('navigation', { name: 'Modules' });
    const toggle = modules.getByRole('button', { name: /^Modules: / });
    await expect(toggle).toBeVisible();
    await expect(modules.getByRole('link', { name: 'Model' })).toBeHidden();
    await expectNothingOverflows(page.getByRole('banner'), 'the top bar at 800 px');
    await expectNoHorizontalOverflow(page);
    await goToModule(page, true, 'Model');
    await expect(page).toHaveURL(/#\/app\/model\//);
    await expect(modules.getByRole('link', { name: 'Model' })).toBeHidden();
    // a sidebar, not a drawer, at this width (on a page with a sidebar: Model auto-loads the map
    // maker, which has none)
    await page.goto('/#/app/model/zone');
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
    // a wider window has room for the tabs again (Acme's two application tabs follow the modules)
    await page.setViewportSize({ width: 1600, height: 900 });
    await expect(modules.getByRole('link', { name: 'Model' })).toBeVisible();
    await expect(toggle).toBeHidden();
    await expectNothingOverflows(page.getByRole('banner'), 'the top bar at 1600 px');
  });
});

test.describe('a small laptop (1024×700) with a wider font', () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test('tabs that no longer fit fold into the Modules menu; every module stays reachable and nothing overflows', async ({
    page,
  }) => {
    // At 1024 px the English tabs fit with about 20 px to spare: another platform's font (or a
    // user's text-only zoom) takes that away. A little letter spacing stands in for it.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = 'nav[aria-label="Modules"] a { letter-spacing: 0.4em; }';
        document.head.append(style);
      });
    });
    await signIn(page, 'admin');
    const modules = page.getByRole('navigation', { name: 'Modules' });
    await expect(modules.getByRole('button', { name: /^Modules: / })).toBeVisible();
    for (const name of ['Home', 'Assets', 'Tenants', 'Model', 'Analytics'])
      await expectModuleReachable(page, name);
    await expectNothingOverflows(page.getByRole('banner'), 'the top bar at 1024 px, wider font');
    await expectNoHorizontalOverflow(page);
    await goToModule(page, false, 'Model');
    await expect(page).toHaveURL(/#\/app\/model\//);
    // the map maker (auto-loaded) stands no sidebar: its pages are behind the Pages button
    await expect(page.getByRole('button', { name: 'Pages', exact: true })).toBeVisible();
  });
});

test.describe('a desktop (1440×900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the module tabs show in the bar when they fit, and fold into the Modules menu when a wider font takes the room', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const modules = page.getByRole('navigation', { name: 'Modules' });
    const toggle = modules.getByRole('button', { name: /^Modules: / });
    await expect(modules.getByRole('link', { name: 'Model' })).toBeVisible();
    await expect(toggle).toBeHidden();
    await expectNothingOverflows(page.getByRole('banner'), 'the top bar at 1440 px');

    // the tabs are measured once the browser has laid them out (not in the render's commit): a
    // font this wide leaves them no room at 1440 px either, from the first signed-in render on
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = 'nav[aria-label="Modules"] a { letter-spacing: 1.2em; }';
        document.head.append(style);
      });
    });
    await page.reload();
    await expect(toggle).toBeVisible();
    await expect(modules.getByRole('link', { name: 'Model' })).toBeHidden();
    await expectNothingOverflows(page.getByRole('banner'), 'the top bar at 1440 px, wider font');
    await expectNoHorizontalOverflow(page);
    await expectModuleReachable(page, 'Model');
  });
});

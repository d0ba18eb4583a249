// The shell's chrome: titles and the page's h1, no dead ends (sidebar, the page for a
// user with no module), Ctrl+K and Escape with the focus in the frame, the palette finding renamed
// pages, toasts that never cover the top bar, and no developer string anywhere in the shell.
import { expect, test, type Page } from '@playwright/test';
import { legacyFrame, openUserMenuItem, pauseClock, signIn, signInNobody } from './helpers.ts';
import { consoleMessages, expectInViewport } from './shell-helpers.ts';

// sign-in, the shell chunk and the frame on a shared two-core machine
test.describe.configure({ timeout: 90_000 });

test.describe('the shell names the page', () => {
  test('the document title follows the page, and the page has exactly one h1', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/#/app/things/thing');
    await expect(page).toHaveTitle('Assets · Acme Track');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assets');
    await page
      .getByRole('navigation', { name: 'Modules' })
      .getByRole('link', { name: 'Model' })
      .click();
    await page.goto('/#/app/model/zone');
    await expect(page).toHaveTitle('Areas · Acme Track');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Areas');
    await expect(page.locator('h1')).toHaveCount(1);
  });
});

test.describe('no dead ends', () => {
  test("a module page the spec gives no sidebar (the map maker) keeps the module's pages behind the Pages button", async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/#/app/model/mapmaker');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: 'Pages', exact: true }).click();
    await sidebar.getByRole('link', { name: 'Areas' }).click();
    await expect(page).toHaveURL(/#\/app\/model\/zone$/);
    await expect(legacyFrame(page).getByTestId('legacy-route')).toHaveText('/model/zone');
  });

  test('nobody gets a page saying what they can do and whom to ask, not "Choose a module"', async ({
    page,
  }) => {
    const main = await signInNobody(page);
    await expect(main).toContainText(
      'You are signed in as nobody, but your account cannot open any module of Acme Logistics yet.',
    );
    // the help pages are a click away, and so is the user menu (theme, sign out)
    await expect(main.getByRole('link', { name: 'Support' })).toBeVisible();
    await main.getByRole('button', { name: 'open the user menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await page.keyboard.press('Escape');
    // the frame's "Choose a module…" welcome is not shown; the frame itself stays connected
    await expect(page.locator('iframe[title="Legacy interface"]')).toBeHidden();
    await main.getByRole('link', { name: 'Support' }).click();
    await expect(page.locator('iframe[title="Legacy interface"]')).toBeVisible();
    await expect(legacyFrame(page).getByTestId('legacy-route')).toHaveText('/home/support');
  });
});

test.describe('shortcuts with the focus in the frame (bridge `shortcut`)', () => {
  test('Ctrl+K typed in the frame opens the palette; Escape typed in the frame closes a shell dialog', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/#/app/things/thing');
    const filter = legacyFrame(page).getByRole('searchbox').first();
    await filter.click();
    await filter.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Go to page' });
    await expect(palette).toBeVisible();
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();

    await openUserMenuItem(page, 'About');
    const about = page.getByRole('dialog', { name: 'About' });
    await expect(about).toBeVisible();
    // the focus goes into the frame while the dialog is open (a click there, a screen reader…)
    await legacyFrame(page).locator('body').press('Escape');
    await expect(about).toBeHidden();
  });
});

test.describe('the palette speaks the tenant vocabulary', () => {
  test('finding "zone" or "user" finds the pages Acme renamed (Areas, Staff)', async ({ page }) => {
    await signIn(page, 'admin');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Go to page' });
    const input = dialog.getByRole('combobox');
    await input.fill('zone');
    await expect(dialog.getByRole('option', { name: 'Areas, Model' })).toBeVisible();
    await input.fill('user');
    await expect(dialog.getByRole('option', { name: 'Staff, Tenants' })).toBeVisible();
  });
});

test.describe('toasts', () => {
  /** A notice on demand: the settings saved unchanged ("Nothing to save"). */
  async function showNotice(page: Page): Promise<void> {
    await openUserMenuItem(page, 'Settings');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
  async function boxes(page: Page) {
    const toast = page.locator('.Toastify__toast').first();
    await expect(toast).toBeVisible();
    return {
      toast: await toast.boundingBox(),
      menu: await page.getByRole('button', { name: 'User menu' }).boundingBox(),
      palette: await page.getByRole('button', { name: 'Go to page' }).boundingBox(),
    };
  }
  const overlap = (
    a: { x: number; y: number; width: number; height: number } | null,
    b: typeof a,
  ) =>
    !!a &&
    !!b &&
    a.x < b.x + b.width &&
    b.x < a.x + a.width &&
    a.y < b.y + b.height &&
    b.y < a.y + a.height;

  test('a notice appears bottom-right, never over the user menu or the palette button, and repeats are allowed', async ({
    page,
  }) => {
    await signIn(page, 'viewer');
    await showNotice(page);
    const { toast, menu, palette } = await boxes(page);
    expect(overlap(toast, menu)).toBe(false);
    expect(overlap(toast, palette)).toBe(false);
    const viewport = page.viewportSize();
    expect((toast?.y ?? 0) + (toast?.height ?? 0)).toBeGreaterThan((viewport?.height ?? 0) / 2);
    await expect(page.locator('.Toastify__toast').first()).toHaveText(
      /Nothing to save: your settings are unchanged\./,
    );
    await showNotice(page);
    await expect(page.locator('.Toastify__toast')).toHaveCount(2);
  });

  // toasts at the other sizes where the layout changes (a phone, a small laptop)
  for (const size of [
    { width: 390, height: 844, touch: true },
    { width: 1024, height: 700, touch: false },
  ]) {
    test.describe(`at ${size.width}×${size.height}`, () => {
      test.use({
        viewport: { width: size.width, height: size.height },
        hasTouch: size.touch,
        isMobile: size.touch,
      });

      test('notices, three at once, stay on-screen and clear of the user menu and the palette button', async ({
        page,
      }) => {
        await signIn(page, 'viewer');
        for (let shown = 1; shown <= 3; shown += 1) {
          await showNotice(page);
          await expect(page.locator('.Toastify__toast')).toHaveCount(shown);
        }
        const menu = await page.getByRole('button', { name: 'User menu' }).boundingBox();
        const palette = await page.getByRole('button', { name: 'Go to page' }).boundingBox();
        expect(menu).not.toBeNull();
        expect(palette).not.toBeNull();
        // measured once they have slid in
        await expect(async () => {
          for (const toast of await page.locator('.Toastify__toast').all()) {
            const box = await toast.boundingBox();
            expect(overlap(box, menu), 'a toast over the user menu').toBe(false);
            expect(overlap(box, palette), 'a toast over the palette button').toBe(false);
            await expectInViewport(page, toast);
          }
        }).toPass({ timeout: 5_000 });
      });
    });
  }

  test('a hovered toast stays; it closes about a second after the pointer leaves (spec §9 extended time)', async ({
    page,
  }) => {
    await signIn(page, 'viewer');
    // the toast's display and extended times are the page's timers: the test runs its clock
    await page.clock.install();
    await showNotice(page);
    const toast = page.locator('.Toastify__toast').first();
    await expect(toast).toBeVisible();
    await toast.hover();
    await pauseClock(page);
    // longer than the 5,000 ms display time: hovering keeps it (a closing toast takes the exit
    // class of toast-host.tsx at once, and leaves the page once its animation has run)
    await page.clock.runFor(6000);
    await expect(toast).toBeVisible();
    await expect(toast).not.toHaveClass(/portico-toast-out/);
    await page.mouse.move(5, 5);
    // the pointer left: it closes after the 1,000 ms extended time, well under the display time
    await page.clock.runFor(999);
    await expect(toast).not.toHaveClass(/portico-toast-out/);
    await page.clock.runFor(1);
    await expect(toast).toHaveClass(/portico-toast-out/);
    await page.clock.resume();
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  });
});

/** Text shown in the shell (outside the frame), minus data the user typed or the tenant named. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      if (!parent || text === '') continue;
      // data, not messages: form values and choices, codes, what the frame shows, hidden decorations
      if (
        parent.closest(
          'select, option, code, iframe, [aria-hidden="true"], script, style, [data-testid^="version-"]',
        )
      )
        continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      texts.push(text);
    }
    return texts;
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test.describe('no developer strings in the shell', () => {
  test("every string the shell shows is a message of the translation files or the tenant's data", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const messages = consoleMessages('en');
    const patterns = messages.map(
      (message) =>
        new RegExp(
          `^${message
            .split(/\{\{\s*\w+\s*\}\}/)
            .map(escapeRegExp)
            .join('.+')}$`,
          's',
        ),
    );
    // the tenant's data: its vocabulary (Acme), people's names, the release label
    const data = new Set([
      'Acme Track',
      'Assets',
      'Asset Types',
      'Areas',
      'Area Types',
      'Area Groups',
      'Sites',
      'Staff',
      'Roles',
      'Reports',
      'Readers',
      // Acme's own application tabs (its applicationTabs group field)
      'Operations',
      'Compliance',
      'Ada Admin',
      'v11.3.0',
      ',',
    ]);
    const unknown = new Set<string>();
    const check = async (where: string) => {
      for (const text of await shownTexts(page)) {
        if (data.has(text) || patterns.some((pattern) => pattern.test(text))) continue;
        unknown.add(`${where}: ${JSON.stringify(text)}`);
      }
    };
    await page.goto('/#/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await check('sign-in, empty form');
    await page.getByRole('textbox', { name: 'Username' }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
    await check('sign-in, wrong password');
    await signIn(page, 'admin');
    await page.goto('/#/app/model/zone');
    await expect(legacyFrame(page).getByTestId('legacy-route')).toHaveText('/model/zone');
    await check('shell');
    await page.getByRole('button', { name: 'User menu' }).click();
    await check('user menu');
    await page.keyboard.press('Escape');
    await openUserMenuItem(page, 'Settings');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await check('settings');
    await page.keyboard.press('Escape');
    await openUserMenuItem(page, 'About');
    await expect(page.getByTestId('version-services')).not.toHaveText('Loading…');
    await check('about');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Go to page' }).getByRole('combobox').fill('qqq');
    await check('palette');
    expect([...unknown]).toEqual([]);
  });
});

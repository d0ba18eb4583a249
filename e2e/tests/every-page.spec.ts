// No route of spec §2 shows a placeholder or falls to "not found": root walks every route, and
// Acme's administrator the application tabs Acme defines. Each page must settle where it was
// sent (the frame confirms the very address), not be refused, show its own heading, and offer
// something to do (a control, a link or a table) once its loading is over.
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, legacyFrame, signIn } from './helpers.ts';
import { APPLICATION_TAB_ROUTES, routeRecords, specRoutes } from './spec-routes.ts';

// some sixty pages on a shared two-core machine
test.describe.configure({ timeout: 300_000 });
test.use({ serviceWorkers: 'block' });

async function walk(page: Page, routes: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  const frame = legacyFrame(page);
  for (const path of routes) {
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, path);
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const probe = document.querySelector('[data-route-url]');
            if (document.querySelector('[data-testid="forbidden-page"]')) return 'forbidden';
            return probe?.getAttribute('data-route-phase') === 'navigateSuccess'
              ? (probe.getAttribute('data-route-url') ?? '')
              : '';
          }),
        { timeout: 20_000, message: path },
      )
      .not.toBe('');
    const settled = await page.evaluate(() => {
      if (document.querySelector('[data-testid="forbidden-page"]')) return 'forbidden';
      return document.querySelector('[data-route-url]')?.getAttribute('data-route-url') ?? '';
    });
    // a module landing may open its first page (autoLoadTabMenus); anything else stays
    const isLanding = /^\/app\/[a-z]+$/.test(path);
    if (settled === 'forbidden') problems.push(`${path}: refused`);
    else if (settled !== path && !(isLanding && settled.startsWith(`${path}/`)))
      problems.push(`${path}: settled at ${settled}`);
    await expect(frame.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    const heading = frame.getByRole('heading', { level: 1 });
    await expect(heading, path).toBeVisible();
    const title = (await heading.innerText()).trim();
    if (title === '' || title === 'Page not found') problems.push(`${path}: heading "${title}"`);
    const things = await frame
      .locator('main button, main a[href], main input, main select, main textarea, main table')
      .count();
    if (things === 0) problems.push(`${path}: nothing to do on the page`);
  }
  return problems;
}

test('root: every route of spec §2 shows its own page', async ({ page, request }) => {
  const records = await routeRecords(request, await apiLogin(request, 'root'));
  await signIn(page, 'root');
  expect(await walk(page, specRoutes(records))).toEqual([]);
});

test("Acme's administrator: the application tabs Acme defines show their menus and reports", async ({
  page,
}) => {
  await signIn(page, 'admin');
  expect(await walk(page, APPLICATION_TAB_ROUTES)).toEqual([]);
});

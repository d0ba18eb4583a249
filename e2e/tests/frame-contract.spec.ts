import { expect, test, type Page } from '@playwright/test';
import { expectFrameTimeout, landed, legacyFrame, signIn, silenceFrame } from './helpers.ts';

// What any legacy UI must do through the frame protocol, observed from the shell. Tagged
// @any-legacy: it runs against our reference UI (default environment), the plain example that only
// includes portico-frame.js (environment legacy-plain) and through upstream mode (environment
// upstream). Its only demand on the legacy UI's own page is an element with data-testid
// "legacy-route" showing the route it shows.
const LEGACY_BASE = process.env.PORTICO_LEGACY_BASE ?? '/legacy-ui';

/** The shell confirms `url` when the frame has answered `router` for it (routerSuccess). */
async function expectConfirmed(page: Page, url: string): Promise<void> {
  await expect(page.locator('[data-route-phase="navigateSuccess"]')).toHaveAttribute(
    'data-route-url',
    url,
    { timeout: 15_000 },
  );
  await expect(legacyFrame(page).getByTestId('legacy-route')).toHaveText(url.replace(/^\/app/, ''));
}

/** Collects Content-Security-Policy violations of the page and its frames. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe('the frame contract, for any legacy UI @any-legacy', () => {
  // several round trips each, on a shared two-core machine
  test.describe.configure({ timeout: 60_000 });

  test('a deep link from a cold start is shown and confirmed by the frame, without CSP violations', async ({
    page,
    context,
  }) => {
    const violations = cspViolations(page);
    await signIn(page, 'admin');
    await landed(page);
    const cold = await context.newPage();
    const coldViolations = cspViolations(cold);
    await cold.goto('/#/app/model/zone');
    await expectConfirmed(cold, '/app/model/zone');
    expect([...violations, ...coldViolations]).toEqual([]);
  });

  test('module tabs route the frame (router → routerSuccess); back and forward follow, one step per press', async ({
    page,
  }) => {
    await signIn(page, 'root');
    await landed(page);
    const modules = page.getByRole('navigation', { name: 'Modules' });
    await modules.getByRole('link', { name: 'Model' }).click();
    await expectConfirmed(page, '/app/model');
    await modules.getByRole('link', { name: 'Things' }).click();
    await expect(page).toHaveURL(/#\/app\/things/);
    const thingsUrl = new URL(page.url()).hash.slice(1);
    await expectConfirmed(page, thingsUrl);
    await page.goBack();
    await expectConfirmed(page, '/app/model');
    await page.goForward();
    await expectConfirmed(page, thingsUrl);
  });

  test("a reloaded frame handshakes again and is brought back to the shell's page", async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await landed(page);
    await page.goto('/#/app/model/zone');
    await expectConfirmed(page, '/app/model/zone');
    await page
      .frameLocator('main iframe')
      .locator('body')
      .evaluate(() => window.location.reload());
    await expect(legacyFrame(page).getByTestId('legacy-route')).toHaveText('/model/zone', {
      timeout: 15_000,
    });
    await expect(
      page.getByRole('alert').filter({ hasText: 'The page is not responding' }),
    ).toHaveCount(0);
  });

  test('a frame that never answers shows the timeout message after 10 s; loading it again recovers', async ({
    page,
  }) => {
    await silenceFrame(page, `**${LEGACY_BASE}/**`);
    // the frame's 10 s timeout runs on the page's clock, which the test runs past it
    await page.clock.install();
    await signIn(page, 'operator');
    const alert = await expectFrameTimeout(page);
    await page.unroute(`**${LEGACY_BASE}/**`);
    await page.getByRole('button', { name: 'Load the page again' }).click();
    await expect(page.locator('[data-route-phase="navigateSuccess"]')).toHaveCount(1, {
      timeout: 15_000,
    });
    await expect(alert).toBeHidden();
  });

  test('forged or malformed messages are dropped with a warning and never acted on', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await landed(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const before = page.url();
    await page.evaluate(() => {
      window.postMessage(
        {
          protocol: 'portico-bridge',
          version: 1,
          id: 'x1',
          kind: 'event',
          action: 'navigateToEvent',
          payload: { path: '/tenants/user' },
        },
        '*',
      );
    });
    await page
      .frameLocator('main iframe')
      .locator('body')
      .evaluate(() => {
        window.parent.postMessage(
          {
            protocol: 'portico-bridge',
            version: 1,
            id: 'x2',
            kind: 'event',
            action: 'navigateToEvent',
            payload: { path: 42 },
          },
          '*',
        );
      });
    await expect
      .poll(() => warnings.filter((w) => w.includes('portico-bridge: dropped')).length)
      .toBeGreaterThanOrEqual(2);
    expect(page.url()).toBe(before);
  });
});

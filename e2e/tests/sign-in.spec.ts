// The sign-in page speaks the browser's language (or the one last used on this
// device), counts down when the services throttle sign-ins (429 + Retry-After, the `sec` contract),
// and shows a "Forgot password?" link only when portico.config.json sets forgotPasswordUrl.
import { expect, test } from '@playwright/test';
import { expectNoShellAxeViolations } from './shell-helpers.ts';

test.describe.configure({ timeout: 90_000 });

test.describe('sign-in language', () => {
  test.use({ locale: 'fr-FR' });

  test('follows the browser (French here)', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText("Saisissez votre nom d'utilisateur.")).toBeVisible();
  });

  test('the language last used on this device wins over the browser', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('PORTICO_LANGUAGE', 'es'));
    await page.goto('/#/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });
});

test.describe('throttled sign-in (429)', () => {
  test('a live countdown from Retry-After, the button disabled meanwhile, then usable again', async ({
    page,
  }) => {
    let attempts = 0;
    await page.route('**/riot-core-services/api/user/login', async (route) => {
      attempts += 1;
      await route.fulfill({
        status: 429,
        headers: { 'Retry-After': '3' },
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Too many sign-in attempts', retryAfter: 3 }),
      });
    });
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: 'Username' }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    const button = page.getByRole('button', { name: 'Sign in' });
    await button.click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(/Too many sign-in attempts\. Try again in [23] seconds\./);
    await expect(button).toBeDisabled();
    // it counts down
    await expect(alert).toHaveText('Too many sign-in attempts. Try again in 1 seconds.');
    await expect(alert).toHaveText('You can sign in again now.', { timeout: 5000 });
    await expect(button).toBeEnabled();
    expect(attempts).toBe(1);
    // the raw API message never shows
    await expect(page.getByText('Too many sign-in attempts', { exact: true })).toHaveCount(0);
  });

  test("without Retry-After, the body's retryAfter is used", async ({ page }) => {
    await page.route('**/riot-core-services/api/user/login', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Too many', retryAfter: 42 }),
      }),
    );
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: 'Username' }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(/Try again in 4[12] seconds\./);
    await expectNoShellAxeViolations(page);
  });
});

test.describe('"Forgot password?"', () => {
  test('hidden when portico.config.json does not set it', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveCount(0);
  });

  test('a link to forgotPasswordUrl when it is set', async ({ page }) => {
    await page.route('**/portico.config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: { ...config, forgotPasswordUrl: 'https://id.example.com/reset' },
      });
    });
    await page.goto('/#/login');
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      'https://id.example.com/reset',
    );
  });
});

test.describe('the signed-in screen is fetched while the user types', () => {
  test('the legacy interface boots out of sight while the user types; the shell then takes that very frame, nothing is fetched twice', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: 'Username' }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    const ahead = [
      /\/assets\/shell-layout-.*\.js$/,
      /\/assets\/frame-connection-.*\.js$/,
      /\/legacy-ui\/$/,
      /\/legacy-ui\/assets\/.*\.js$/,
    ];
    await expect
      .poll(() => ahead.filter((pattern) => requested.some((path) => pattern.test(path))).length)
      .toBe(ahead.length);
    // out of sight and out of reach: hidden from assistive technology, inert, not a tab stop
    const parking = page.locator('[data-prebooted-frame]');
    await expect(parking).toHaveAttribute('aria-hidden', 'true');
    await expect(parking).toHaveJSProperty('inert', true);
    await expect(parking).not.toBeVisible();
    await expect(page.getByTitle('Legacy interface')).toHaveCount(0);
    // mark the booted document, to recognise it after the sign-in
    const booted = page.frames().find((frame) => frame.url().includes('/legacy-ui/'));
    expect(booted).toBeDefined();
    await booted!.waitForFunction(() => document.readyState === 'complete');
    await booted!.evaluate(() => {
      (window as unknown as { bootedWhileTyping: boolean }).bootedWhileTyping = true;
    });

    const sent = requested.length;
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('[data-route-phase="navigateSuccess"]')).toBeAttached({
      timeout: 30_000,
    });
    const shown = page.locator('iframe[title="Legacy interface"]');
    await expect(shown).toBeVisible();
    const shownFrame = await (await shown.elementHandle())!.contentFrame();
    // the same document: moved into the shell, not loaded again
    expect(
      await shownFrame!.evaluate(
        () => (window as unknown as { bootedWhileTyping?: boolean }).bootedWhileTyping === true,
      ),
    ).toBe(true);
    // signed in through the session it waited for (not refused on the sign-in page)
    await expect(shown.contentFrame().getByTestId('legacy-route')).toHaveText('/things/thing');
    await expect(
      shown.contentFrame().getByRole('heading', { level: 1, name: 'Assets' }),
    ).toBeVisible();
    await expect(shown.contentFrame().getByRole('table')).toBeVisible();
    await expect(page.locator('[data-prebooted-frame]')).toHaveCount(0);
    // nothing fetched ahead is fetched again after sign-in
    const after = requested.slice(sent);
    expect(after.filter((path) => ahead.some((pattern) => pattern.test(path)))).toEqual([]);
  });

  test("every script of the console and the frame asks to be compiled as it arrives (its first line: V8's compile hint)", async ({
    page,
  }) => {
    const scripts: Array<Promise<[string, string]>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const path = new URL(response.url()).pathname;
      scripts.push(response.text().then((text) => [path, text.split('\n')[0] ?? '']));
    });
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: 'Username' }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('[data-route-phase="navigateSuccess"]')).toBeAttached({
      timeout: 30_000,
    });
    const firstLines = await Promise.all(scripts);
    const paths = firstLines.map(([path]) => path);
    // the page's first script, the signed-in console, the frame's script
    for (const pattern of [/^\/assets\/index-/, /^\/assets\/full-app-/, /^\/legacy-ui\/assets\//])
      expect(
        paths.some((path) => pattern.test(path)),
        String(pattern),
      ).toBe(true);
    for (const [path, line] of firstLines) expect(line, path).toBe('//# allFunctionsCalledOnLoad');
  });

  test('where a frame cannot be moved without reloading it, the legacy files are prefetched and the frame takes them from the cache', async ({
    page,
  }) => {
    // a browser without Element.moveBefore
    await page.addInitScript({ content: 'delete Element.prototype.moveBefore;' });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: 'Username' }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    const ahead = [/\/assets\/shell-layout-.*\.js$/, /\/assets\/frame-connection-.*\.js$/];
    await expect
      .poll(() => ahead.filter((pattern) => requested.some((path) => pattern.test(path))).length)
      .toBe(ahead.length);
    // the legacy interface's own script, named by its start page, is prefetched
    await expect(page.locator('link[rel="prefetch"][as="script"]')).not.toHaveCount(0);
    await expect(page.locator('[data-prebooted-frame]')).toHaveCount(0);
    const legacyScript = await page
      .locator('link[rel="prefetch"][as="script"]')
      .first()
      .getAttribute('href');
    expect(legacyScript).toMatch(/\/legacy-ui\/assets\/.*\.js$/);

    // the frame's request for that script is answered from the cache, not the network (Chromium's
    // own record of where an answer came from)
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const sources = new Map<string, string>();
    cdp.on('Network.responseReceived', (event) => {
      const { url, fromPrefetchCache, fromDiskCache } = event.response;
      sources.set(
        new URL(url).pathname,
        fromPrefetchCache ? 'prefetch' : fromDiskCache ? 'disk' : 'network',
      );
    });
    const sent = requested.length;
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('[data-route-phase="navigateSuccess"]')).toBeAttached({
      timeout: 30_000,
    });
    // nothing fetched ahead is fetched again after sign-in, but for the frame's own cached copy
    const after = requested.slice(sent);
    expect(after.filter((path) => ahead.some((pattern) => pattern.test(path)))).toEqual([]);
    expect(['prefetch', 'disk']).toContain(
      sources.get(new URL(legacyScript!, page.url()).pathname),
    );
  });

  test('a refused password keeps the frame booting; the next sign-in takes it, signed in as that user', async ({
    page,
  }) => {
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: 'Username' }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await expect(page.locator('[data-prebooted-frame] iframe')).toHaveCount(1);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.locator('[data-prebooted-frame] iframe')).toHaveCount(1);
    const booted = page.frames().find((frame) => frame.url().includes('/legacy-ui/'));
    await booted!.waitForFunction(() => document.readyState === 'complete');
    await booted!.evaluate(() => {
      (window as unknown as { bootedWhileTyping: boolean }).bootedWhileTyping = true;
    });
    await page.getByLabel('Password', { exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const shown = page.locator('iframe[title="Legacy interface"]');
    await expect(shown.contentFrame().getByRole('table')).toBeVisible({ timeout: 30_000 });
    const shownFrame = await (await shown.elementHandle())!.contentFrame();
    expect(
      await shownFrame!.evaluate(
        () => (window as unknown as { bootedWhileTyping?: boolean }).bootedWhileTyping === true,
      ),
    ).toBe(true);
  });
});

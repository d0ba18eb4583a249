// On a production build: the version check, the service worker, offline start, About.
// Every test runs its own server on a private copy of the builds (it rewrites files of the copy),
// so it never disturbs the other specs sharing the main e2e server.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers.ts';
import { privateSite, type PrivateSite } from './private-site.ts';

const test = base.extend<{ site: PrivateSite }>({
  site: privateSite('updates'),
});

test.describe.configure({ timeout: 90_000 });

/** The version this tab runs, known once its first version check (at app-stable) is done. */
async function runningVersion(page: Page): Promise<string> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-portico-version', /.+/, { timeout: 35_000 });
  return (await html.getAttribute('data-portico-version')) ?? '';
}

/** Waits until the service worker is active and controls the page. */
async function serviceWorkerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 35_000,
  });
}

/** Asks the worker controlling the page for its version hash. */
function controllerVersion(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<{ version: string }>) =>
          resolve(event.data.version);
        controller.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
      }),
  );
}

function navigateTo(page: Page, hash: string): Promise<void> {
  return page.evaluate((target) => {
    location.hash = target;
  }, hash);
}

test('a changed index.html reaches both open tabs within the 10 s throttle (spec §4 "App version reload")', async ({
  site,
}) => {
  const context = await site.newContext();
  const first = await context.newPage();
  await signIn(first, 'admin');
  const second = await context.newPage();
  await second.goto('/#/app/things/thing');
  await expect(second.getByRole('navigation', { name: 'Modules' })).toBeVisible({
    timeout: 15_000,
  });
  const before = await runningVersion(first);
  expect(await runningVersion(second)).toBe(before);

  const indexFile = join(site.consoleDir, 'index.html');
  writeFileSync(
    indexFile,
    readFileSync(indexFile, 'utf8').replace(
      '</head>',
      '<meta name="portico-build" content="2" />\n  </head>',
    ),
  );
  const started = Date.now();
  // a navigation end in the first tab runs the check; the second tab hears it over the channel
  await navigateTo(first, '#/app/model/zone');
  for (const page of [first, second]) {
    await expect(page.locator('meta[name="portico-build"]')).toHaveCount(1, { timeout: 10_000 });
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible({
      timeout: 15_000,
    });
  }
  expect(Date.now() - started).toBeLessThan(10_000 + 5_000);
  const after = await runningVersion(first);
  expect(after).not.toBe(before);
  expect(await first.evaluate(() => localStorage.getItem('LAST_ETAG'))).toBe(after);
});

test('no reload while the Settings dialog is open: it waits for the next safe navigation', async ({
  site,
}) => {
  const context = await site.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin');
  const other = await context.newPage();
  await other.goto('/#/app/things/thing');
  await expect(other.getByRole('navigation', { name: 'Modules' })).toBeVisible({ timeout: 15_000 });
  await runningVersion(page);
  await runningVersion(other);
  await other.getByRole('button', { name: 'User menu' }).click();
  await other.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(other.getByRole('dialog')).toBeVisible();

  const indexFile = join(site.consoleDir, 'index.html');
  writeFileSync(
    indexFile,
    readFileSync(indexFile, 'utf8').replace(
      '</head>',
      '<meta name="portico-build" content="3" />\n  </head>',
    ),
  );
  await navigateTo(page, '#/app/model/zone');
  await expect(page.locator('meta[name="portico-build"]')).toHaveCount(1, { timeout: 10_000 });
  // the first tab reloaded; the busy one kept its dialog and its old page
  await expect(other.getByRole('dialog')).toBeVisible();
  await expect(other.locator('meta[name="portico-build"]')).toHaveCount(0);
  await other.keyboard.press('Escape');
  await expect(other.getByRole('dialog')).toHaveCount(0);
  await navigateTo(other, '#/app/model/zone');
  await expect(other.locator('meta[name="portico-build"]')).toHaveCount(1, { timeout: 10_000 });
});

test('a new service worker version is logged (ready: current and new hash) and the page reloads onto it', async ({
  site,
}) => {
  const context = await site.newContext();
  const page = await context.newPage();
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await signIn(page, 'admin');
  await serviceWorkerControls(page);
  const oldVersion = await controllerVersion(page);
  expect(oldVersion).toMatch(/^[0-9a-f]{8}$/);

  // a new build: the favicon changes, and with it the worker's precache manifest (index.html does
  // not, so only the service worker can bring this version)
  const favicon = join(site.consoleDir, 'favicon.svg');
  const oldFavicon = readFileSync(favicon, 'utf8');
  const newFavicon = oldFavicon.replace('</svg>', '<!-- build 2 --></svg>');
  writeFileSync(favicon, newFavicon);
  const worker = join(site.consoleDir, 'ngsw-worker.js');
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const script = readFileSync(worker, 'utf8');
  expect(script).toContain(md5(oldFavicon));
  writeFileSync(worker, script.replace(md5(oldFavicon), md5(newFavicon)));

  await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  await navigateTo(page, '#/app/model/zone'); // a finished navigation checks for a new worker
  await reloaded;
  expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
  await serviceWorkerControls(page);
  const newVersion = await controllerVersion(page);
  expect(newVersion).toMatch(/^[0-9a-f]{8}$/);
  expect(newVersion).not.toBe(oldVersion);
  expect(messages).toContain(
    `A new version of the console is ready: current version ${oldVersion}, new version ${newVersion}.`,
  );
  expect(
    messages.some((text) => text.startsWith('A new version of the console is being downloaded')),
  ).toBe(true);
  // the page now runs on the new precache
  expect(await page.evaluate(() => fetch('/favicon.svg').then((response) => response.text()))).toBe(
    newFavicon,
  );
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
});

test('after the first visit the shell starts with the network off', async ({ site }) => {
  const context = await site.newContext();
  const page = await context.newPage();
  await page.goto('/#/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await serviceWorkerControls(page);
  await context.setOffline(true);
  expect(
    await page.evaluate(() =>
      fetch('/git.json').then(
        () => 'online',
        () => 'offline',
      ),
    ),
  ).toBe('offline');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await context.setOffline(false);
});

test('the API, the legacy interface and the version files reach the network without waking the worker (static routes)', async ({
  site,
}) => {
  const context = await site.newContext();
  const page = await context.newPage();
  await page.goto('/#/login');
  await serviceWorkerControls(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const routed = new Map<string, string>();
  cdp.on('Network.responseReceived', (event) => {
    const info = event.response.serviceWorkerRouterInfo;
    routed.set(
      new URL(event.response.url).pathname,
      info?.matchedSourceType
        ? `${info.matchedSourceType}/${info.actualSourceType ?? '?'}`
        : 'fetch handler',
    );
  });
  await signIn(page, 'admin', DEMO_PASSWORD);
  await expect(page.locator('[data-route-phase="navigateSuccess"]')).toBeAttached({
    timeout: 30_000,
  });
  await expect.poll(() => routed.get('/riot-core-services/api/user/login')).toBe('network/network');
  expect(routed.get('/legacy-ui/')).toBe('network/network');
  // the console's own files still go through the worker (precache, offline start)
  const consoleScript = [...routed.keys()].find((path) => /^\/assets\/.*\.js$/.test(path));
  expect(consoleScript).toBeDefined();
  expect(routed.get(consoleScript!)).toBe('fetch handler');
});

test("startup deletes every browser cache but the worker's precache", async ({ site }) => {
  const context = await site.newContext();
  const page = await context.newPage();
  await page.goto('/#/login');
  await serviceWorkerControls(page);
  await page.evaluate(() =>
    caches.open('stale-runtime-cache').then((cache) => cache.put('/stale', new Response('old'))),
  );
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => caches.keys()), { timeout: 35_000 })
    .toEqual([expect.stringMatching(/^portico-precache-[0-9a-f]{8}$/)]);
});

test('About shows the three versions and the v11.3.0 override label', async ({ site }) => {
  const context = await site.newContext();
  const page = await context.newPage();
  const versionReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('git.json'))
      versionReads.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });
  await signIn(page, 'admin');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'About' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('v11.3.0')).toBeVisible();
  for (const part of ['services', 'legacyUi', 'newUi']) {
    await expect(dialog.getByTestId(`version-${part}`)).toContainText(/\d+\.\d+\.\d+/);
  }
  expect(versionReads.sort().map((read) => read.replace(/t=\d+/, 't=<ms>'))).toEqual([
    '/extra/git.json?t=<ms>',
    '/git.json?t=<ms>',
    '/legacy-ui/extra/git.json?t=<ms>',
  ]);
});

test('a lazy chunk gone after a deploy reloads the page once, never in a loop', async ({
  site,
}) => {
  // without a worker (its precache would still serve the old chunk): the plain-browser case
  const context = await site.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/#/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const assets = join(site.consoleDir, 'assets');
  for (const file of readdirSync(assets).filter(
    (name) => name.startsWith('shell-layout-') && name.endsWith('.js'),
  ))
    unlinkSync(join(assets, file));
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.getByRole('textbox', { name: 'Username' }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => loads, { timeout: 15_000 }).toBe(1);
  // after the one reload the chunk is still missing: the error screen stays, no second reload
  await expect(page.getByRole('alert').or(page.getByRole('heading')).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loads).toBe(1);
  expect(await page.evaluate(() => sessionStorage.getItem('PORTICO_CHUNK_RELOAD'))).toMatch(
    /^\d+$/,
  );
});

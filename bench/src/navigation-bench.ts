// Browser timings (DESIGN §6): login submit → legacy frame ready, tab click → frame route
// confirmed, JS heap growth over 500 navigations. Medians of several runs.
import type { Browser, Page } from '@playwright/test';
import { median, type BenchRow } from './table.ts';

async function signIn(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByRole('textbox', { name: 'Username' }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('demo');
  const started = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  // the frame answered its first route: the legacy interface is ready
  await page.locator('[data-route-phase="navigateSuccess"]').waitFor({ timeout: 30_000 });
  return Date.now() - started;
}

async function confirmedNavigation(page: Page, linkName: string, url: string): Promise<number> {
  const started = Date.now();
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: linkName, exact: true })
    .click();
  await page
    .locator(`[data-route-url="${url}"][data-route-phase="navigateSuccess"]`)
    .waitFor({ timeout: 30_000 });
  return Date.now() - started;
}

async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize;
}

export async function runNavigationBench(
  browser: Browser,
  baseUrl: string,
  navigations = 500,
): Promise<BenchRow[]> {
  const loginTimes: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    loginTimes.push(await signIn(page, baseUrl));
    await context.close();
  }

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, baseUrl);
  // Things module: two sidebar pages (Acme's vocabulary: Assets / Asset Types)
  const pages: Array<[string, string]> = [
    ['Asset Types', '/app/things/thingType'],
    ['Assets', '/app/things/thing'],
  ];
  const clickTimes: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const [name, url] = pages[i % 2]!;
    clickTimes.push(await confirmedNavigation(page, name, url));
  }
  const before = await heapUsed(page);
  for (let i = 0; i < navigations; i += 1) {
    const [name, url] = pages[i % 2]!;
    await confirmedNavigation(page, name, url);
  }
  const after = await heapUsed(page);
  await context.close();

  const growth = (after - before) / (1024 * 1024);
  return [
    {
      name: 'login submit → legacy frame ready (median of 5)',
      value: `${median(loginTimes).toFixed(0)} ms`,
    },
    {
      name: 'tab click → frame route confirmed (routerSuccess, median of 20)',
      value: `${median(clickTimes).toFixed(0)} ms`,
    },
    {
      name: `console JS heap growth over ${navigations} navigations`,
      value: `${growth.toFixed(2)} MB (${(before / 1048576).toFixed(1)} → ${(after / 1048576).toFixed(1)} MB)`,
      target: '< 5 MB',
      ok: growth < 5,
    },
  ];
}

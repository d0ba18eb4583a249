// The version check's figures: the bytes a version check that finds nothing new (304) costs, and the shell's
// cold and warm (service worker) load times. Medians of several runs, on a private server over the
// production builds (run `npx tsx scripts/build.ts` first; bench/src/run.ts does).
import type { Browser, Page } from '@playwright/test';
import { startBenchServer } from './bench-server.ts';
import { launchChromium } from './browser.ts';
import { median, type BenchRow } from './table.ts';

const RUNS = 5;

/** Milliseconds from navigation to a usable sign-in form. */
async function timeShell(page: Page, load: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await load();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  return performance.now() - started;
}

/** Bytes on the wire (request headers sent + response received) of one 304 version check. */
async function versionCheckBytes(
  browser: Browser,
  baseUrl: string,
): Promise<{ sent: number; received: number }> {
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const checks = new Map<string, { sent: number; status?: number; received?: number }>();
  cdp.on(
    'Network.requestWillBeSentExtraInfo',
    (event: { requestId: string; headersText?: string; headers: Record<string, string> }) => {
      const text =
        event.headersText ??
        Object.entries(event.headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
      const entry = checks.get(event.requestId);
      if (entry) entry.sent = text.length;
      else checks.set(event.requestId, { sent: text.length });
    },
  );
  const indexRequests = new Set<string>();
  cdp.on(
    'Network.responseReceived',
    (event: { requestId: string; type: string; response: { url: string; status: number } }) => {
      if (event.type === 'Fetch' && new URL(event.response.url).pathname === '/index.html') {
        indexRequests.add(event.requestId);
        const entry = checks.get(event.requestId) ?? { sent: 0 };
        entry.status = event.response.status;
        checks.set(event.requestId, entry);
      }
    },
  );
  // a 304 has no body: what it costs is its header block (the finished length when Chromium reports one)
  cdp.on(
    'Network.responseReceivedExtraInfo',
    (event: { requestId: string; headersText?: string }) => {
      const entry = checks.get(event.requestId);
      if (entry) entry.received = Math.max(entry.received ?? 0, event.headersText?.length ?? 0);
      else checks.set(event.requestId, { sent: 0, received: event.headersText?.length ?? 0 });
    },
  );
  cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
    const entry = checks.get(event.requestId);
    if (entry && indexRequests.has(event.requestId))
      entry.received = Math.max(entry.received ?? 0, event.encodedDataLength);
  });

  await page.goto('/#/login');
  await page.getByRole('textbox', { name: 'Username' }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Modules' }).waitFor();
  // the first check (when the app is stable) learns the version; every later one should be a 304
  await page.locator('html[data-portico-version]').waitFor({ state: 'attached', timeout: 35_000 });
  const results: Array<{ sent: number; received: number }> = [];
  const targets = ['/app/things/thing', '/app/model/zone', '/app/home/welcome'];
  for (let run = 0; results.length < RUNS && run < RUNS * 3; run += 1) {
    const before = new Set(checks.keys());
    await page.evaluate(
      (hash) => {
        location.hash = hash;
      },
      `#${targets[run % targets.length]}`,
    );
    const started = Date.now();
    let found: { sent: number; received: number } | null = null;
    while (!found && Date.now() - started < 10_000) {
      for (const [id, entry] of checks) {
        if (!before.has(id) && entry.status === 304 && entry.received !== undefined)
          found = { sent: entry.sent, received: entry.received };
      }
      if (!found) await page.waitForTimeout(50);
    }
    if (found) results.push(found);
  }
  await context.close();
  if (results.length === 0) throw new Error('no 304 version check was observed');
  return {
    sent: median(results.map((result) => result.sent)),
    received: median(results.map((result) => result.received)),
  };
}

async function shellLoadTimes(
  browser: Browser,
  baseUrl: string,
): Promise<{ cold: number; warm: number }> {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    cold.push(await timeShell(page, () => page.goto('/#/login')));
    // the worker registers once the app is stable (at the latest after 30 s) and claims the page
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 40_000,
    });
    warm.push(await timeShell(page, () => page.reload()));
    await context.close();
  }
  return { cold: median(cold), warm: median(warm) };
}

/** The version-check and service-worker rows of `npm run bench`. */
export async function runUpdatesBench(): Promise<BenchRow[]> {
  const server = await startBenchServer();
  const browser = await launchChromium();
  try {
    const bytes = await versionCheckBytes(browser, server.url);
    const times = await shellLoadTimes(browser, server.url);
    return [
      {
        name: 'version check finding nothing new (304): bytes on the wire',
        value: `${bytes.received} B received, ${bytes.sent} B of request headers sent`,
        target: '≤ 1 KiB received',
        ok: bytes.received <= 1024,
      },
      {
        name: `shell load, cold (no cache, no worker; median of ${RUNS})`,
        value: `${Math.round(times.cold)} ms`,
      },
      {
        name: `shell load, warm (service worker; median of ${RUNS})`,
        value: `${Math.round(times.warm)} ms`,
        target: 'faster than cold',
        ok: times.warm < times.cold,
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const { printTable } = await import('./table.ts');
  console.log(printTable(await runUpdatesBench()));
}

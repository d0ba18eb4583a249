// npm run bench: builds if needed, starts a server on a temp dir, measures, prints one table.
// Figures are medians; the machine is shared, so compare ratios across runs, not single numbers.
//   --quick    bundle sizes and the login page only
//   --browser  bundle sizes, the login page and the browser timings (sign-in, tab click, heap)
//   --no-load  skip the autocannon load tests (services)
//   --services the autocannon load tests only
//   --instances the many-instances figures only (PostgreSQL, nginx, db:copy, bus lag)
//   --audit    the audit trail's cost to writes only
//   --import   a 100,000-row CSV import (upload, dry run, job) only
//   --lighthouse  Lighthouse on #/login only
//   --deep-link   the cold deep link → first rows only
//   --peers       Portico's #/login beside a bare React floor and refine headless (bench/peers/)
//   --against DIR  the browser figures (deep link, lists, sign-in, tab click) of this tree and the
//              tree in DIR side by side, interleaved, with the ratio (README "Side by side")
//   --record   writes this run's figures to bench/landed.json (commit it with the change that lands)
// Each figure is printed beside its landed value (bench/landed.json), so a regression shows.
import { ROOT, ensureBuilt } from '../../scripts/build.ts';
import { againstTree, ensureTreeBuilt, startBenchServer } from './bench-server.ts';
import { launchChromium } from './browser.ts';
import { runBridgeBench } from './bridge-bench.ts';
import { buildSizes, kib } from './bundle-sizes.ts';
import { runCoreBench } from './core-bench.ts';
import { runDeepLinkBench } from './deep-link-bench.ts';
import { runPeersBench } from './peers-bench.ts';
import { runLighthouseBench } from './lighthouse-bench.ts';
import { runNavigationBench } from './navigation-bench.ts';
import { collectScripts, untilQuiet } from './page-weight.ts';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { printTable, recordFigures, type BenchRow, type LandedFigures } from './table.ts';
import { runUpdatesBench } from './updates-bench.ts';

const quick = process.argv.includes('--quick');
const browserOnly = process.argv.includes('--browser');
const lighthouseOnly = process.argv.includes('--lighthouse');
const deepLinkOnly = process.argv.includes('--deep-link');
const peersOnly = process.argv.includes('--peers');
const instancesOnly = process.argv.includes('--instances');
const auditOnly = process.argv.includes('--audit');
const importOnly = process.argv.includes('--import');
const against = againstTree();
const servicesOnly =
  process.argv.includes('--services') || instancesOnly || auditOnly || importOnly;
const browserSections = !lighthouseOnly && !deepLinkOnly && !peersOnly;
const rows: BenchRow[] = [];
const section = async (name: string, work: () => Promise<BenchRow[]> | BenchRow[]) => {
  process.stderr.write(`bench: ${name}…\n`);
  try {
    rows.push(...(await work()));
  } catch (error) {
    rows.push({
      name,
      value: `failed: ${error instanceof Error ? error.message : String(error)}`,
      ok: false,
    });
  }
};

if (!servicesOnly) {
  await ensureBuilt();
  if (against) await ensureTreeBuilt(against);
  if (browserSections) await section('bundle sizes', () => buildSizes(ROOT));

  const server = await startBenchServer();
  const browser = await launchChromium();
  try {
    if (lighthouseOnly)
      await section('lighthouse', () => runLighthouseBench(`${server.url}/#/login`));
    else if (deepLinkOnly) await section('deep link', () => runDeepLinkBench(browser, 5, against));
    else if (peersOnly) await section('peers', () => runPeersBench(server.url));
    else
      await section('page weight', async () => {
        const context = await browser.newContext();
        const page = await context.newPage();
        // everything the page loads by itself, until the network is quiet (the form is in the HTML)
        const login = await collectScripts(page, async () => {
          await page.goto(`${server.url}/#/login`, { waitUntil: 'networkidle' });
          await page.getByRole('button', { name: 'Sign in' }).waitFor();
        });
        // what the first keystroke fetches: React, to take the form over, the signed-in screen
        // ahead, and the legacy interface booted (parked, hidden) behind the form; until all of it
        // is in, so that no file falls in or out of the window with the machine's load
        const firstInput = await collectScripts(page, async () => {
          await page.getByRole('textbox', { name: 'Username' }).press('a');
          await page.locator('[data-prebooted-frame] iframe').waitFor({ state: 'attached' });
          await untilQuiet(page);
          await page.getByRole('textbox', { name: 'Username' }).press('Backspace');
        });
        const afterLogin = await collectScripts(page, async () => {
          await page.getByRole('textbox', { name: 'Username' }).fill('admin');
          await page.getByLabel('Password', { exact: true }).fill('demo');
          await page.getByRole('button', { name: 'Sign in' }).click();
          await page.locator('[data-route-phase="navigateSuccess"]').waitFor({ timeout: 30_000 });
        });
        await context.close();
        return [
          {
            name: 'console: JS loaded by #/login',
            value: `${kib(login.gzip)} gzip (${kib(login.raw)} raw, ${login.count} files)`,
            target: '≤ 60 KiB gzip',
            ok: login.gzip <= 60 * 1024,
          },
          {
            name: 'console: JS loaded by the first input on #/login (React, the signed-in screen)',
            value: `${kib(firstInput.top.gzip)} gzip (${kib(firstInput.top.raw)} raw, ${firstInput.top.count} files)`,
          },
          {
            name: 'legacy UI: JS booted behind #/login by the first input (the parked frame)',
            value: `${kib(firstInput.framed.gzip)} gzip (${kib(firstInput.framed.raw)} raw, ${firstInput.framed.count} files)`,
          },
          {
            name: 'console and legacy UI: JS added by signing in (what the first input did not fetch)',
            value: `${kib(afterLogin.gzip)} gzip (${kib(afterLogin.raw)} raw, ${afterLogin.count} files)`,
          },
        ];
      });
    if (!quick && browserSections) {
      await section('navigation', async () => {
        const other = against ? await startBenchServer({ root: against }) : null;
        try {
          return await runNavigationBench(
            browser,
            server.url,
            500,
            other ? { url: other.url, label: basename(against!) } : null,
          );
        } finally {
          await other?.close();
        }
      });
      await section('deep link', () => runDeepLinkBench(browser, 5, against));
      if (!browserOnly) {
        await section('lighthouse', () => runLighthouseBench(`${server.url}/#/login`));
        await section('updates', () => runUpdatesBench());
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

if (!quick && !browserOnly && browserSections) {
  if (!servicesOnly) {
    await section('bridge', () => runBridgeBench());
    await section('core', () => runCoreBench(ROOT));
  }
  if (!process.argv.includes('--no-load')) {
    if (!instancesOnly && !auditOnly && !importOnly) {
      const { runServicesBench } = await import('./services-bench.ts');
      await section('services', () => runServicesBench());
    }
    if (!instancesOnly && !importOnly) {
      const { runAuditBench } = await import('./audit-bench.ts');
      await section('audit', () => runAuditBench());
    }
    if (!instancesOnly && !auditOnly) {
      const { runImportBench } = await import('./import-bench.ts');
      await section('import', () => runImportBench());
    }
    if (!auditOnly && !importOnly) {
      const { runInstancesBench } = await import('./instances-bench.ts');
      await section('instances', () => runInstancesBench());
    }
  }
}

console.log(
  `\nPortico bench (${new Date().toISOString()}, node ${process.version}, load average ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})\n`,
);
const landedFile = join(ROOT, 'bench', 'landed.json');
const landed = existsSync(landedFile)
  ? (JSON.parse(readFileSync(landedFile, 'utf8')) as LandedFigures)
  : {};
console.log(printTable(rows, landed));
if (process.argv.includes('--record')) {
  writeFileSync(landedFile, `${JSON.stringify(recordFigures(rows, landed), null, 2)}\n`);
  console.log(`\nrecorded ${rows.length} figures in bench/landed.json`);
}

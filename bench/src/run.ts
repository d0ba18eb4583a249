// npm run bench: builds if needed, starts a server on a temp dir, measures, prints one table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@portico/services';
import { ROOT, ensureBuilt } from '../../scripts/build.ts';
import { launchChromium } from './browser.ts';
import { buildSizes, kib } from './bundle-sizes.ts';
import { collectScripts } from './page-weight.ts';
import { printTable, type BenchRow } from './table.ts';

const rows: BenchRow[] = [];
await ensureBuilt();
rows.push(...buildSizes(ROOT));

const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-'));
const server = await startServer({
  host: '127.0.0.1',
  port: 0,
  dataDir,
  consoleDir: join(ROOT, 'apps/console/dist'),
  legacyUiDir: join(ROOT, 'apps/legacy-ui/dist'),
  log: () => {},
});
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const login = await collectScripts(page, async () => {
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });
  rows.push({
    name: `console: JS loaded by #/login (${login.count} files)`,
    value: `${kib(login.gzip)} gzip (${kib(login.raw)} raw)`,
    target: '≤ 110 KiB gzip',
    ok: login.gzip <= 110 * 1024,
  });
  const afterLogin = await collectScripts(page, async () => {
    await page.getByRole('textbox', { name: 'Username' }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Modules' }).waitFor();
  });
  rows.push({
    name: `console: JS added by signing in (${afterLogin.count} files)`,
    value: `${kib(afterLogin.gzip)} gzip (${kib(afterLogin.raw)} raw)`,
  });
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

if (!process.argv.includes('--quick')) {
  const { runServicesBench } = await import('./services-bench.ts').catch(() => ({ runServicesBench: null }));
  if (runServicesBench) rows.push(...(await runServicesBench()));
}

console.log(`\nPortico bench (${new Date().toISOString()}, node ${process.version})\n`);
console.log(printTable(rows));

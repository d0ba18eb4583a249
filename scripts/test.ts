// npm test: typecheck, lint, unit tests (vitest, every workspace, with coverage thresholds) and
// Playwright e2e against a server this run starts on a free loopback port with a fresh data dir.
// Ends with one summary line "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, ensureBuilt } from './build.ts';

const args = new Set(process.argv.slice(2));
// anything that is not a flag of ours is a Playwright filter: `npm run test:e2e -- frame.spec.ts`
const playwrightFilters = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const e2eOnly = args.has('--e2e-only');
const unitOnly = args.has('--unit-only');
const cacheDir = join(ROOT, '.cache');
mkdirSync(cacheDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];

function run(label: string, command: string, commandArgs: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => {
      console.log(`${code === 0 ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      if (code !== 0) failures.push(label);
      resolve(code === 0);
    });
  });
}

const node = process.execPath;
const bin = (path: string) => join(ROOT, 'node_modules', path);

export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

if (!e2eOnly) {
  if (!(await run('typecheck', node, [bin('tsx/dist/cli.mjs'), 'scripts/typecheck.ts']))) failed += 1;
  if (!(await run('lint', node, [bin('eslint/bin/eslint.js'), '--max-warnings=0', '.']))) failed += 1;
  const vitestJson = join(cacheDir, 'vitest.json');
  rmSync(vitestJson, { force: true });
  await run('unit tests (vitest)', node, [
    bin('vitest/vitest.mjs'),
    'run',
    '--coverage',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]);
  if (existsSync(vitestJson)) {
    const report = JSON.parse(readFileSync(vitestJson, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    // a coverage-threshold failure fails the run without failing a test
    if (report.numFailedTests === 0 && failures.includes('unit tests (vitest)')) failed += 1;
  } else if (failures.includes('unit tests (vitest)')) {
    failed += 1;
  }
}

if (!unitOnly) {
  const chromium = findChromium();
  if (!chromium) {
    console.error(
      '\n✘ e2e: Chromium was not found. Install Debian\'s package: apt-get install -y --no-install-recommends chromium\n' +
        '  (or set CHROMIUM_PATH to a Chromium binary).',
    );
    failed += 1;
    failures.push('e2e (no Chromium)');
  } else {
    await ensureBuilt({ log: (line) => console.log(line) });
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-e2e-'));
    const { startServer } = await import('@portico/services');
    const server = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      consoleDir: join(ROOT, 'apps/console/dist'),
      legacyUiDir: join(ROOT, 'apps/legacy-ui/dist'),
      // Two worker processes, as `npm start` runs on this machine: the end-to-end tests also prove
      // that sessions, settings and permissions stay coherent across workers.
      workers: 2,
      log: (line) => console.log(line),
    });
    console.log(`\ne2e server: ${server.url}, ${server.workers} workers (data in ${dataDir})`);
    const playwrightJson = join(cacheDir, 'playwright.json');
    rmSync(playwrightJson, { force: true });
    await run('e2e (Playwright, Chromium)', node, [bin('@playwright/test/cli.js'), 'test', '--config', 'e2e/playwright.config.ts', ...playwrightFilters], {
      PORTICO_BASE_URL: server.url,
      PORTICO_DATA_DIR: dataDir,
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    });
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (existsSync(playwrightJson)) {
      const report = JSON.parse(readFileSync(playwrightJson, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected;
      skipped += report.stats.skipped;
      if (report.stats.unexpected === 0 && failures.includes('e2e (Playwright, Chromium)')) failed += 1;
    } else if (failures.includes('e2e (Playwright, Chromium)')) {
      failed += 1;
    }
  }
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length || failed ? 1 : 0);

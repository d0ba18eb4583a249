// npm test: typecheck, lint, unit tests (vitest, every workspace, with coverage thresholds) and
// Playwright e2e against a server this run starts on a free loopback port with a fresh data dir.
// Ends with one summary line "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureBuilt } from './build.ts';
import { findChromium } from './chromium.ts';
import { ALL_E2E_ENVIRONMENTS, E2E_ENVIRONMENTS } from './e2e-environments.ts';
import type { E2eEnvironmentHandle } from '../e2e/environments/environment.ts';

const args = new Set(process.argv.slice(2));
// anything that is not a flag of ours is a Playwright filter: `npm run test:e2e -- frame.spec.ts`
const playwrightFilters = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const e2eOnly = args.has('--e2e-only');
const chosenEnvironments = [...args]
  .filter((arg) => arg.startsWith('--env='))
  .map((arg) => arg.slice('--env='.length));
const unitOnly = args.has('--unit-only');
const cacheDir = join(ROOT, '.cache');
mkdirSync(cacheDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];

function run(
  label: string,
  command: string,
  commandArgs: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<boolean> {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('close', (code) => {
      console.log(
        `${code === 0 ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      if (code !== 0) failures.push(label);
      resolve(code === 0);
    });
  });
}

const node = process.execPath;
const bin = (path: string) => join(ROOT, 'node_modules', path);

if (!e2eOnly) {
  if (!(await run('typecheck', node, [bin('tsx/dist/cli.mjs'), 'scripts/typecheck.ts'])))
    failed += 1;
  if (!(await run('lint', node, [bin('eslint/bin/eslint.js'), '--max-warnings=0', '.'])))
    failed += 1;
  // issue 17 item 7: the code is formatted as .prettierrc says (`npm run format` fixes it)
  if (
    !(await run('formatting (prettier --check)', node, [
      bin('prettier/bin/prettier.cjs'),
      '--check',
      '--log-level=warn',
      '.',
    ]))
  )
    failed += 1;
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
    const report = JSON.parse(readFileSync(vitestJson, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
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
      "\n✘ e2e: Chromium was not found. Install Debian's package: apt-get install -y --no-install-recommends chromium\n" +
        '  (or set CHROMIUM_PATH to a Chromium binary).',
    );
    failed += 1;
    failures.push('e2e (no Chromium)');
  } else {
    await ensureBuilt({ log: (line) => console.log(line) });
    // Each environment starts its own servers, runs Playwright over them and stops them again.
    // The first one is the plain `npm start` shape; the others (scripts/e2e-environments.ts) are
    // the deployed shapes: behind a proxy, in front of another platform, around another legacy UI.
    for (const environment of chosenEnvironments.length ? ALL_E2E_ENVIRONMENTS : E2E_ENVIRONMENTS) {
      // --env=NAME (repeatable) picks environments; with spec filters and no --env, only the default runs
      if (
        chosenEnvironments.length
          ? !chosenEnvironments.includes(environment.name)
          : playwrightFilters.length > 0 && environment.name !== 'default'
      )
        continue;
      // Playwright runs the union of the file filters it is given, so a command-line filter is
      // intersected with the environment's own spec list here rather than appended to it.
      const specs = environment.specs ?? [];
      // A filter naming one of them (`settings.spec.ts:34`) is kept; one that several files match
      // (`session`) becomes the environment's files it matches.
      const filters =
        specs.length && playwrightFilters.length
          ? [
              ...new Set(
                playwrightFilters.flatMap((filter) =>
                  specs.flatMap((spec) =>
                    filter.includes(spec) ? [filter] : spec.includes(filter) ? [spec] : [],
                  ),
                ),
              ),
            ]
          : [...specs, ...playwrightFilters];
      if (specs.length && playwrightFilters.length && !filters.length) {
        console.log(
          `\n- e2e ${environment.name}: skipped (it runs none of ${playwrightFilters.join(', ')}; it runs ${specs.join(', ')})`,
        );
        continue;
      }
      const skip = environment.unavailableReason?.();
      if (skip) {
        console.log(`\n- e2e ${environment.name}: skipped (${skip})`);
        continue;
      }
      let started: E2eEnvironmentHandle;
      try {
        started = await environment.start({
          root: ROOT,
          chromium,
          log: (line) => console.log(line),
        });
      } catch (error) {
        console.error(`\n✘ e2e ${environment.name}: could not start (${String(error)})`);
        failures.push(`e2e ${environment.name} (start)`);
        failed += 1;
        continue;
      }
      const label = `e2e ${environment.name} (Playwright, Chromium)`;
      const playwrightJson = join(cacheDir, `playwright-${environment.name}.json`);
      rmSync(playwrightJson, { force: true });
      try {
        // Playwright empties its output directory when it starts: each environment keeps its own
        // (e2e/test-results for the default one, e2e/test-results/<name> for the others), so the
        // screenshots and traces of an earlier environment's failures survive the later runs.
        const outputDir = join(
          ROOT,
          'e2e',
          'test-results',
          ...(environment.name === 'default' ? [] : [environment.name]),
        );
        await run(
          label,
          node,
          [
            bin('@playwright/test/cli.js'),
            'test',
            '--config',
            'e2e/playwright.config.ts',
            `--output=${outputDir}`,
            ...(environment.playwrightArgs ?? []),
            ...filters,
          ],
          {
            ...started.env,
            CHROMIUM_PATH: chromium,
            PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
          },
        );
      } finally {
        await started.close();
      }
      if (existsSync(playwrightJson)) {
        const report = JSON.parse(readFileSync(playwrightJson, 'utf8')) as {
          stats: { expected: number; unexpected: number; flaky: number; skipped: number };
        };
        passed += report.stats.expected + report.stats.flaky;
        failed += report.stats.unexpected;
        skipped += report.stats.skipped;
        if (report.stats.unexpected === 0 && failures.includes(label)) failed += 1;
      } else if (failures.includes(label)) {
        failed += 1;
      }
    }
  }
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length || failed ? 1 : 0);

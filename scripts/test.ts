// npm test: typecheck, lint, unit tests (vitest, every workspace, with coverage thresholds) and
// Playwright e2e in every deployed shape (its projects, each starting its own servers on free
// loopback ports with fresh data dirs). Ends with the steps and their times, then one summary line
// "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './build.ts';
import { findChromium } from './chromium.ts';

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
/** One line per step with its time, printed again at the end. */
const steps: string[] = [];
/** The failed unit test files and tests, printed after the steps (a CI log's tail names them). */
const unitFailureLines: string[] = [];

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults?: Array<{
      fullName?: string;
      title: string;
      status: string;
      failureMessages?: string[];
    }>;
  }>;
}

/**
 * A line per failed unit file (with the first line of its error when it failed outside a test: a
 * hook, an import, a timeout) and one per failed test under it, paths relative to the repository.
 */
function unitFailureReport(report: VitestReport): string[] {
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (file.status !== 'failed' && failedTests.length === 0) continue;
    const path = relative(ROOT, file.name);
    const reason = file.message?.trim().split('\n')[0];
    lines.push(
      `  ✘ ${path}${failedTests.length ? '' : ` (${reason || 'failed outside its tests'})`}`,
    );
    for (const test of failedTests) {
      lines.push(`      ✘ ${test.fullName ?? test.title}`);
      // the assertion's first line, so a log's tail says why as well as what
      const why = test.failureMessages?.[0]?.trim().split('\n')[0];
      if (why) lines.push(`        ${why.slice(0, 300)}`);
    }
  }
  return lines;
}

interface ReportTest {
  projectName: string;
  status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
  annotations: Array<{ type: string; description?: string }>;
  results: Array<{ duration: number; startTime: string }>;
}
interface ReportSuite {
  specs?: Array<{ tests: ReportTest[] }>;
  suites?: ReportSuite[];
}
interface Report {
  suites: ReportSuite[];
}

/**
 * The e2e counts without the environments' setup and teardown projects, and a line per project:
 * its tests and the time from its first test's start to its last one's end (projects overlap).
 */
function countPlaywright(report: Report) {
  const tests: ReportTest[] = [];
  const walk = (suite: ReportSuite) => {
    for (const spec of suite.specs ?? []) tests.push(...spec.tests);
    for (const child of suite.suites ?? []) walk(child);
  };
  report.suites.forEach(walk);
  const counts = { passed: 0, failed: 0, skipped: 0, lines: [] as string[] };
  const byProject = new Map<string, ReportTest[]>();
  for (const test of tests) {
    const setupSkip = /^setup /.test(test.projectName) && test.status === 'skipped';
    if (setupSkip) {
      const reason = test.annotations.find((note) => note.type === 'skip')?.description;
      counts.lines.push(`- ${reason ?? `${test.projectName}: skipped`}`);
    }
    if (/^(setup|teardown) /.test(test.projectName)) {
      if (test.status === 'unexpected') counts.failed += 1;
      continue;
    }
    byProject.set(test.projectName, [...(byProject.get(test.projectName) ?? []), test]);
    if (test.status === 'expected' || test.status === 'flaky') counts.passed += 1;
    else if (test.status === 'unexpected') counts.failed += 1;
    else counts.skipped += 1;
  }
  for (const [project, projectTests] of byProject) {
    const results = projectTests.flatMap((test) => test.results);
    const first = Math.min(...results.map((result) => Date.parse(result.startTime)));
    const last = Math.max(
      ...results.map((result) => Date.parse(result.startTime) + result.duration),
    );
    const bad = projectTests.filter((test) => test.status === 'unexpected').length;
    counts.lines.push(
      `  e2e ${project}: ${projectTests.length} tests${bad ? `, ${bad} failed` : ''} (${results.length ? ((last - first) / 1000).toFixed(1) : '0.0'} s from first start to last end)`,
    );
  }
  return counts;
}

/**
 * Runs one step. `buffered` keeps its output until it ends (steps that run side by side print one
 * after the other, not interleaved).
 */
function run(
  label: string,
  command: string,
  commandArgs: string[],
  env: NodeJS.ProcessEnv = {},
  buffered = false,
): Promise<boolean> {
  const started = Date.now();
  if (!buffered) console.log(`\n▶ ${label}`);
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: ROOT,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      if (buffered) process.stdout.write(`\n▶ ${label}\n${output}`);
      const line = `${code === 0 ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`;
      console.log(line);
      steps.push(line);
      if (code !== 0) failures.push(label);
      resolve(code === 0);
    });
  });
}

const node = process.execPath;
const bin = (path: string) => join(ROOT, 'node_modules', path);

if (!e2eOnly) {
  // tsc -b checks one project after another, on one core: lint and prettier use the other
  const started = Date.now();
  const staticChecks = await Promise.all([
    run('typecheck (tsc -b)', node, [bin('typescript/bin/tsc'), '-b'], {}, true),
    (async () => [
      await run('lint', node, [bin('eslint/bin/eslint.js'), '--max-warnings=0', '.'], {}, true),
      // the code is formatted as .prettierrc says (`npm run format` fixes it)
      await run(
        'formatting (prettier --check)',
        node,
        [bin('prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.'],
        {},
        true,
      ),
    ])(),
  ]);
  failed += staticChecks.flat().filter((ok) => !ok).length;
  steps.push(
    `  (typecheck, lint and formatting side by side: ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  const vitestJson = join(cacheDir, 'vitest.json');
  rmSync(vitestJson, { force: true });
  // the e2e step's bundles (e2e/global-setup.ts builds what is missing or stale) are built beside
  // the unit tests, whose workers wait on sockets and timers much of the time: a few seconds of
  // one core, not a step of their own before the e2e tests
  const bundles = unitOnly
    ? undefined
    : run(
        'build the console and the legacy UI (beside the unit tests)',
        node,
        ['--import', 'tsx', join(ROOT, 'scripts', 'build.ts')],
        {},
        true,
      );
  await run('unit tests (vitest)', node, [
    bin('vitest/vitest.mjs'),
    'run',
    '--coverage',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]);
  if (bundles && !(await bundles)) failed += 1;
  if (existsSync(vitestJson)) {
    const report = JSON.parse(readFileSync(vitestJson, 'utf8')) as VitestReport;
    unitFailureLines.push(...unitFailureReport(report));
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
    // One Playwright run over the deployed shapes, its projects (e2e/playwright.config.ts): each
    // starts and stops its own servers in its setup and teardown projects, and their tests share
    // the workers. --env=NAME (repeatable) picks projects; with spec filters and no --env, only the
    // default one runs. Playwright intersects the filters with each project's own specs.
    const projects = chosenEnvironments.length
      ? chosenEnvironments
      : playwrightFilters.length
        ? ['default']
        : [];
    const label = `e2e ${projects.length ? projects.join(', ') : 'every environment'} (Playwright, Chromium)`;
    const playwrightJson = join(cacheDir, 'playwright.json');
    rmSync(playwrightJson, { force: true });
    await run(
      label,
      node,
      [
        bin('@playwright/test/cli.js'),
        'test',
        '--config',
        'e2e/playwright.config.ts',
        ...projects.map((project) => `--project=${project}`),
        ...playwrightFilters,
      ],
      { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    );
    if (existsSync(playwrightJson)) {
      const counts = countPlaywright(JSON.parse(readFileSync(playwrightJson, 'utf8')) as Report);
      passed += counts.passed;
      failed += counts.failed;
      skipped += counts.skipped;
      for (const line of counts.lines) steps.push(line);
      if (counts.failed === 0 && failures.includes(label)) failed += 1;
    } else if (failures.includes(label)) {
      failed += 1;
    }
  }
}

console.log(`\nSteps:\n${steps.map((line) => `  ${line}`).join('\n')}`);
if (unitFailureLines.length)
  console.log(`\nFailed unit files and tests:\n${unitFailureLines.join('\n')}`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length || failed ? 1 : 0);

import { defineConfig } from '@playwright/test';
import type { PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.ts';
import { ENVIRONMENTS } from './environments/index.ts';

// One Playwright project per deployed shape, each with its own servers: `default` (the plain
// `npm start` shape, the whole suite), `nginx` (two instances on a throwaway PostgreSQL behind
// Debian's nginx with deploy/nginx/portico.conf), `legacy-plain` (the console around
// apps/legacy-plain) and `upstream` (Portico in front of another Portico playing the platform).
// Each depends on a setup project that starts its environment (environments/environment.setup.ts,
// which hands PORTICO_BASE_URL and the rest to that project's workers) and is followed by a
// teardown project that stops it. `npx playwright test --project=nginx` runs one with its setup.
// The console and the legacy UI are built once for all of them (global-setup.ts). Chromium is
// Debian's (no browser download works here).
type Project = NonNullable<PlaywrightTestConfig['projects']>[number];

const SHAPES: Array<{ name: string; only?: Partial<Project> }> = [
  // legacy-plain.spec needs the console pointed at the plain example, upstream.spec the platform
  { name: 'default', only: { testIgnore: ['legacy-plain.spec.ts', 'upstream.spec.ts'] } },
  { name: 'nginx', only: { testMatch: ['session.spec.ts', 'settings.spec.ts', 'frame.spec.ts'] } },
  // frame.spec.ts is not here: it drives our reference UI's own pages, which the plain example
  // does not have; frame-contract.spec.ts is what any legacy UI must do
  {
    name: 'legacy-plain',
    only: {
      testMatch: ['frame-contract.spec.ts', 'legacy-plain.spec.ts'],
      grep: /@any-legacy|@legacy-plain/,
    },
  },
  {
    name: 'upstream',
    only: {
      testMatch: [
        'session.spec.ts',
        'settings.spec.ts',
        'frame.spec.ts',
        'frame-contract.spec.ts',
        'upstream.spec.ts',
      ],
    },
  },
  // the console against services answering the real platform's shapes alone (environments/
  // platform-shapes.ts): sign-in, the work area and settings, a few tests each (< 60 s)
  {
    name: 'platform-shapes',
    only: {
      testMatch: ['sign-in.spec.ts', 'work-area.spec.ts', 'settings.spec.ts'],
      grep: /refused password keeps the frame booting|every editor shows the API’s values|saving a time zone persists it|switching the language re-labels|About shows the three versions/,
    },
  },
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  timeout: 30_000,
  // a shared two-core machine: allow for load without hiding real failures
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // npm test reads the JSON report (scripts/test.ts names the file)
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.cache/playwright.json' },
    ],
  ],
  outputDir: './test-results',
  use: {
    // set in each project's workers by its setup project
    baseURL: process.env.PORTICO_BASE_URL,
    browserName: 'chromium',
    // a desktop the demo tenant's Modules fit (seven modules and Acme's two application tabs:
    // at 1280 px they fold into the Modules menu); specs that test other widths set their own
    viewport: { width: 1440, height: 900 },
    // a trace records a screencast of every test while it runs, failing or not: a third of the
    // suite's time on a two-core machine (a 36-test subset took 90–103 s with
    // 'retain-on-failure', 70 s without; the GPU process's CPU went from 29 to 6 s). A failed
    // test's retry records one instead (CI retries once); `--trace on` records one anywhere.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium() ?? '/usr/lib/chromium/chromium',
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: SHAPES.flatMap(({ name, only }): Project[] => [
    {
      name: `setup ${name}`,
      testDir: './environments',
      testMatch: 'environment.setup.ts',
      teardown: `teardown ${name}`,
      metadata: { environment: name },
      timeout: 180_000,
      retries: 0,
      outputDir: `./test-results/setup/${name}`,
    },
    {
      name: `teardown ${name}`,
      testDir: './environments',
      testMatch: 'environment.teardown.ts',
      metadata: { environment: name },
      timeout: 60_000,
      retries: 0,
      outputDir: `./test-results/setup/${name}`,
    },
    {
      name,
      dependencies: [`setup ${name}`],
      // where the environment cannot run (no nginx or PostgreSQL), its setup reports it skipped
      // with the reason and its own tests are left out
      ...(ENVIRONMENTS[name]?.unavailableReason?.() ? { testMatch: [] } : only),
      // screenshots and traces of each shape's failures apart (the default one's at the top)
      outputDir: name === 'default' ? './test-results' : `./test-results/${name}`,
    },
  ]),
});

import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.ts';

// The server is started by scripts/test.ts (npm test) on a free loopback port with a fresh data
// dir, and passed in as PORTICO_BASE_URL. Chromium is Debian's (no browser download works here).
const baseURL = process.env.PORTICO_BASE_URL;
if (!baseURL)
  throw new Error(
    'PORTICO_BASE_URL is not set: run the e2e tests through `npm test` (or `npm run test:e2e`).',
  );

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  // a shared two-core machine: allow for load without hiding real failures
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: [['list'], ['json']],
  outputDir: './test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium() ?? '/usr/lib/chromium/chromium',
      args: [...CHROMIUM_ARGS],
    },
  },
});

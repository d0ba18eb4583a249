import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// `npm run bridge:check -- <url>` against this run's server: it passes on both legacy UIs
// and fails, with a clear line, on a page that does not speak the protocol. Each run starts its own
// headless Chromium, so these run in the default project only (e2e/playwright.config.ts).
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function bridgeCheck(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [`${ROOT}node_modules/tsx/dist/cli.mjs`, `${ROOT}scripts/bridge-check.ts`, url],
      { cwd: ROOT, env: process.env },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

test.describe('bridge:check against a running Portico', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const path of ['/legacy-ui/', '/legacy-plain/']) {
    test(`${path} passes every step`, async ({ baseURL }) => {
      const { code, output } = await bridgeCheck(`${baseURL}${path}`);
      expect(output).toMatch(/all \d+ steps passed/);
      expect(output).not.toMatch(/\bFAIL\b/);
      expect(code).toBe(0);
    });
  }

  test('a page that does not speak the protocol fails with a clear line and exit code 1', async ({
    baseURL,
  }) => {
    const { code, output } = await bridgeCheck(`${baseURL}/`);
    expect(output).toMatch(
      /handshake within 10 s\s+FAIL\s+no "ready" from the page within 10 s: it does not speak the Portico frame protocol/,
    );
    expect(code).toBe(1);
  });

  test('a bad argument is a usage error (exit 2)', async () => {
    const { code, output } = await bridgeCheck('not-a-url');
    expect(output).toContain('bridge:check: not a URL: not-a-url');
    expect(code).toBe(2);
  });
});

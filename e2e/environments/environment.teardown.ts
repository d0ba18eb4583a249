// The teardown project of each e2e environment: stops what its setup project started.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** Whether `pid` still runs (a zombie waiting for a parent that is gone does not). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

test('stop the environment', async () => {
  const pid = Number(process.env.PORTICO_ENVIRONMENT_PID);
  test.skip(!pid, 'the environment did not start');
  if (running(pid)) process.kill(pid, 'SIGTERM');
  await expect.poll(() => running(pid), { timeout: 30_000 }).toBe(false);
});

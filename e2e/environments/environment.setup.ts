// The setup project of each e2e environment: starts the environment (serve.ts, in a process of its
// own) and hands its variables (PORTICO_BASE_URL, …) to the environment's test project, which
// Playwright does with what a setup changes in process.env. An environment whose binaries are
// missing (nginx, PostgreSQL) is reported skipped here, with the reason, and its tests do not run.
import { fork } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { ENVIRONMENTS } from './index.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

test('start the environment', async () => {
  const info = test.info();
  const name = String(info.project.metadata.environment);
  const environment = ENVIRONMENTS[name];
  if (!environment) throw new Error(`no e2e environment named "${name}"`);
  const unavailable = environment.unavailableReason?.();
  test.skip(Boolean(unavailable), `e2e ${name}: skipped (${unavailable})`);

  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  const logFile = join(ROOT, '.cache', `e2e-${name}.log`);
  const out = openSync(logFile, 'w');
  const child = fork(join(ROOT, 'e2e', 'environments', 'serve.ts'), [name, String(process.ppid)], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', out, out, 'ipc'],
  });
  closeSync(out);
  const answer = await new Promise<{ env?: Record<string, string>; error?: string }>((resolve) => {
    child.once('message', (message) => resolve(message as { env?: Record<string, string> }));
    child.once('exit', (code) => resolve({ error: `exited with code ${code}` }));
  });
  const output = readFileSync(logFile, 'utf8').trim();
  if (!answer.env) throw new Error(`e2e ${name} could not start (${answer.error})\n${output}`);
  console.log(output);
  child.unref();
  child.channel?.unref();
  Object.assign(process.env, answer.env, { PORTICO_ENVIRONMENT_PID: String(child.pid) });
});

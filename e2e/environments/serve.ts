// Runs one e2e environment (`tsx serve.ts <name> <watched pid>`) in a process of its own, until
// SIGTERM or SIGINT, or until the watched process (the Playwright run) is gone. The environment's
// setup project starts it and its teardown project stops it: Playwright ends a setup project's
// worker when the setup is done, so the servers cannot live in that worker. It tells its parent
// the environment's variables (or why it could not start) over the IPC channel.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from '../../scripts/chromium.ts';
import { ENVIRONMENTS } from './index.ts';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const [name = '', watched = ''] = process.argv.slice(2);
const environment = ENVIRONMENTS[name];
const log = (line: string) => console.log(line);

try {
  if (!environment) throw new Error(`no e2e environment named "${name}"`);
  const handle = await environment.start({ root, chromium: chromiumPath(), log });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= handle.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`could not stop the ${name} environment: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // never outlive the run that started it (a killed runner cannot run the teardown project)
  const watchedPid = Number(watched);
  if (watchedPid)
    setInterval(() => {
      try {
        process.kill(watchedPid, 0);
      } catch {
        stop();
      }
    }, 1_000);
  process.send?.({ env: handle.env });
  process.disconnect?.();
} catch (error) {
  console.error(error);
  process.send?.({ error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}

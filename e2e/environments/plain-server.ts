// The plain `npm start`-like server of the environments `default` and `platform-shapes`: the built
// console and legacy UI served by one Portico on a fresh SQLite data dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInfo } from '../../scripts/build-info.ts';
import type { StartServerOptions } from '@portico/services';
import type { E2eEnvironmentContext, E2eEnvironmentHandle } from './environment.ts';

/**
 * Starts the server on a loopback port with a data dir of its own (`portico-e2e-<prefix>…`, removed
 * on close). `check` runs once it listens (the server is closed when it throws); `describe` is the
 * line logged with its address.
 */
export async function startPlainServer(
  { root, log }: E2eEnvironmentContext,
  options: {
    prefix: string;
    describe: string;
    server?: Partial<StartServerOptions>;
    check?: (url: string) => Promise<void>;
  },
): Promise<E2eEnvironmentHandle> {
  const dataDir = mkdtempSync(join(tmpdir(), `portico-e2e-${options.prefix}`));
  const { SERVICES_VERSION, startServer } = await import('@portico/services');
  const server = await startServer({
    version: buildInfo(SERVICES_VERSION, root),
    host: '127.0.0.1',
    port: 0,
    dataDir,
    consoleDir: join(root, 'apps/console/dist'),
    legacyUiDir: join(root, 'apps/legacy-ui/dist'),
    log,
    ...options.server,
  });
  try {
    await options.check?.(server.url);
  } catch (error) {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  log(`\n${options.describe}: ${server.url}, ${server.workers} workers (data in ${dataDir})`);
  return {
    env: { PORTICO_BASE_URL: server.url, PORTICO_DATA_DIR: dataDir },
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

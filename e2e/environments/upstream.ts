// The e2e environment `upstream`: one Portico started normally plays "the platform" on one
// loopback port; a second, in upstream mode (PLATFORM_URL), serves the console on another and
// forwards the API and /legacy-ui/ to the first. The session, settings and frame specs run through
// the second. A third upstream instance points at a port where nothing listens (the platform down).
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { E2eEnvironment } from './environment.ts';

/** A loopback port that was free a moment ago (nothing listens there). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const upstreamEnvironment: E2eEnvironment = {
  name: 'upstream',
  async start({ root, log }) {
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-e2e-platform-'));
    const { startServer, startUpstreamServer } = await import('@portico/services');
    const consoleDir = join(root, 'apps/console/dist');
    const platform = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      consoleDir,
      legacyUiDir: join(root, 'apps/legacy-ui/dist'),
      workers: 1,
      log,
    });
    const front = await startUpstreamServer({
      host: '127.0.0.1',
      port: 0,
      platformUrl: platform.url,
      consoleDir,
      log,
    });
    const down = await startUpstreamServer({
      host: '127.0.0.1',
      port: 0,
      platformUrl: `http://127.0.0.1:${await deadPort()}`,
      consoleDir,
      log: () => undefined,
    });
    log(
      `\ne2e upstream: console ${front.url} → platform ${platform.url} (data in ${dataDir}); platform down: ${down.url}`,
    );
    return {
      env: {
        PORTICO_BASE_URL: front.url,
        PORTICO_DATA_DIR: dataDir,
        PORTICO_PLATFORM_URL: platform.url,
        PORTICO_DOWN_URL: down.url,
      },
      async close() {
        await Promise.all([front.close(), down.close()]);
        await platform.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

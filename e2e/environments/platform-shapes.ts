// The e2e environment `platform-shapes`: the plain shape with PORTICO_PLATFORM_SHAPES=only, where
// every answer for which Portico adds keys to the real platform's shape (apps/services/API.md,
// compatibility table) comes in the platform's shape alone. The console's main specs run against
// it to prove it needs nothing beyond what the real platform answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInfo } from '../../scripts/build-info.ts';
import type { E2eEnvironment } from './environment.ts';

export const platformShapesEnvironment: E2eEnvironment = {
  name: 'platform-shapes',
  async start({ root, log }) {
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-e2e-shapes-'));
    // read by every worker's context (forked workers inherit the environment)
    process.env.PORTICO_PLATFORM_SHAPES = 'only';
    const { SERVICES_VERSION, startServer } = await import('@portico/services');
    const server = await startServer({
      version: buildInfo(SERVICES_VERSION, root),
      host: '127.0.0.1',
      port: 0,
      dataDir,
      consoleDir: join(root, 'apps/console/dist'),
      legacyUiDir: join(root, 'apps/legacy-ui/dist'),
      workers: 1,
      log,
    });
    // the mode must hold, or this project would prove nothing: the login answer has no isRoot
    const login = await fetch(`${server.url}/riot-core-services/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'viewer', password: 'demo' }),
    });
    const answer = (await login.json()) as Record<string, unknown>;
    if (!('token' in answer) || 'isRoot' in answer) {
      await server.close();
      throw new Error('platform-shapes: the services do not answer the platform shapes only');
    }
    log(`\ne2e server (platform shapes only): ${server.url} (data in ${dataDir})`);
    return {
      env: { PORTICO_BASE_URL: server.url, PORTICO_DATA_DIR: dataDir },
      async close() {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

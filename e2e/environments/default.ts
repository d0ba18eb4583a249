// The e2e environment `default`: the plain `npm start` shape.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInfo } from '../../scripts/build-info.ts';
import type { E2eEnvironment } from './environment.ts';

/** The plain shape: one `npm start`-like server with two workers on a fresh SQLite data dir. */
export const defaultEnvironment: E2eEnvironment = {
  name: 'default',
  async start({ root, log }) {
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-e2e-'));
    const { SERVICES_VERSION, startServer } = await import('@portico/services');
    const server = await startServer({
      version: buildInfo(SERVICES_VERSION, root),
      host: '127.0.0.1',
      port: 0,
      dataDir,
      consoleDir: join(root, 'apps/console/dist'),
      legacyUiDir: join(root, 'apps/legacy-ui/dist'),
      // Two worker processes, as `npm start` runs on this machine: the end-to-end tests also prove
      // that sessions, settings and permissions stay coherent across workers.
      workers: 2,
      // webhooks go only to receivers the specs start on this machine
      webhookAllowedHosts: '127.0.0.1',
      log,
    });
    log(`\ne2e server: ${server.url}, ${server.workers} workers (data in ${dataDir})`);
    return {
      env: { PORTICO_BASE_URL: server.url, PORTICO_DATA_DIR: dataDir },
      async close() {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

// The shapes the end-to-end suite runs against. `npm test` runs each in turn (scripts/test.ts):
// it starts the environment, runs Playwright with the environment's variables and arguments, and
// stops it. A new deployed shape (a proxy, an upstream platform, another legacy UI, other
// viewports) is one more entry here, with its start-up in a file of its own beside this one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInfo } from './build-info.ts';
import { nginxEnvironment } from './e2e-env-nginx.ts';
import { legacyPlainEnvironment } from './e2e-env-legacy-plain.ts';
import { upstreamEnvironment } from './e2e-env-upstream.ts';
import type { E2eEnvironment } from './e2e-environment.ts';

/** The plain shape: one `npm start`-like server with two workers on a fresh SQLite data dir. */
const defaultEnvironment: E2eEnvironment = {
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

/**
 * The environments `npm test` runs, one after the other: the plain shape with the whole suite, then
 * the deployed shapes with the specs their issues name — nginx (issue 14: session, settings, frame
 * through deploy/nginx/portico.conf over two instances on PostgreSQL), legacy-plain (issue 16: the
 * frame contract and the plain example) and upstream (issue 16: session, settings and frame through
 * a Portico in upstream mode, plus frame-contract and upstream.spec). nginx reports itself skipped
 * where nginx or PostgreSQL 15 is missing (`.ci/run` installs both).
 */
export const E2E_ENVIRONMENTS: E2eEnvironment[] = [
  defaultEnvironment,
  nginxEnvironment,
  legacyPlainEnvironment,
  upstreamEnvironment,
];

/** Every environment, for `--env=NAME`. */
export const ALL_E2E_ENVIRONMENTS: E2eEnvironment[] = [...E2E_ENVIRONMENTS];

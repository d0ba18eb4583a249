// The e2e environment `nginx`: a throwaway PostgreSQL, two Portico instances on it and Debian's nginx
// in front (the nginx helpers are in scripts/e2e-env-nginx.ts, which the bench also uses).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nginxUnavailableReason, startNginx } from '../../scripts/e2e-env-nginx.ts';
import type { RunningNginx } from '../../scripts/e2e-env-nginx.ts';
import type { E2eEnvironment } from './environment.ts';

export const nginxEnvironment: E2eEnvironment = {
  name: 'nginx',
  unavailableReason() {
    if (!existsSync('/usr/lib/postgresql/15/bin/initdb'))
      return 'PostgreSQL 15 binaries not found in /usr/lib/postgresql/15/bin';
    return nginxUnavailableReason();
  },
  async start({ root, log }) {
    const { startServer } = await import('@portico/services');
    const { startPgCluster } = await import('../../apps/services/test/pg-cluster.ts');
    const pg = await startPgCluster();
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-e2e-nginx-'));
    const servers: Array<{ url: string; close(): Promise<void> }> = [];
    let nginx: RunningNginx | undefined;
    const stopAll = async () => {
      await nginx?.close();
      for (const server of servers) await server.close();
      pg.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    try {
      // One after the other: the first migrates and seeds, the second finds it done.
      for (let i = 0; i < 2; i += 1) {
        servers.push(
          await startServer({
            host: '127.0.0.1',
            port: 0,
            dataDir,
            databaseUrl: pg.url,
            consoleDir: join(root, 'apps/console/dist'),
            legacyUiDir: join(root, 'apps/legacy-ui/dist'),
            trustProxy: ['127.0.0.1'],
            logLevel: 'warn',
            log,
          }),
        );
      }
      nginx = await startNginx(servers.map((server) => server.url.replace(/^http:\/\//, '')));
    } catch (error) {
      await stopAll();
      throw error;
    }
    log(
      `\ne2e nginx: ${nginx.url} → ${servers.map((server) => server.url).join(', ')} on PostgreSQL ${pg.url}`,
    );
    return { env: { PORTICO_BASE_URL: nginx.url }, close: stopAll };
  },
};

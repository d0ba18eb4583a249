// A Portico server on a fresh temporary data dir, serving the current builds, for one bench section.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@portico/services';
import { ROOT } from '../../scripts/build.ts';

export interface BenchServer {
  url: string;
  close(): Promise<void>;
}

export async function startBenchServer(
  options: { seedScale?: number; consoleDir?: string; legacyUiDir?: string } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-'));
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    consoleDir: options.consoleDir ?? join(ROOT, 'apps/console/dist'),
    legacyUiDir: options.legacyUiDir ?? join(ROOT, 'apps/legacy-ui/dist'),
    ...(options.seedScale ? { seedScale: options.seedScale } : {}),
    log: () => {},
  });
  return {
    url: server.url,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

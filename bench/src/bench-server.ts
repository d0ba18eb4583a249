// A Portico server on a fresh temporary data dir, serving the current builds, for one bench section.
// `root` serves another checkout's tree instead (its own services, console and legacy UI builds):
// `--against DIR` measures this tree and that one side by side in one run (`againstTree`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from '@portico/services';
import { ROOT } from '../../scripts/build.ts';

export interface BenchServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The tree named by `--against DIR` (e.g. main's, from `git archive main | tar -x -C DIR`, with
 * this checkout's node_modules linked in; README "Side by side"), or null.
 */
export function againstTree(argv = process.argv): string | null {
  const at = argv.indexOf('--against');
  const dir = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && (!dir || dir.startsWith('--'))) throw new Error('--against needs a directory');
  return dir ? resolve(dir) : null;
}

/** Builds `root`'s console and legacy UI when their build is missing or stale (its own script). */
export async function ensureTreeBuilt(root: string): Promise<void> {
  const build = (await import(pathToFileURL(join(root, 'scripts/build.ts')).href)) as {
    ensureBuilt(): Promise<unknown>;
  };
  await build.ensureBuilt();
}

export async function startBenchServer(
  options: { seedScale?: number; consoleDir?: string; legacyUiDir?: string; root?: string } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-'));
  const root = options.root ?? ROOT;
  const start =
    root === ROOT
      ? startServer
      : (
          (await import(pathToFileURL(join(root, 'apps/services/src/index.ts')).href)) as {
            startServer: typeof startServer;
          }
        ).startServer;
  const server = await start({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    consoleDir: options.consoleDir ?? join(root, 'apps/console/dist'),
    legacyUiDir: options.legacyUiDir ?? join(root, 'apps/legacy-ui/dist'),
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

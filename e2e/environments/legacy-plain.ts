// The e2e environment `legacy-plain`: the console pointed at the plain legacy example
// (apps/legacy-plain, served at /legacy-plain/, which speaks the protocol only through
// /portico-kit/portico-frame.js). The console build is copied and its run-time portico.config.json
// says `legacyUiBase: "/legacy-plain"`, exactly what an operator edits to wrap another legacy UI.
//
// Its project (e2e/playwright.config.ts) runs `@any-legacy` (frame-contract.spec.ts: what any legacy UI must do through the protocol,
// observed from the shell) and `@legacy-plain` (legacy-plain.spec.ts: every action through the kit).
// frame.spec.ts is not selected: it drives our reference UI's own pages (thing types, the zone
// dialog's labels, its filter box), which the plain example does not have.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { E2eEnvironment } from './environment.ts';

export const LEGACY_PLAIN_BASE = '/legacy-plain';

/** Copies the console build into `dir` with portico.config.json's legacyUiBase set to `base`. */
export function consoleCopyWithLegacyBase(root: string, dir: string, base: string): string {
  const consoleDir = join(dir, 'console');
  cpSync(join(root, 'apps/console/dist'), consoleDir, { recursive: true });
  const configFile = join(consoleDir, 'portico.config.json');
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(configFile, `${JSON.stringify({ ...config, legacyUiBase: base }, null, 2)}\n`);
  return consoleDir;
}

export const legacyPlainEnvironment: E2eEnvironment = {
  name: 'legacy-plain',
  async start({ root, log }) {
    const dir = mkdtempSync(join(tmpdir(), 'portico-e2e-plain-'));
    const consoleDir = consoleCopyWithLegacyBase(root, dir, LEGACY_PLAIN_BASE);
    const { startServer } = await import('@portico/services');
    const server = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir: join(dir, 'data'),
      consoleDir,
      legacyUiDir: join(root, 'apps/legacy-ui/dist'),
      workers: 1,
      log,
    });
    log(`\ne2e legacy-plain: ${server.url} (console → ${LEGACY_PLAIN_BASE}/)`);
    return {
      env: {
        PORTICO_BASE_URL: server.url,
        PORTICO_DATA_DIR: join(dir, 'data'),
        PORTICO_LEGACY_BASE: LEGACY_PLAIN_BASE,
      },
      async close() {
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

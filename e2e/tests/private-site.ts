// A Portico server of a spec's own: a private copy of the builds (a spec may rewrite files of it),
// a fresh database, and browser contexts opened on it and closed with it. For specs that must not
// share the main e2e server (analytics counts, version changes, service workers).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext } from '@playwright/test';
import { startServer } from '@portico/services';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type ContextOptions = Parameters<Browser['newContext']>[0];

export interface PrivateSite {
  url: string;
  /** The private copy of the console build this server serves. */
  consoleDir: string;
  newContext(options?: ContextOptions): Promise<BrowserContext>;
}

/**
 * A Playwright fixture body for `test.extend<{ site: PrivateSite }>`. `prepare` adjusts each new
 * context's options and may add init scripts to it.
 */
export function privateSite(
  prefix: string,
  prepare: { options?: ContextOptions; init?: (context: BrowserContext) => Promise<void> } = {},
) {
  return async (
    { browser }: { browser: Browser },
    use: (site: PrivateSite) => Promise<void>,
  ): Promise<void> => {
    const dir = mkdtempSync(join(tmpdir(), `portico-${prefix}-`));
    const consoleDir = join(dir, 'console');
    cpSync(join(ROOT, 'apps/console/dist'), consoleDir, { recursive: true });
    cpSync(join(ROOT, 'apps/legacy-ui/dist'), join(dir, 'legacy-ui'), { recursive: true });
    const server = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir: join(dir, 'data'),
      consoleDir,
      legacyUiDir: join(dir, 'legacy-ui'),
      log: () => {},
    });
    const contexts: BrowserContext[] = [];
    try {
      await use({
        url: server.url,
        consoleDir,
        async newContext(options) {
          const context = await browser.newContext({
            ...prepare.options,
            ...options,
            baseURL: server.url,
          });
          await prepare.init?.(context);
          contexts.push(context);
          return context;
        },
      });
    } finally {
      for (const context of contexts) await context.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

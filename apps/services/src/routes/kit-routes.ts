// The frame kit and the plain legacy example:
// - /portico-kit/portico-frame.js: the classic script a legacy page includes with one <script> tag
//   (short cache: a new build reaches pages within minutes), and portico-frame.<hash>.js beside it
//   (the same bytes, cached for a year: the name changes with the content); kit.json names the
//   versioned file and its SRI hash. Other origins may load them (a legacy UI served elsewhere).
// - /legacy-plain/: apps/legacy-plain/www, hand-written pages served as they are (no build step).
import { fileURLToPath } from 'node:url';
import type { Env, Hono } from 'hono';
import { createStaticHandler } from '../static/static-files.ts';

/**
 * A directory of this repository beside the services (apps/legacy-plain, packages/bridge), whatever
 * starts them; undefined where the module is not a file (the in-memory services inside a jsdom test).
 */
function repositoryDir(relative: string): string | undefined {
  try {
    return fileURLToPath(new URL(relative, import.meta.url));
  } catch {
    return undefined;
  }
}

export const KIT_PREFIX = '/portico-kit/';
export const LEGACY_PLAIN_PREFIX = '/legacy-plain/';
const KIT_FILE = /^(portico-frame(\.[0-9a-f]{12})?\.js(\.map)?|portico-frame\.d\.ts|kit\.json)$/;
const VERSIONED = /^portico-frame\.[0-9a-f]{12}\.js(\.map)?$/;

export function registerKitRoutes<E extends Env>(
  app: Hono<E>,
  dirs: { kitDir?: string | undefined; legacyPlainDir?: string | undefined },
  htmlHeaders: Record<string, string>,
): void {
  const kit = createStaticHandler({
    name: 'frame kit',
    dir: dirs.kitDir ?? repositoryDir('../../../../packages/bridge/dist'),
    htmlHeaders: {},
    cacheControl: (path) =>
      VERSIONED.test(path)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=300, must-revalidate',
    extraHeaders: {
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    },
  });
  app.on(['GET', 'HEAD'], `${KIT_PREFIX}*`, (c) => {
    const name = c.req.path.slice(KIT_PREFIX.length);
    if (!KIT_FILE.test(name))
      return c.json(
        { error: `Not found: the frame kit serves ${KIT_PREFIX}portico-frame.js` },
        404,
      );
    return kit(c, name);
  });

  const plain = createStaticHandler({
    name: 'plain legacy UI',
    dir: dirs.legacyPlainDir ?? repositoryDir('../../../legacy-plain/www'),
    htmlHeaders,
  });
  app.on(['GET', 'HEAD'], LEGACY_PLAIN_PREFIX.slice(0, -1), (c) =>
    c.redirect(LEGACY_PLAIN_PREFIX, 301),
  );
  app.on(['GET', 'HEAD'], `${LEGACY_PLAIN_PREFIX}*`, (c) =>
    plain(c, c.req.path.slice(LEGACY_PLAIN_PREFIX.length)),
  );
}

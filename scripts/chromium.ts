// Debian's Chromium and the flags this machine needs, in one place: the e2e
// suite, the bench, `npm test`'s pre-flight check and `npm run bridge:check` all use these.
import { existsSync } from 'node:fs';

/** Where Chromium may be: CHROMIUM_PATH first, then Debian's package paths. */
const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

/** The Chromium binary, or undefined when none is installed. */
export function findChromium(): string | undefined {
  return CANDIDATES.find((path): path is string => Boolean(path && existsSync(path)));
}

/** The Chromium binary; throws a clear error naming the package to install when there is none. */
export function chromiumPath(): string {
  const path = findChromium();
  if (!path)
    throw new Error(
      'Chromium not found: apt-get install -y --no-install-recommends chromium (or set CHROMIUM_PATH)',
    );
  return path;
}

/** Headless, no sandbox (containers), and nothing that reaches the network on its own. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

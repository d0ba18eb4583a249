// Chromium for the benches: Debian's binary, the flags this machine needs.
import { chromium, type Browser } from '@playwright/test';
import { existsSync } from 'node:fs';

export function chromiumPath(): string {
  const path = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p): p is string => Boolean(p && existsSync(p)));
  if (!path) throw new Error("Chromium not found: apt-get install -y --no-install-recommends chromium");
  return path;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

// Chromium for the benches: Debian's binary, the flags this machine needs (scripts/chromium.ts).
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.ts';

export { CHROMIUM_ARGS, chromiumPath };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
}

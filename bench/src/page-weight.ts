// JS actually loaded by a page, measured in Chromium: every script response, gzip-compressed here
// (the size a compressing server or CDN would send).
import type { Page, Response } from '@playwright/test';
import { gzipSize } from './bundle-sizes.ts';

export interface ScriptTotal {
  count: number;
  gzip: number;
  raw: number;
}

function total(buffers: Buffer[]): ScriptTotal {
  return {
    count: buffers.length,
    gzip: buffers.reduce((sum, body) => sum + gzipSize(body), 0),
    raw: buffers.reduce((sum, body) => sum + body.length, 0),
  };
}

/**
 * The scripts the page loads while `action` runs: all of them, and those of the page itself
 * (`top`) apart from those of its frames (`framed`: the legacy interface booted behind the form).
 */
export async function collectScripts(
  page: Page,
  action: () => Promise<void>,
): Promise<ScriptTotal & { top: ScriptTotal; framed: ScriptTotal }> {
  const bodies: Array<Promise<{ body: Buffer | null; top: boolean }>> = [];
  const seen = new Set<string>();
  const listener = (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript') || seen.has(response.url())) return;
    seen.add(response.url());
    const top = response.frame() === page.mainFrame();
    bodies.push(
      response.body().then(
        (body) => ({ body, top }),
        () => ({ body: null, top }),
      ),
    );
  };
  page.on('response', listener);
  await action();
  page.off('response', listener);
  const loaded = (await Promise.all(bodies)).filter(
    (entry): entry is { body: Buffer; top: boolean } => entry.body !== null,
  );
  return {
    ...total(loaded.map((entry) => entry.body)),
    top: total(loaded.filter((entry) => entry.top).map((entry) => entry.body)),
    framed: total(loaded.filter((entry) => !entry.top).map((entry) => entry.body)),
  };
}

/**
 * Resolves once no script or document response has arrived for `quietMs` (after at least one
 * `quietMs`): a window that ends when the loading an action started has ended, not at a fixed
 * moment. Playwright's waitForLoadState('networkidle') resolves at once on a page that was idle
 * once already, which left the first input's window a few keystrokes long.
 */
export async function untilQuiet(page: Page, quietMs = 1_000, limitMs = 20_000): Promise<void> {
  let last = Date.now();
  const listener = () => {
    last = Date.now();
  };
  page.on('response', listener);
  const started = Date.now();
  try {
    while (Date.now() - last < quietMs && Date.now() - started < limitMs)
      await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    page.off('response', listener);
  }
}

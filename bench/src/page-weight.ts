// JS actually loaded by a page, measured in Chromium: every script response, gzip-compressed here
// (the size a compressing server or CDN would send).
import type { Page, Response } from '@playwright/test';
import { gzipSize } from './bundle-sizes.ts';

export async function collectScripts(
  page: Page,
  action: () => Promise<void>,
): Promise<{ count: number; gzip: number; raw: number }> {
  const bodies: Promise<Buffer | null>[] = [];
  const seen = new Set<string>();
  const listener = (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript') || seen.has(response.url())) return;
    seen.add(response.url());
    bodies.push(response.body().catch(() => null));
  };
  page.on('response', listener);
  await action();
  page.off('response', listener);
  const buffers = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
  return {
    count: buffers.length,
    gzip: buffers.reduce((sum, body) => sum + gzipSize(body), 0),
    raw: buffers.reduce((sum, body) => sum + body.length, 0),
  };
}

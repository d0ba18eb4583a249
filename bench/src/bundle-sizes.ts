// Sizes measured from the build output: total JS of each front end, raw and gzip.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchRow } from './table.ts';

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

export function gzipSize(content: Buffer | string): number {
  return gzipSync(content, { level: 9 }).length;
}

export function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

export function buildSizes(root: string): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const [name, dir] of [
    ['console', join(root, 'apps/console/dist')],
    ['legacy UI', join(root, 'apps/legacy-ui/dist')],
  ] as const) {
    statSync(dir);
    const files = jsFiles(dir).filter(
      (file) => !file.endsWith('sw.js') && !file.includes('workbox-'),
    );
    const raw = files.reduce((sum, file) => sum + statSync(file).size, 0);
    const gz = files.reduce((sum, file) => sum + gzipSize(readFileSync(file)), 0);
    rows.push({
      name: `${name}: total JS in the build`,
      value: `${kib(gz)} gzip (${kib(raw)} raw, ${files.length} files)`,
    });
  }
  rows.push(legacyFirstPage(root));
  // the frame kit a legacy page includes: one classic script, budget 12 KiB gzip
  const kit = readFileSync(join(root, 'packages/bridge/dist/portico-frame.js'));
  const kitGzip = gzipSize(kit);
  rows.push({
    name: 'frame kit: portico-frame.js',
    value: `${kib(kitGzip)} gzip (${kib(kit.length)} raw)`,
    target: '≤ 12 KiB gzip',
    ok: kitGzip <= 12 * 1024,
  });
  return rows;
}

/**
 * The legacy UI's JS before its first page when that page is a things list (the commonest first
 * page): the scripts its index.html loads and, transitively, what they import statically. Lists
 * are in the frame's own script and English is too, so no page or language is fetched on demand.
 */
function legacyFirstPage(root: string): BenchRow {
  const dist = join(root, 'apps/legacy-ui/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const pending = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/legacy-ui\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/legacy-ui\/([^"]+\.js)"/g),
  ].map((match) => join(dist, match[1]!));
  const files = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    // static imports only (`import{a}from"./x.js"`, `import"./x.js"`), not `import("./x.js")`
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g))
      pending.push(join(dirname(file), match[1]!));
  }
  const contents = [...files].map((file) => readFileSync(file));
  const raw = contents.reduce((sum, content) => sum + content.length, 0);
  const gz = contents.reduce((sum, content) => sum + gzipSize(content), 0);
  return {
    name: 'legacy UI: JS before the first page (things list)',
    value: `${kib(gz)} gzip (${kib(raw)} raw, ${files.size} files)`,
  };
}

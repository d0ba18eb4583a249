import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
// scripts/ belongs to the root (not a workspace package): the one shared build-info helper.
import { buildInfo } from '../../scripts/build-info.ts';
import { compileHints } from '../../scripts/compile-hints.ts';

const here = dirname(fileURLToPath(import.meta.url));
const { version } = JSON.parse(readFileSync(resolve(here, 'package.json'), 'utf8')) as {
  version: string;
};

// The console reads {legacy host}/extra/git.json for the About dialog (spec §7 version reads).
function gitJson(): Plugin {
  return {
    name: 'portico-legacy-git-json',
    apply: 'build',
    closeBundle() {
      const target = resolve(here, 'dist/extra/git.json');
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, `${JSON.stringify(buildInfo(version, here), null, 2)}\n`);
    },
  };
}

export default defineConfig({
  base: '/legacy-ui/',
  plugins: [react(), gitJson(), compileHints()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // the entry is React, the bridge, lists, forms and English on purpose (about 520 kB raw)
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one file (the frame's own script: the list
        // and record pages a session opens first need no second request); what only the pages
        // loaded on demand share goes in common chunks. Without this group, the bundler makes
        // common chunks of what the entry shares with those pages too (React, i18n, resources):
        // more requests before the first page.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
});

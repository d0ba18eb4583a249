import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { buildInfo } from '../../scripts/build-info.ts';
import { compileHints } from '../../scripts/compile-hints.ts';
import { prerenderSignIn } from './prerender-plugin.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Writes dist/extra/git.json (spec §7 "Version reads"). */
function versionInfo(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portico-version-info',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const dir = join(outDir, 'extra');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'git.json'), `${JSON.stringify(buildInfo(pkg.version), null, 2)}\n`);
    },
  };
}

/**
 * The service worker (spec §4, §7; production builds only): src/updates/ngsw-worker.ts built to
 * ngsw-worker.js at the site root, with the shell's file list injected as its precache. The page
 * registers it itself (src/updates/service-worker-client.ts), so nothing is injected into index.html.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/updates',
    filename: 'ngsw-worker.ts',
    injectRegister: false,
    manifest: false,
    devOptions: { enabled: false },
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,ico,webp,woff2,json}'],
      // version files are always read from the network; the worker never precaches itself
      globIgnores: ['extra/**', 'ngsw-worker.js', '**/.build-hash'],
      dontCacheBustURLsMatching: /^assets\//,
      minify: true,
    },
  });
}

export default defineConfig({
  base: '/',
  plugins: [react(), versionInfo(), prerenderSignIn(), serviceWorker(), compileHints()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/riot-core-services': 'http://127.0.0.1:8080',
      '/legacy-ui': 'http://127.0.0.1:8080',
      '/analytics': 'http://127.0.0.1:8080',
      '/git.json': 'http://127.0.0.1:8080',
    },
  },
});

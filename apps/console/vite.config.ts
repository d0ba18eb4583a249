import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildInfo } from '../../scripts/build-info.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

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

export default defineConfig({
  base: '/',
  plugins: [react(), versionInfo()],
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

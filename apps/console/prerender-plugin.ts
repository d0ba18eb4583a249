// The build's pre-rendered sign-in pages (src/login/sign-in-document.ts): after Vite wrote
// index.html, the light sign-in entry is rendered to HTML with React's renderToString, through a
// Vite server in SSR mode, so the CSS module class names are the build's own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';
import {
  addModulePreloads,
  inlineStylesheets,
  signInDocument,
  signInPagePath,
} from './src/login/sign-in-document.ts';
import type * as PrerenderSignIn from './src/login/prerender-sign-in.tsx';

type PrerenderModule = typeof PrerenderSignIn;

/** The chunk of `module` and every chunk it imports statically, as site paths. */
function chunkWithImports(bundle: OutputBundle, module: string): string[] {
  const entry = Object.values(bundle).find(
    (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith(module),
  );
  if (!entry || entry.type !== 'chunk') return [];
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (files.has(fileName) || !chunk || chunk.type !== 'chunk' || chunk.isEntry) return;
    files.add(fileName);
    chunk.imports.forEach(visit);
  };
  visit(entry.fileName);
  return [...files].map((file) => `/${file}`);
}

export function prerenderSignIn(): Plugin {
  let root = '';
  return {
    name: 'portico-prerender-sign-in',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') throw new Error('the build wrote no index.html');
      const html = inlineStylesheets(String(page.source), (file) => {
        const css = bundle[file];
        return css?.type === 'asset' ? String(css.source) : undefined;
      });
      // with a session, the console's entry and the full app are fetched at once with the page
      page.source = addModulePreloads(html, [
        ...chunkWithImports(bundle, 'src/main.tsx'),
        ...chunkWithImports(bundle, 'src/app/full-app.tsx'),
      ]);
      const server = await createServer({
        configFile: false,
        root,
        plugins: [react()],
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const prerender = (await server.ssrLoadModule(
          '/src/login/prerender-sign-in.tsx',
        )) as PrerenderModule;
        const links = prerender.configLinks(
          JSON.parse(readFileSync(join(root, 'public/portico.config.json'), 'utf8')),
        );
        for (const language of prerender.PRERENDERED_LANGUAGES) {
          const { markup, title } = prerender.prerenderSignIn(language, links);
          this.emitFile({
            type: 'asset',
            fileName: signInPagePath(language),
            source: signInDocument(html, { language, markup, title, links }),
          });
        }
      } finally {
        await server.close();
      }
    },
  };
}

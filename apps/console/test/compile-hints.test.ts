// The compile hint on every chunk of a production build (scripts/compile-hints.ts): a real Vite build
// of a small app with pages loaded on demand and a chunk they share, minified as both apps are.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, withCompileHint } from '../../../scripts/compile-hints.ts';

const SOURCES: Record<string, string> = {
  'index.html':
    '<!doctype html><title>t</title><script type="module" src="/src/entry.js"></script>',
  'src/shared.js': 'export function greet(name) { return `hello ${name}`; }\n',
  'src/one.js':
    "import { greet } from './shared.js';\nimport './one.css';\nexport function show() { return greet('one'); }\n",
  'src/one.css': '.one { color: red; }\n',
  'src/two.js':
    "import { greet } from './shared.js';\nexport function show() { return greet('two'); }\n",
  'src/entry.js': [
    "document.addEventListener('click', () => import('./one.js').then((page) => page.show()));",
    "document.addEventListener('keydown', () => import('./two.js').then((page) => page.show()));",
  ].join('\n'),
};

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'portico-compile-hints-'));
  for (const [file, text] of Object.entries(SOURCES)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Builds the small app with `plugins` into `out`: its JavaScript files, name → text. */
async function buildApp(out: string, plugins: Plugin[]): Promise<Map<string, string>> {
  await build({
    root: dir,
    logLevel: 'silent',
    configFile: false,
    plugins,
    build: { outDir: join(dir, out), emptyOutDir: true, minify: true, target: 'es2022' },
  });
  const assets = join(dir, out, 'assets');
  return new Map(
    readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => [name, readFileSync(join(assets, name), 'utf8')]),
  );
}

describe('compile hints', () => {
  it.each([
    ['adds the hint as the first line', 'let a=1;', `${COMPILE_HINT}\nlet a=1;`],
    ['adds it once', `${COMPILE_HINT}\nlet a=1;`, `${COMPILE_HINT}\nlet a=1;`],
    [
      'puts it before a chunk that names it further down',
      `let a=1;\n${COMPILE_HINT}\n`,
      `${COMPILE_HINT}\nlet a=1;\n${COMPILE_HINT}\n`,
    ],
    [
      'does not take a longer comment for it',
      `${COMPILE_HINT}Not\n`,
      `${COMPILE_HINT}\n${COMPILE_HINT}Not\n`,
    ],
  ])('%s', (_name, code, expected) => {
    expect(withCompileHint(code)).toBe(expected);
  });

  it('starts every chunk of a minified build, and changes each chunk name', async () => {
    const plain = await buildApp('plain', []);
    const hinted = await buildApp('hinted', [compileHints()]);
    expect(hinted.size).toBe(4); // the entry, two pages loaded on demand, the chunk they share
    // the entry preloads the pages' dependencies: Vite's own preamble comes after the hint
    expect([...hinted.values()].some((code) => code.includes('__vite__mapDeps'))).toBe(true);
    for (const [name, code] of hinted) {
      expect(code.split('\n')[0], name).toBe(COMPILE_HINT);
      expect(code.indexOf(COMPILE_HINT, 1), name).toBe(-1);
      expect(plain.has(name), name).toBe(false);
    }
    for (const [name, code] of plain) expect(code, name).not.toContain(COMPILE_HINT);
    // nothing else changed: the same code once the hint line is taken off and names are aligned
    const body = (files: Map<string, string>) =>
      [...files.values()]
        .map((code) => code.replace(`${COMPILE_HINT}\n`, '').replace(/-[\w-]{8}\.js/g, '.js'))
        .sort();
    expect(body(hinted)).toEqual(body(plain));
  }, 60_000);
});

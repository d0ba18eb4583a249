// Builds the console and the legacy UI when their build is missing or stale.
// "Stale" is decided by a hash of every input file (not mtimes), stored beside the build.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Target {
  name: string;
  dir: string;
  inputs: string[];
  /** Builds into `dir/dist` (default: `vite build` in `dir`). */
  build?: (mode: string) => Promise<void>;
  /** A file of `dir/dist` whose absence means "not built" (default index.html). */
  output?: string;
}

const SHARED_INPUTS = [
  'packages/core/src',
  'packages/bridge/src',
  'scripts/build-info.ts',
  'package-lock.json',
];

export const TARGETS: Target[] = [
  {
    // the frame kit (portico-frame.js, the ES modules, types): served at /portico-kit/
    name: 'bridge-kit',
    dir: 'packages/bridge',
    inputs: [
      'packages/bridge/src',
      'packages/bridge/package.json',
      'packages/bridge/tsconfig.json',
      'packages/bridge/tsconfig.build.json',
      'scripts/bridge-kit-build.ts',
      'package-lock.json',
    ],
    output: 'portico-frame.js',
    build: async () => {
      const { buildBridgeKit } = await import('./bridge-kit-build.ts');
      await buildBridgeKit(ROOT);
    },
  },
  {
    name: 'legacy-ui',
    dir: 'apps/legacy-ui',
    inputs: [
      'apps/legacy-ui/src',
      'apps/legacy-ui/public',
      'apps/legacy-ui/index.html',
      'apps/legacy-ui/vite.config.ts',
      'apps/legacy-ui/package.json',
      ...SHARED_INPUTS,
    ],
  },
  {
    name: 'console',
    dir: 'apps/console',
    inputs: [
      'apps/console/src',
      'apps/console/public',
      'apps/console/index.html',
      'apps/console/vite.config.ts',
      'apps/console/prerender-plugin.ts',
      'apps/console/package.json',
      ...SHARED_INPUTS,
    ],
  },
];

const STAMP = '.build-hash';
const IGNORED = /(\.test\.tsx?|\.bench\.ts)$/;

function listFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .flatMap((entry) => listFiles(join(path, entry.name)))
    .filter((file) => !IGNORED.test(file));
}

/** Hash of a target's inputs plus the build mode, so a production and a test build never pass for each other. */
export function inputHash(target: Target, mode: string): string {
  const hash = createHash('sha256').update(mode);
  const files = target.inputs.flatMap((input) => listFiles(join(ROOT, input))).sort();
  for (const file of files)
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex');
}

function run(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), ...args], {
      cwd,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`vite ${args.join(' ')} failed in ${cwd} (exit ${code})`)),
    );
  });
}

/** Builds each target whose inputs changed since its last build (or every target with `force`). */
export async function ensureBuilt(
  options: { force?: boolean; mode?: string; log?: (line: string) => void } = {},
): Promise<string[]> {
  const mode = options.mode ?? 'production';
  const log = options.log ?? ((line: string) => console.log(line));
  const built: string[] = [];
  for (const target of TARGETS) {
    const dir = join(ROOT, target.dir);
    const stampFile = join(dir, 'dist', STAMP);
    const hash = inputHash(target, mode);
    const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
    if (
      !options.force &&
      current === hash &&
      existsSync(join(dir, 'dist', target.output ?? 'index.html'))
    )
      continue;
    log(`Building ${target.name} (${mode})…`);
    if (target.build) await target.build(mode);
    else
      await run(dir, ['build', '--mode', mode, '--logLevel', 'warn'], {
        ...process.env,
        NODE_ENV: 'production',
      });
    writeFileSync(stampFile, hash);
    built.push(target.name);
  }
  return built;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const force = process.argv.includes('--force');
  ensureBuilt({ force }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

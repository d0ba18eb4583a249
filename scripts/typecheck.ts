// Type-checks every workspace (and the root scripts) with tsc --noEmit, two at a time.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const projects = [
  'packages/core',
  'packages/bridge',
  'apps/services',
  'apps/legacy-ui',
  'apps/console',
  'apps/legacy-plain',
  'e2e',
  'bench',
  'scripts',
];
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function check(project: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', join(root, project)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => {
      process.stdout.write(
        `${code === 0 ? 'ok  ' : 'FAIL'} typecheck ${project}\n${code === 0 ? '' : out}`,
      );
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results: boolean[] = [];
await Promise.all(
  [0, 1].map(async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.push(await check(next));
  }),
);
if (results.some((ok) => !ok)) process.exit(1);

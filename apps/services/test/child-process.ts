// A services fixture (fixtures/*.ts: an instance that prints its URL) in a child Node process, as
// the cluster and crash tests run one: started with tsx, its stdout piped, stopped in order.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** Runs `fixtures/{fixture}` with `args`; its stderr piped (to read its log) or shown. */
export function spawnFixture(
  fixture: string,
  args: readonly string[],
  stderr: 'pipe' | 'inherit' = 'pipe',
): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'fixtures', fixture), ...args],
    { stdio: ['ignore', 'pipe', stderr] },
  );
}

/** The first line the fixture prints (its URL); fails if it exits before. */
export function firstLine(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', () => reject(new Error('the cluster exited before listening')));
  });
}

/** Stops the fixture with SIGTERM (it closes in order) and waits for it; nothing if it has exited. */
export async function stopFixture(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// Permission expressions evaluated per second: runs core's vitest bench and reads its JSON.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './table.ts';

interface BenchJson {
  files: Array<{
    groups: Array<{
      fullName: string;
      benchmarks: Array<{ name: string; hz: number; median?: number }>;
    }>;
  }>;
}

export function runCoreBench(root: string): BenchRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'portico-core-bench-'));
  const output = join(dir, 'bench.json');
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'bench',
      '--run',
      '--project',
      'core',
      `--outputJson=${output}`,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('vitest bench failed');
  const json = JSON.parse(readFileSync(output, 'utf8')) as BenchJson;
  rmSync(dir, { recursive: true, force: true });
  const rows: BenchRow[] = [];
  for (const file of json.files) {
    for (const group of file.groups) {
      for (const bench of group.benchmarks) {
        const cached = /cached/i.test(bench.name) && !/uncached/i.test(bench.name);
        rows.push({
          name: `permission expressions: ${bench.name}`,
          value: `${(bench.hz / 1e6).toFixed(2)} M/s`,
          ...(cached ? { target: '≥ 1 M/s (cached)', ok: bench.hz >= 1e6 } : {}),
        });
      }
    }
  }
  return rows;
}

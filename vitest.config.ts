import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace (each has its own vitest.config.ts).
// Coverage is global in vitest; packages/core is held to 100% (DESIGN §5).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // Vitest's default is one worker per core but one: a single worker on a two-core machine, where
    // most test files wait on servers, sockets and timers rather than compute. With three the unit
    // step went from 797 s to 191 s on a loaded two-core machine.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.bench.ts', '**/test/**'],
      reporter: ['text-summary'],
      thresholds: {
        'packages/core/src/**/*.ts': { lines: 100, branches: 100, functions: 100, statements: 100 },
      },
    },
  },
});

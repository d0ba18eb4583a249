import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace (each has its own vitest.config.ts).
// Coverage is global in vitest; packages/core is held to 100% (DESIGN §5, issue 3).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
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

import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'legacy-ui',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // isolate: false (one jsdom and module graph per worker) was tried: 55 s → 20 s for the project,
    // but files then see each other's leftovers (a toast, a stubbed URL.createObjectURL, a module
    // mock); `--sequence.shuffle` failed strings-shown and CI failed the trained-model upload test.
    // Each file gets its own environment.
  },
});

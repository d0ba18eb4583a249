import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'services',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // A file's beforeAll starts a server and seeds a database (hashed demo passwords included): on
    // a loaded two-core CI machine, beside two other workers and the bundle build, that can take
    // more than vitest's 10 s default, which fails the whole file without a failed test to show.
    hookTimeout: 30_000,
  },
});

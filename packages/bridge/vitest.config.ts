import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bridge',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});

import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'legacy-ui',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
  },
});

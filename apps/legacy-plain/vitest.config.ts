import { defineProject } from 'vitest/config';

// The plain legacy example has no build and no sources to cover: its tests read the served files
// (node, no DOM: a few milliseconds). Its behaviour in a browser is the e2e `legacy-plain` environment.
export default defineProject({
  test: {
    name: 'legacy-plain',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// A shared two-core machine: findBy* waits for events longer than the 1 s default (no sleeps).
configure({ asyncUtilTimeout: 5000 });

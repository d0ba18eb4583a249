import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { registerLanguage } from '../src/i18n.ts';
import { ALL_LANGUAGES } from './all-languages.ts';

afterEach(() => {
  cleanup();
});

// A shared two-core machine: findBy* waits for events longer than the 1 s default (no sleeps).
configure({ asyncUtilTimeout: 5000 });

// the frame fetches a session's language on demand; tests render any of them at once
for (const [language, messages] of Object.entries(ALL_LANGUAGES))
  registerLanguage(language, messages);

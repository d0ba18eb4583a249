import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
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

// React's development build reports HTML it cannot nest (a list in a paragraph, a div in a
// button…) with console.error and renders on: a browser would re-parent that markup. Any such
// report fails the test that rendered it. console.error is wrapped once per set of globals (a
// second run of this file in the same globals would otherwise report everything twice).
const NESTING = /cannot (be a descendant of|be a child of|contain a nested)/;
const shared = globalThis as { nestingReports?: string[] };
if (!shared.nestingReports) {
  const reports: string[] = [];
  shared.nestingReports = reports;
  const reportError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (NESTING.test(text)) reports.push(text.split('\n', 1).join(''));
    reportError(...args);
  };
}
const nestingReports = shared.nestingReports;
afterEach(() => {
  const found = nestingReports.splice(0);
  expect(found, 'HTML nesting React reported').toEqual([]);
});

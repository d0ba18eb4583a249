// Model-based test of the session: random command sequences against the REAL
// session controller, guards and router over the real services app (in-memory SQLite), with the
// watcher's 1 s interval on fake timers. Answers can be held and released out of order, the
// services can go down, other tabs sign in and out. After every step the invariants are checked
// (the commands, the invariants and the runner are in session-model-harness.ts).
import fc from 'fast-check';
import { describe, it, vi } from 'vitest';
import {
  REPLAY,
  RUNS,
  commands,
  races,
  runModel,
  setUpModelServices,
  type Command,
} from './session-model-harness.ts';

setUpModelServices();

describe('the session as a state machine (model-based)', () => {
  it.each([
    ['random command sequences', () => commands],
    ['late answers meeting a changed session', () => races],
  ] as const)(
    `keeps every invariant: %s (${RUNS} runs)`,
    async (_name, sequences) => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const silence = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        await fc.assert(
          fc.asyncProperty(sequences() as fc.Arbitrary<Iterable<Command>>, runModel),
          { numRuns: RUNS, ...REPLAY },
        );
      } finally {
        silence.mockRestore();
        vi.useRealTimers();
      }
    },
    900_000,
  );
});

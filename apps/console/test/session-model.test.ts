// Model-based test of the session: random command sequences against the REAL
// session controller, guards and router over the real services app (in-memory SQLite), with the
// watcher's 1 s interval on fake timers. Answers can be held and released out of order, the
// services can go down, other tabs sign in and out. After every step the invariants are checked
// (the commands, the invariants and the runner are in session-model-harness.ts).
import { commands, testTheModel } from './session-model-harness.ts';

testTheModel('random command sequences', commands);

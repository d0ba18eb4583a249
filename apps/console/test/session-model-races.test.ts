// Model-based test of the session, races on purpose: a session is set up, an answer kind is held,
// something starts a session, then something ends or changes it, and the held answers are released
// out of order (session-model-harness.ts has the commands, the invariants and the runner; the
// random sequences are in session-model.test.ts, a file of their own so both run at once).
import { races, testTheModel } from './session-model-harness.ts';

testTheModel('late answers meeting a changed session', races);

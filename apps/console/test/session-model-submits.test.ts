// Model-based test of the session, one sequence: submits of the sign-in form while its call is held.
// A random run once signed in four times behind a held sign-in call; on release, each late answer
// ended its own server session: three logout calls in one step. The form ignores a submit while one
// is under way (LoginPage's busy state, main.tsx's sign-in phase), and the model's SignIn now does
// too: this sequence is one sign-in, whose answer signs the tab in when released.
import fc from 'fast-check';
import { Hold, Release, SignIn, testTheModel } from './session-model-harness.ts';

testTheModel(
  'submits of the form while its sign-in call is held',
  fc.constant([
    new Hold('/user/login'),
    new SignIn('admin', true),
    new SignIn('admin', true),
    new SignIn('viewer', true),
    new SignIn('admin', true),
    new Release([0, 1, 2, 3]),
  ]),
  1,
);

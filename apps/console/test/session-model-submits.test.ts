// Model-based test of the session, one sequence: submits of the sign-in form while its call is held,
// the sequence of the model's one failure (session 12). It made four sign-ins behind a held sign-in
// call; released in one step, the three late answers each ended their own server session: three
// logout calls in a step whose bound was two. The form ignores a submit while one is under way
// (LoginPage's busy state, main.tsx's sign-in phase), and the model's SignIn now does too; the bound
// counts one call for each sign-in answer that arrived in the step (a form shown again after the
// route left /login can send another while an earlier answer is held).
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

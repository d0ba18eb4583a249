import { describe, expect, it } from 'vitest';
import { loadWhileCurrent } from './load-while-current.ts';

/** A request settled by hand, so a test can stop the effect before or after it settles. */
function pending<T>() {
  let settle!: { answer(value: T): void; fail(error: unknown): void };
  const request = new Promise<T>((resolve, reject) => {
    settle = { answer: resolve, fail: reject };
  });
  return { request, settle };
}

/** Lets the request's handlers run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loadWhileCurrent', () => {
  it.each([
    // [what happens, the request fails, the effect is cleaned up first, answers, failures]
    ['an answer while current is handed on', false, false, ['rows'], []],
    ['a failure while current is handed on', true, false, [], ['down']],
    ['an answer after the cleanup lands nowhere', false, true, [], []],
    ['a failure after the cleanup lands nowhere', true, true, [], []],
  ])('%s', async (_name, fails, stopFirst, answers, failures) => {
    const { request, settle } = pending<string>();
    const seen = { answers: [] as string[], failures: [] as unknown[] };
    const stop = loadWhileCurrent(
      request,
      (answer) => seen.answers.push(answer),
      (caught) => seen.failures.push(caught),
    );
    if (stopFirst) stop();
    if (fails) settle.fail('down');
    else settle.answer('rows');
    await settled();
    expect(seen).toEqual({ answers, failures });
  });

  it('reports an answer handler that throws as the failure, as a .then().catch() chain does', async () => {
    const failures: unknown[] = [];
    const problem = new Error('bad answer');
    loadWhileCurrent(
      Promise.resolve('rows'),
      () => {
        throw problem;
      },
      (caught) => failures.push(caught),
    );
    await settled();
    expect(failures).toEqual([problem]);
  });
});

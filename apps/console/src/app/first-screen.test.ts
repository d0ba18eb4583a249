import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_GRACE_MS, afterFirstScreen } from './first-screen.ts';

describe('afterFirstScreen: what waits for the first screen starts after it', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function deferred() {
    let settle!: () => void;
    let fail!: (error: unknown) => void;
    const promise = new Promise<void>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    return { promise, settle, fail };
  }

  async function doneAfter(ms: number, done: () => boolean): Promise<boolean> {
    await vi.advanceTimersByTimeAsync(ms);
    return done();
  }

  it.each([
    { case: 'the frame shows its first page', end: 'settle' as const },
    { case: 'the wait for the frame fails', end: 'fail' as const },
  ])('$case: then the grace, then an idle moment', async ({ end }) => {
    const frame = deferred();
    let done = false;
    void afterFirstScreen(() => frame.promise).then(() => (done = true));
    expect(await doneAfter(10_000, () => done)).toBe(false);
    if (end === 'settle') frame.settle();
    else frame.fail(new Error('no frame'));
    expect(await doneAfter(FIRST_SCREEN_GRACE_MS - 1, () => done)).toBe(false);
    // jsdom has no requestIdleCallback: the idle moment is the next turn
    expect(await doneAfter(1, () => done)).toBe(true);
  });

  it('waits for an idle moment where the browser has one', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    try {
      let done = false;
      void afterFirstScreen(() => Promise.resolve(), 100).then(() => (done = true));
      expect(await doneAfter(100, () => done)).toBe(false);
      expect(idle).toHaveLength(1);
      idle[0]!();
      expect(await doneAfter(0, () => done)).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

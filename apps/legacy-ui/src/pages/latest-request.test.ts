import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_PAUSE_MS, createLatestRequest, searchWriteDelay } from './latest-request.ts';

/** A request the server answers `afterMs` later (or fails), unless aborted first. */
function serverAnswer<T>(value: T, afterMs: number, signals: AbortSignal[], fail = false) {
  return (signal: AbortSignal) => {
    signals.push(signal);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => (fail ? reject(new Error(`failed: ${String(value)}`)) : resolve(value)),
        afterMs,
      );
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  };
}

/** A request that ignores its signal (a server that answers anyway, or a cached answer). */
function stubbornAnswer<T>(value: T, afterMs: number, fail = false) {
  return () =>
    new Promise<T>((resolve, reject) =>
      setTimeout(
        () => (fail ? reject(new Error(`failed: ${String(value)}`)) : resolve(value)),
        afterMs,
      ),
    );
}

/** A latest-request whose handlers record what the page would show and which failures it reports. */
function recorded() {
  const shown: string[] = [];
  const failed: unknown[] = [];
  const latest = createLatestRequest();
  const handlers = {
    answer: (rows: string) => shown.push(rows),
    fail: (e: unknown) => failed.push(e),
  };
  return { latest, handlers, shown, failed };
}

describe('the latest list request', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    // [first answers (or fails) after, second answers after, the first fails]: whatever the
    // order, only the second is shown, and the first one's failure is no failure of the page
    ['the older answer comes first', 50, 100, false],
    ['the older answer comes last', 300, 100, false],
    ['both at once', 100, 100, false],
    ['the older query fails after the newer one started', 300, 100, true],
  ])('%s: only the newer query is shown', async (_name, firstMs, secondMs, firstFails) => {
    const { latest, handlers, shown, failed } = recorded();
    latest.start(stubbornAnswer('rows of "00"', firstMs, firstFails), handlers);
    await vi.advanceTimersByTimeAsync(10);
    latest.start(stubbornAnswer('rows of "001"', secondMs), handlers);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(shown).toEqual(['rows of "001"']);
    expect(failed).toEqual([]);
  });

  it('aborts the request in flight when the next starts', async () => {
    const signals: AbortSignal[] = [];
    const { latest, handlers, shown, failed } = recorded();
    latest.start(serverAnswer('a', 200, signals), handlers);
    latest.start(serverAnswer('ab', 200, signals), handlers);
    latest.start(serverAnswer('abc', 200, signals), handlers);
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true, false]);
    await vi.advanceTimersByTimeAsync(200);
    // the aborted ones' AbortErrors are no failure of the page
    expect(shown).toEqual(['abc']);
    expect(failed).toEqual([]);
  });

  it("reports the latest query's failure", async () => {
    const { latest, handlers, failed } = recorded();
    latest.start(stubbornAnswer('new', 100, true), handlers);
    await vi.advanceTimersByTimeAsync(100);
    expect(failed).toHaveLength(1);
  });

  it('a stopped request (the page went away) shows nothing and is aborted', async () => {
    const signals: AbortSignal[] = [];
    const { latest, handlers, shown, failed } = recorded();
    const stop = latest.start(serverAnswer('rows', 100, signals), handlers);
    stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(signals[0]!.aborted).toBe(true);
    expect(shown).toEqual([]);
    expect(failed).toEqual([]);
  });

  it('stopping an older request does not touch the newer one', async () => {
    const signals: AbortSignal[] = [];
    const { latest, handlers, shown, failed } = recorded();
    const stopOld = latest.start(serverAnswer('old', 100, signals), handlers);
    latest.start(serverAnswer('new', 100, signals), handlers);
    stopOld();
    await vi.advanceTimersByTimeAsync(100);
    expect(signals[1]!.aborted).toBe(false);
    expect(shown).toEqual(['new']);
    expect(failed).toEqual([]);
  });
});

describe('searchWriteDelay: when the search box asks', () => {
  const pause = SEARCH_PAUSE_MS;
  it.each([
    { case: 'the first keystroke ever', previousAt: null, now: 1_000, delay: 0 },
    {
      case: 'a keystroke long after the one before (a person typing)',
      previousAt: 1_000,
      now: 1_200,
      delay: 0,
    },
    {
      case: 'a keystroke exactly one pause after the one before',
      previousAt: 1_000,
      now: 1_000 + pause,
      delay: 0,
    },
    {
      case: 'a keystroke just inside the pause (a fast typist)',
      previousAt: 1_000,
      now: 1_000 + pause - 1,
      delay: pause,
    },
    {
      case: 'two keystrokes in the same moment (a burst)',
      previousAt: 1_000,
      now: 1_000,
      delay: pause,
    },
    { case: 'a keystroke 30 ms after the one before', previousAt: 1_000, now: 1_030, delay: pause },
  ])('$case → $delay ms', ({ previousAt, now, delay }) => {
    expect(searchWriteDelay(previousAt, now)).toBe(delay);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TOAST_DISPLAY_MS,
  TOAST_EASE_MS,
  TOAST_EXTENDED_MS,
  createToastTimers,
} from './toast-timing.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast timing (spec §9 defaults)', () => {
  it('uses the spec figures: 5,000 ms shown, 1,000 ms extended, 300 ms ease', () => {
    expect([TOAST_DISPLAY_MS, TOAST_EXTENDED_MS, TOAST_EASE_MS]).toEqual([5000, 1000, 300]);
  });

  it('closes a toast after the display time', () => {
    const dismiss = vi.fn();
    const timers = createToastTimers(dismiss);
    timers.start('a');
    vi.advanceTimersByTime(4999);
    expect(dismiss).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(dismiss).toHaveBeenCalledExactlyOnceWith('a');
  });

  it('keeps a hovered toast, then closes it 1,000 ms after the pointer leaves', () => {
    const dismiss = vi.fn();
    const timers = createToastTimers(dismiss);
    timers.start('a');
    vi.advanceTimersByTime(4000);
    timers.hover('a');
    vi.advanceTimersByTime(60_000);
    expect(dismiss).not.toHaveBeenCalled();
    timers.leave('a');
    vi.advanceTimersByTime(999);
    expect(dismiss).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(dismiss).toHaveBeenCalledExactlyOnceWith('a');
  });

  it('a second hover during the extended time keeps it again', () => {
    const dismiss = vi.fn();
    const timers = createToastTimers(dismiss);
    timers.start('a');
    timers.hover('a');
    timers.leave('a');
    vi.advanceTimersByTime(500);
    timers.hover('a');
    vi.advanceTimersByTime(5000);
    expect(dismiss).not.toHaveBeenCalled();
  });

  it('toasts run independently; a forgotten (closed) one is never dismissed again; unknown ids are ignored', () => {
    const dismiss = vi.fn();
    const timers = createToastTimers(dismiss, { displayMs: 100, extendedMs: 10 });
    timers.start('a');
    timers.start('b');
    timers.forget('b');
    timers.hover('nope');
    timers.leave('nope');
    vi.advanceTimersByTime(100);
    expect(dismiss.mock.calls).toEqual([['a']]);
    timers.leave('a'); // already closed
    vi.advanceTimersByTime(100);
    expect(dismiss.mock.calls).toEqual([['a']]);
  });
});

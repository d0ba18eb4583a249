import { describe, expect, it, vi } from 'vitest';
import { createRequestGate } from './request-gate.ts';

const settled = async (promise: Promise<void> | null) => {
  if (!promise) return true;
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('createRequestGate', () => {
  it('is open until held, and opens when the hold is released', async () => {
    const gate = createRequestGate();
    expect(gate.opened()).toBeNull();
    const release = gate.hold();
    const waiting = gate.opened();
    expect(waiting).not.toBeNull();
    expect(gate.opened()).toBe(waiting); // every request waits on the same promise
    expect(await settled(waiting)).toBe(false);
    release();
    expect(await settled(waiting)).toBe(true);
    expect(gate.opened()).toBeNull();
  });

  it('nested holds open only when the last is released; a release twice counts once', async () => {
    const gate = createRequestGate();
    const first = gate.hold();
    const second = gate.hold();
    const waiting = gate.opened();
    first();
    first();
    expect(await settled(waiting)).toBe(false);
    expect(gate.opened()).toBe(waiting);
    second();
    expect(await settled(waiting)).toBe(true);
  });

  it('a hold released before anyone waited leaves the gate open', () => {
    const gate = createRequestGate();
    gate.hold()();
    expect(gate.opened()).toBeNull();
  });
});

describe('createRequestGate: whether it is held, for the select menus', () => {
  it.each([
    { steps: [] as string[], held: false, told: 0 },
    { steps: ['hold a'], held: true, told: 1 },
    { steps: ['hold a', 'hold b'], held: true, told: 1 },
    { steps: ['hold a', 'release a'], held: false, told: 2 },
    { steps: ['hold a', 'hold b', 'release a'], held: true, told: 1 },
    { steps: ['hold a', 'hold b', 'release a', 'release a', 'release b'], held: false, told: 2 },
    { steps: ['hold a', 'release a', 'hold b'], held: true, told: 3 },
  ])('$steps → held $held, listeners told $told times', ({ steps, held, told }) => {
    const gate = createRequestGate();
    const listener = vi.fn();
    gate.subscribe(listener);
    const releases = new Map<string, () => void>();
    for (const step of steps) {
      const [verb, name = ''] = step.split(' ');
      if (verb === 'hold') releases.set(name, gate.hold());
      else releases.get(name)?.();
    }
    expect(gate.held()).toBe(held);
    expect(listener).toHaveBeenCalledTimes(told);
  });

  it('stops telling a listener that unsubscribed', () => {
    const gate = createRequestGate();
    const listener = vi.fn();
    gate.subscribe(listener)();
    gate.hold();
    expect(listener).not.toHaveBeenCalled();
  });
});

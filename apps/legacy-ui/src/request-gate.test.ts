import { describe, expect, it } from 'vitest';
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

// The never-lose-work actions: `activity` (frame → host, throttled), `dirtyState` (frame → host: a
// form's unsaved changes and their draft) and `fetchDraft` (frame → host request: a kept draft),
// each validated on receipt like every other message, and their frame-kit helpers.
import { describe, expect, it, vi } from 'vitest';
import { createActivityReporter } from './activity-reporter.ts';
import { connect } from './frame-kit.ts';
import { frameToHostMessageSchema, hostToFrameMessageSchema } from './protocol.ts';
import {
  HOST_ORIGIN,
  createFrameKitSetup,
  createLinkedEndpoints,
  eventEnvelope as envelope,
} from './test-support.test-helpers.ts';

describe('dirtyState (frame → host)', () => {
  it('reaches the host with the record and its draft, then the all-clear', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    const frame = makeFrame();
    const seen: unknown[] = [];
    host.on('dirtyState', (payload) => seen.push(payload));
    await Promise.all([frame.connect(), pair.settle()]);
    frame.send('dirtyState', {
      dirty: true,
      path: '/things/thing/7?page=2',
      draft: { name: 'Pallet 7' },
    });
    frame.send('dirtyState', { dirty: false, path: '/things/thing/7?page=2' });
    await pair.settle();
    expect(seen).toEqual([
      { dirty: true, path: '/things/thing/7?page=2', draft: { name: 'Pallet 7' } },
      { dirty: false, path: '/things/thing/7?page=2' },
    ]);
  });

  it.each<[unknown, boolean]>([
    [{ dirty: true, path: '/things/thing/7', draft: { name: 'x', serial: '' } }, true],
    [{ dirty: false, path: '/things/thing/7' }, true],
    [{ dirty: true, path: '/things/thing/new', draft: {} }, true],
    [{ dirty: 'yes', path: '/things/thing/7' }, false],
    [{ dirty: true, path: 'things/thing/7' }, false], // not a legacy route
    [{ dirty: true, path: '/x'.repeat(1025) }, false],
    [{ dirty: true, path: '/things/thing/7', draft: { name: 7 } }, false], // values are text
    [{ dirty: true, path: '/things/thing/7', draft: { '': 'x' } }, false],
    [{ dirty: true, path: '/things/thing/7', draft: ['x'] }, false],
    [{ dirty: true, path: '/things/thing/7', draft: { name: 'x'.repeat(20_001) } }, false],
    [
      {
        dirty: true,
        path: '/things/thing/7',
        draft: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}`, 'x'])),
      },
      false,
    ],
    [null, false],
  ])('validates %j (accepted: %s)', (payload, accepted) => {
    expect(
      frameToHostMessageSchema.safeParse({ ...envelope, action: 'dirtyState', payload }).success,
    ).toBe(accepted);
  });

  it('is a frame-only action, and a bad one is dropped with a warning before any handler runs', async () => {
    const { pair, host, makeFrame, hostLogger } = createLinkedEndpoints();
    const frame = makeFrame();
    const listener = vi.fn();
    host.on('dirtyState', listener);
    await Promise.all([frame.connect(), pair.settle()]);
    expect(
      hostToFrameMessageSchema.safeParse({
        ...envelope,
        action: 'dirtyState',
        payload: { dirty: true, path: '/a' },
      }).success,
    ).toBe(false);
    expect(() =>
      frame.send('dirtyState', { dirty: true, path: '/a', draft: { name: 1 } } as never),
    ).toThrow(expect.objectContaining({ code: 'BRIDGE_INVALID_MESSAGE' }));
    pair.frame.post(
      { ...envelope, action: 'dirtyState', payload: { dirty: true, path: 'nope' } },
      HOST_ORIGIN,
    );
    await pair.settle();
    expect(listener).not.toHaveBeenCalled();
    expect(hostLogger.warn).toHaveBeenCalledWith(
      expect.stringContaining('dropped a message'),
      expect.anything(),
    );
  });
});

describe('fetchDraft (frame → host request)', () => {
  it('is answered with the kept draft, or null', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    const frame = makeFrame();
    const kept = new Map([['/things/thing/7', { name: 'Pallet 7' }]]);
    host.handle('fetchDraft', ({ path }) => ({ draft: kept.get(path) ?? null }));
    await Promise.all([frame.connect(), pair.settle()]);
    const [found, none] = await Promise.all([
      frame.request('fetchDraft', { path: '/things/thing/7' }),
      frame.request('fetchDraft', { path: '/things/thing/8' }),
      pair.settle(),
    ]);
    expect(found).toEqual({ draft: { name: 'Pallet 7' } });
    expect(none).toEqual({ draft: null });
  });

  it('a reply that breaks the schema is answered HANDLER_FAILED, not passed on', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    const frame = makeFrame();
    host.handle('fetchDraft', () => ({ draft: { name: 42 } }) as never);
    await Promise.all([frame.connect(), pair.settle()]);
    const answer = frame.request('fetchDraft', { path: '/things/thing/7' });
    await pair.settle();
    await expect(answer).rejects.toMatchObject({ remoteCode: 'HANDLER_FAILED' });
  });
});

describe('activity (frame → host)', () => {
  it('is reported at once, then at most once per interval (fake clock)', () => {
    let now = 1_000;
    const send = vi.fn();
    const report = createActivityReporter({ send, now: () => now, intervalMs: 10_000 });
    report();
    report();
    now += 9_999;
    report();
    expect(send).toHaveBeenCalledTimes(1);
    now += 1;
    report();
    expect(send).toHaveBeenCalledTimes(2);
    for (let i = 0; i < 100; i++) {
      now += 100;
      report();
    }
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('carries an empty payload; anything else in it is stripped, a non-object refused', () => {
    expect(
      frameToHostMessageSchema.safeParse({ ...envelope, action: 'activity', payload: {} }).success,
    ).toBe(true);
    expect(
      frameToHostMessageSchema.safeParse({ ...envelope, action: 'activity', payload: 'x' }).success,
    ).toBe(false);
  });
});

describe('the frame kit helpers', () => {
  function setup() {
    const linked = createFrameKitSetup('#/things/thing/7');
    const sent = (action: string) =>
      linked.sent(action).map((message) => (message as { payload: unknown }).payload);
    return { ...linked, sent };
  }

  it('dirtyState, reportActivity and fetchDraft speak the protocol', async () => {
    const { pair, host, win, sent } = setup();
    host.handle('fetchDraft', ({ path }) => ({
      draft: path === '/things/thing/7' ? { name: 'kept' } : null,
    }));
    const activity = vi.fn();
    host.on('activity', activity);
    const kit = connect({ hostOrigin: HOST_ORIGIN, window: win });
    await pair.settle();
    await kit.connected;
    kit.dirtyState('/things/thing/7', { name: 'half typed' });
    kit.dirtyState('/things/thing/7', null);
    kit.reportActivity();
    kit.reportActivity();
    const draft = kit.fetchDraft('/things/thing/7');
    await pair.settle();
    expect(await draft).toEqual({ name: 'kept' });
    expect(sent('dirtyState')).toEqual([
      { dirty: true, path: '/things/thing/7', draft: { name: 'half typed' } },
      { dirty: false, path: '/things/thing/7' },
    ]);
    expect(activity).toHaveBeenCalledTimes(1);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import * as fc from 'fast-check';
import { connect } from './frame-kit.ts';
import type { BridgeMessage } from './protocol.ts';
import { HOST_ORIGIN, createFrameKitSetup } from './test-support.test-helpers.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A fake legacy window over the memory pair: its parent is the host's window. */
const setup = (hash = '#/model/zone') => createFrameKitSetup(hash);

describe('PorticoFrame.connect', () => {
  it('refuses a missing, wildcard or malformed host origin with a BRIDGE_CONFIG error that says what to pass', () => {
    const { win } = setup();
    for (const hostOrigin of [
      undefined,
      '',
      '*',
      'null',
      'https://console.example.com/app',
      'console.example.com',
      42,
    ]) {
      expect(() => connect({ hostOrigin, window: win } as never)).toThrow(
        expect.objectContaining({
          code: 'BRIDGE_CONFIG',
          message: expect.stringMatching(/hostOrigin|exact origin/),
        }),
      );
    }
    expect(() => connect(undefined as never)).toThrow(
      /PorticoFrame.connect: expected an options object/,
    );
    expect(() =>
      connect({ hostOrigin: HOST_ORIGIN, onRouter: 'show' as never, window: win }),
    ).toThrow(/onRouter must be a function/);
    expect(() => connect({ hostOrigin: HOST_ORIGIN, timeoutMs: -1, window: win })).toThrow(
      /timeoutMs/,
    );
  });

  it('handshakes with the hash route and answers router through onRouter returning the path', async () => {
    const { pair, host, win, sent } = setup('#/model/zone?x=1');
    const onReady = vi.fn();
    host.onReady(onReady);
    const shown: string[] = [];
    const frame = connect({
      hostOrigin: HOST_ORIGIN,
      window: win,
      onRouter: (path) => (shown.push(path), path),
    });
    await pair.settle();
    await frame.connected;
    expect(frame.ready).toBe(true);
    expect(onReady).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/model/zone', reloaded: false }),
    );
    const answer = host.navigate('/things/thing');
    await pair.settle();
    await expect(answer).resolves.toEqual({ path: '/things/thing' });
    expect(shown).toEqual(['/things/thing']);
    expect(sent('routerUpdate')).toHaveLength(0);
  });

  it("a router handled by the page's own router is answered by routerSuccess, with the path finally shown", async () => {
    const { pair, host, win } = setup();
    const frame = connect({ hostOrigin: HOST_ORIGIN, window: win, onRouter: () => undefined });
    await pair.settle();
    const first = host.navigate('/model/zone');
    const second = host.navigate('/model/zone/7');
    await pair.settle();
    frame.routerSuccess('/model/zone/7');
    await pair.settle();
    await expect(first).resolves.toEqual({ path: '/model/zone/7' });
    await expect(second).resolves.toEqual({ path: '/model/zone/7' });
  });

  it('routerSuccess with no pending router tells the console with routerUpdate (replace for redirects)', async () => {
    const { pair, host, win, sent } = setup();
    const updates: unknown[] = [];
    host.on('routerUpdate', (payload) => updates.push(payload));
    const frame = connect({ hostOrigin: HOST_ORIGIN, window: win });
    frame.routerSuccess('/model/zone/3'); // queued until the handshake
    await pair.settle();
    frame.routerSuccess('/model/zone', { replace: true });
    await pair.settle();
    expect(updates).toEqual([{ path: '/model/zone/3' }, { path: '/model/zone', replace: true }]);
    expect(sent('routerSuccess')).toHaveLength(0);
    expect(() => frame.routerSuccess('model/zone')).toThrow(
      expect.objectContaining({ code: 'BRIDGE_INVALID_MESSAGE' }),
    );
  });

  it('an onRouter that throws answers HANDLER_FAILED and leaves no waiting confirmation behind', async () => {
    const { pair, host, win, sent } = setup();
    const frame = connect({
      hostOrigin: HOST_ORIGIN,
      window: win,
      logger: { warn: vi.fn() },
      onRouter: (path) => {
        if (path === '/broken') throw new Error('no such page');
      },
    });
    await pair.settle();
    const broken = host.navigate('/broken');
    await pair.settle();
    await expect(broken).rejects.toMatchObject({
      code: 'BRIDGE_REMOTE',
      remoteCode: 'HANDLER_FAILED',
    });
    frame.routerSuccess('/home/welcome');
    await pair.settle();
    expect(
      sent('routerUpdate').map((message) => (message as { payload: unknown }).payload),
    ).toEqual([{ path: '/home/welcome' }]);
  });

  it('outside the console: connected rejects with BRIDGE_NO_PEER, routerSuccess does nothing, nothing is unhandled', async () => {
    const { win } = setup();
    const lonely = { ...win, parent: null };
    const frame = connect({ hostOrigin: HOST_ORIGIN, window: lonely });
    expect(frame.framed).toBe(false);
    await expect(frame.connected).rejects.toMatchObject({ code: 'BRIDGE_NO_PEER' });
    expect(() => frame.routerSuccess('/model/zone')).not.toThrow();
  });

  it('property: whatever order routers and confirmations come in, every router gets exactly one answer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('router', 'success'), { minLength: 1, maxLength: 12 }),
        async (steps) => {
          const { pair, host, win } = setup();
          const frame = connect({
            hostOrigin: HOST_ORIGIN,
            window: win,
            onRouter: () => undefined,
          });
          await pair.settle();
          const answers: Promise<unknown>[] = [];
          for (const [index, step] of steps.entries()) {
            if (step === 'router') answers.push(host.navigate(`/p/${index}`));
            else frame.routerSuccess(`/p/${index}`);
            await pair.settle();
          }
          frame.routerSuccess('/end');
          await pair.settle();
          const settled = await Promise.all(
            answers.map((answer) => answer.then((value) => value as { path: string })),
          );
          expect(settled).toHaveLength(steps.filter((step) => step === 'router').length);
          const replies = pair.log.filter(
            (entry) =>
              entry.from === 'frame' &&
              (entry.data as BridgeMessage).kind === 'reply' &&
              (entry.data as BridgeMessage).action === 'routerSuccess',
          );
          expect(replies).toHaveLength(answers.length);
          frame.close();
          host.close();
        },
      ),
      { numRuns: 40 },
    );
  });
});

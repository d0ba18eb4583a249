// The Portico additions to the protocol: `theme` (host → frame, remembered state) and `shortcut`
// (frame → host, the keyboard shortcuts the shell must see while the frame has the focus).
import { describe, expect, it, vi } from 'vitest';
import { frameToHostMessageSchema, hostToFrameMessageSchema } from './protocol.ts';
import { createLinkedEndpoints, eventEnvelope as envelope } from './test-support.test-helpers.ts';

describe('shortcut (frame → host)', () => {
  it('reaches the host listener with its command', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    const frame = makeFrame();
    const seen: string[] = [];
    host.on('shortcut', ({ command }) => seen.push(command));
    await Promise.all([frame.connect(), pair.settle()]);
    frame.send('shortcut', { command: 'openPalette' });
    frame.send('shortcut', { command: 'escape' });
    await pair.settle();
    expect(seen).toEqual(['openPalette', 'escape']);
  });

  it.each<[unknown, boolean]>([
    [{ command: 'openPalette' }, true],
    [{ command: 'escape', extra: 1 }, true], // zod objects strip unknown keys
    [{ command: 'openpalette' }, false],
    [{ command: 'deleteEverything' }, false],
    [{}, false],
    [{ command: 1 }, false],
    [null, false],
  ])('validates the payload %j like every action (accepted: %s)', (payload, accepted) => {
    expect(
      frameToHostMessageSchema.safeParse({ ...envelope, action: 'shortcut', payload }).success,
    ).toBe(accepted);
  });

  it('a frame sending an unknown command is refused before posting; a forged one is dropped with a warning', async () => {
    const { pair, host, makeFrame, hostLogger } = createLinkedEndpoints();
    const frame = makeFrame();
    const listener = vi.fn();
    host.on('shortcut', listener);
    await Promise.all([frame.connect(), pair.settle()]);
    expect(() => frame.send('shortcut', { command: 'reload' } as never)).toThrow();
    pair.frame.post(
      { ...envelope, action: 'shortcut', payload: { command: 'reload' } },
      'http://console.test',
    );
    await pair.settle();
    expect(listener).not.toHaveBeenCalled();
    expect(hostLogger.warn).toHaveBeenCalledWith(
      expect.stringContaining('dropped a message'),
      expect.anything(),
    );
  });

  it('is frame → host only: the host cannot send it and the frame does not accept it', () => {
    const { host } = createLinkedEndpoints();
    expect(() => host.send('shortcut' as never, { command: 'escape' } as never)).toThrow(
      /may not send/,
    );
    expect(
      hostToFrameMessageSchema.safeParse({
        ...envelope,
        action: 'shortcut',
        payload: { command: 'escape' },
      }).success,
    ).toBe(false);
  });
});

describe('theme (host → frame)', () => {
  it('reaches the frame; only light and dark are valid', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    const frame = makeFrame();
    const seen: string[] = [];
    frame.on('theme', ({ scheme }) => seen.push(scheme));
    await Promise.all([frame.connect(), pair.settle()]);
    host.send('theme', { scheme: 'dark' });
    await pair.settle();
    expect(seen).toEqual(['dark']);
    expect(() => host.send('theme', { scheme: 'system' } as never)).toThrow();
    expect(
      hostToFrameMessageSchema.safeParse({
        ...envelope,
        action: 'theme',
        payload: { scheme: 'sepia' },
      }).success,
    ).toBe(false);
    expect(
      frameToHostMessageSchema.safeParse({
        ...envelope,
        action: 'theme',
        payload: { scheme: 'dark' },
      }).success,
    ).toBe(false);
  });

  it('is state: sent before the handshake it is queued, and a reloaded frame gets the latest one', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    host.send('theme', { scheme: 'light' });
    const first = makeFrame();
    const firstSeen: string[] = [];
    first.on('theme', ({ scheme }) => firstSeen.push(scheme));
    await Promise.all([first.connect(), pair.settle()]);
    expect(firstSeen).toEqual(['light']);
    host.send('theme', { scheme: 'dark' });
    await pair.settle();
    first.close();
    const second = makeFrame();
    const secondSeen: string[] = [];
    second.on('theme', ({ scheme }) => secondSeen.push(scheme));
    await Promise.all([second.connect(), pair.settle()]);
    expect(secondSeen).toEqual(['dark']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { parseEventNames, watchConfigEvents } from './config-events.ts';

describe('parseEventNames', () => {
  it.each<[string, string[], string]>([
    ['event: ready\ndata: {}\n\n', ['ready'], ''],
    ['event: config\ndata: {"groupId":2}\n\nevent: conf', ['config'], 'event: conf'],
    [': keep-alive\n\nevent: config\r\ndata: {}\r\n\r\n', ['config'], ''],
    ['data: only\n\n', [], ''],
    ['', [], ''],
  ])('%j', (buffer, events, rest) => {
    expect(parseEventNames(buffer)).toEqual({ events, rest });
  });
});

/** A stream the test writes to and ends. */
function controllable() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new TextEncoder();
  return {
    stream,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

describe('watchConfigEvents', () => {
  it('reads the configuration again on each config event, not on ready or keep-alive', async () => {
    const first = controllable();
    const onChange = vi.fn();
    const stop = watchConfigEvents({
      open: async () => first.stream,
      onChange,
      lastActivity: () => 0,
    });
    first.send('event: ready\ndata: {}\n\n: keep-alive\n\n');
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(0));
    first.send('event: config\ndata: {"groupId":2}\n\n');
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    first.send('event: con');
    first.send('fig\ndata: {}\n\n');
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
    stop();
  });

  it('opens an ended stream again only after the console was used', async () => {
    vi.useFakeTimers();
    try {
      let clock = 1000;
      let activity = 0;
      const streams = [controllable(), controllable()];
      const open = vi.fn(async () => streams[open.mock.calls.length - 1]!.stream);
      const stop = watchConfigEvents({
        open,
        onChange: () => undefined,
        lastActivity: () => activity,
        now: () => clock,
        retryMs: 100,
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(open).toHaveBeenCalledTimes(1);
      streams[0]!.end();
      await vi.advanceTimersByTimeAsync(1000);
      expect(open).toHaveBeenCalledTimes(1); // idle: the session is left to expire
      clock = 5000;
      activity = 4000;
      await vi.advanceTimersByTimeAsync(100);
      expect(open).toHaveBeenCalledTimes(2);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up on services without the stream (404)', async () => {
    vi.useFakeTimers();
    try {
      const open = vi.fn(async () => {
        throw Object.assign(new Error('No such endpoint'), { status: 404 });
      });
      const stop = watchConfigEvents({
        open,
        onChange: () => undefined,
        lastActivity: () => Date.now() + 1000,
        retryMs: 100,
      });
      await vi.advanceTimersByTimeAsync(1000);
      expect(open).toHaveBeenCalledTimes(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

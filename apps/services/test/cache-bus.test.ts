// The cache bus: event checking, the worker side and the primary's relay, over fake channels.
import { describe, expect, it, vi } from 'vitest';
import {
  CacheRelay,
  LocalCacheBus,
  WorkerCacheBus,
  isCacheEvent,
} from '../src/cluster/cache-bus.ts';
import type { BusMessage, CacheEvent, WorkerChannel } from '../src/cluster/cache-bus.ts';

describe('isCacheEvent', () => {
  it.each<[unknown, boolean]>([
    [{ type: 'directory' }, true],
    [{ type: 'table', table: 'things' }, true],
    [{ type: 'table' }, false],
    [{ type: 'table', table: 7 }, false],
    [{ type: 'logout', tokenHash: 'abc' }, true],
    [{ type: 'logout', tokenHash: 'x'.repeat(1025) }, false],
    // the sign-in throttle counts in the database: its events are gone from the bus
    [{ type: 'login-failure', username: 'admin', address: '127.0.0.1', at: 1 }, false],
    [{ type: 'login-success', username: 'admin', address: '127.0.0.1' }, false],
    [{ type: 'reboot' }, false],
    [null, false],
    ['directory', false],
  ])('%j → %s', (value, expected) => {
    expect(isCacheEvent(value)).toBe(expected);
  });
});

describe('LocalCacheBus', () => {
  it('applies at once, to every handler, even when one throws; unsubscribe stops delivery', async () => {
    const bus = new LocalCacheBus();
    const seen: CacheEvent[] = [];
    bus.subscribe(() => {
      throw new Error('broken handler');
    });
    const stop = bus.subscribe((event) => seen.push(event));
    await bus.publish({ type: 'directory' });
    stop();
    await bus.publish({ type: 'table', table: 'zones' });
    expect(seen).toEqual([{ type: 'directory' }]);
  });
});

/** A primary with `count` workers wired over synchronous fake IPC. */
function fakeCluster(count: number, options: { mute?: number[] } = {}) {
  const listeners = new Map<number, (message: unknown) => void>();
  const workers: WorkerChannel[] = [];
  const buses: WorkerCacheBus[] = [];
  const applied: Array<Array<CacheEvent>> = [];
  const timeouts: number[][] = [];
  const relay = new CacheRelay(
    () => workers,
    50,
    (ids) => timeouts.push(ids),
  );
  for (let id = 1; id <= count; id += 1) {
    const worker: WorkerChannel = {
      id,
      send: (message: BusMessage) => queueMicrotask(() => listeners.get(id)?.(message)),
    };
    workers.push(worker);
    const bus = new WorkerCacheBus(
      {
        send: (message) => {
          if (!options.mute?.includes(id)) queueMicrotask(() => relay.message(worker, message));
        },
        on: (_event, listener) => listeners.set(id, listener),
      },
      1_000,
    );
    const events: CacheEvent[] = [];
    bus.subscribe((event) => events.push(event));
    buses.push(bus);
    applied.push(events);
  }
  return { relay, workers, buses, applied, timeouts };
}

describe('WorkerCacheBus and CacheRelay', () => {
  it('publish resolves only after every other worker applied the event', async () => {
    const { buses, applied } = fakeCluster(3);
    await buses[0]!.publish({ type: 'logout', tokenHash: 'h' });
    expect(applied).toEqual([
      [{ type: 'logout', tokenHash: 'h' }],
      [{ type: 'logout', tokenHash: 'h' }],
      [{ type: 'logout', tokenHash: 'h' }],
    ]);
  });

  it('a lone worker is acknowledged at once', async () => {
    const { buses, applied } = fakeCluster(1);
    await buses[0]!.publish({ type: 'directory' });
    expect(applied).toEqual([[{ type: 'directory' }]]);
  });

  it('a worker that never answers holds the publisher for the relay timeout only, and is named', async () => {
    const { buses, timeouts } = fakeCluster(2, { mute: [2] });
    const started = Date.now();
    await buses[0]!.publish({ type: 'table', table: 'things' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(timeouts).toEqual([[2]]);
  });

  it('a worker that exits releases the wait on it', async () => {
    const { buses, relay } = fakeCluster(2, { mute: [2] });
    const done = vi.fn();
    const publishing = buses[0]!.publish({ type: 'directory' }).then(done);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(done).not.toHaveBeenCalled();
    relay.workerGone(2);
    await publishing;
    expect(done).toHaveBeenCalled();
  });

  it('ignores malformed messages on both sides', async () => {
    const { relay, workers, buses, applied } = fakeCluster(2);
    relay.message(workers[0]!, { portico: 'cache-event', id: 1, event: { type: 'drop-tables' } });
    relay.message(workers[0]!, { portico: 'cache-event', id: 'x', event: { type: 'directory' } });
    relay.message(workers[0]!, 'hello');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(applied).toEqual([[], []]);
    await buses[1]!.publish({ type: 'directory' });
    expect(applied[0]).toEqual([{ type: 'directory' }]);
  });
});

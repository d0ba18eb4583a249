import { describe, expect, it, vi } from 'vitest';
import {
  UPDATE_CHECK_FAILED_MESSAGE,
  VERSION_CHANNEL_NAME,
  createVersionSignal,
} from '@portico/core';
import { createReloadScheduler, type ReloadScheduler } from './reload-scheduler.ts';
import { createVersionChecker, type VersionCheckerDeps } from './version-checker.ts';

const A = '"a"';
const B = '"b"';

/** A fake server for index.html honouring If-None-Match, recording the requests. */
function fakeServer(initial: string) {
  let etag = initial;
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push({ url: String(url), init });
    const headers = new Headers(init.headers);
    if (headers.get('If-None-Match') === etag)
      return new Response(null, { status: 304, headers: { ETag: etag } });
    return new Response('<html></html>', {
      status: 200,
      headers: { ETag: etag, 'Last-Modified': 'Mon, 01 Jan 2024 00:00:00 GMT' },
    });
  });
  return {
    fetch: fetchImpl as unknown as typeof fetch,
    requests,
    deploy(next: string) {
      etag = next;
    },
  };
}

function fakeScheduler(): ReloadScheduler & { requests: string[] } {
  const requests: string[] = [];
  return {
    requests,
    request: (reason) => void requests.push(reason),
    attempt: () => undefined,
    pending: false,
  };
}

const logger = { error: vi.fn(), info: vi.fn() };

/** A checker of index.html at a fixed URL, with no channel to other tabs unless `deps` gives one. */
function checkerWith(
  deps: Pick<VersionCheckerDeps, 'scheduler' | 'fetch'> & Partial<VersionCheckerDeps>,
) {
  return createVersionChecker({ url: 'http://x/index.html', channel: null, logger, ...deps });
}

describe('version check (spec §4 "App version reload", §7 "GET index.html conditional headers")', () => {
  it('sends If-None-Match / If-Modified-Since with no-cache, stores the first ETag without reloading', async () => {
    const server = fakeServer(A);
    const scheduler = fakeScheduler();
    const checker = checkerWith({ scheduler, fetch: server.fetch });
    const first = await checker.check();
    expect(first.outcome).toBe('first');
    expect(scheduler.requests).toEqual([]);
    expect(localStorage.getItem('LAST_ETAG')).toBe(A);
    expect(localStorage.getItem('LAST_MODIFIED')).toBe('Mon, 01 Jan 2024 00:00:00 GMT');
    expect(server.requests[0]?.init.cache).toBe('no-cache');

    const second = await checker.check();
    const headers = new Headers(server.requests[1]?.init.headers);
    expect(headers.get('If-None-Match')).toBe(A);
    expect(headers.get('If-Modified-Since')).toBe('Mon, 01 Jan 2024 00:00:00 GMT');
    expect(second.outcome).toBe('latest');
    expect(checker.running).toBe(A);
  });

  it('a new ETag is stored, announced on the "portico-version" channel, and asks for a reload', async () => {
    const server = fakeServer(A);
    const scheduler = fakeScheduler();
    const posted: unknown[] = [];
    const channel = {
      postMessage: (message: unknown) => void posted.push(message),
      addEventListener: () => undefined,
      close: () => undefined,
    };
    const checker = checkerWith({ scheduler, fetch: server.fetch, channel });
    await checker.check();
    server.deploy(B);
    const decision = await checker.check();
    expect(decision).toMatchObject({ outcome: 'new-version', reload: true });
    expect(localStorage.getItem('LAST_ETAG')).toBe(B);
    expect(posted).toEqual([createVersionSignal(B)]);
    expect(scheduler.requests).toEqual(['new version']);
  });

  it('another tab reloads when it hears a version other than the one it runs (real BroadcastChannel)', async () => {
    const server = fakeServer(A);
    const scheduler = fakeScheduler();
    const checker = checkerWith({ scheduler, fetch: server.fetch, channel: undefined }); // the real one
    await checker.check();
    const otherTab = new BroadcastChannel(VERSION_CHANNEL_NAME);
    otherTab.postMessage(createVersionSignal(A)); // its own version: nothing
    otherTab.postMessage({ type: 'something else' });
    otherTab.postMessage(createVersionSignal(B));
    await vi.waitFor(() =>
      expect(scheduler.requests).toEqual(['new version announced by another tab']),
    );
    otherTab.close();
    checker.close();
  });

  it('a failing check logs the §8 message with the error and changes nothing', async () => {
    const scheduler = fakeScheduler();
    localStorage.setItem('LAST_ETAG', A);
    const error = new TypeError('Failed to fetch');
    const checker = checkerWith({ scheduler, fetch: () => Promise.reject(error) });
    expect((await checker.check()).outcome).toBe('failed');
    expect(logger.error).toHaveBeenCalledWith(UPDATE_CHECK_FAILED_MESSAGE, error);
    const serverError = checkerWith({
      scheduler,
      fetch: () => Promise.resolve(new Response('', { status: 503 })),
    });
    expect((await serverError.check()).outcome).toBe('failed');
    expect(localStorage.getItem('LAST_ETAG')).toBe(A);
    expect(scheduler.requests).toEqual([]);
  });

  it('checks in quick succession share one request', async () => {
    const server = fakeServer(A);
    const checker = checkerWith({ scheduler: fakeScheduler(), fetch: server.fetch });
    await Promise.all([checker.check(), checker.check(), checker.check()]);
    expect(server.requests).toHaveLength(1);
  });
});

describe('reload scheduler: at a safe moment, at most once per 10 s per tab (spec §9)', () => {
  function setup(options: { safe?: boolean; now?: number; lastRefresh?: number } = {}) {
    let safe = options.safe ?? true;
    let now = options.now ?? 1_000_000;
    const reload = vi.fn();
    const timers: Array<{ callback: () => void; ms: number }> = [];
    if (options.lastRefresh !== undefined)
      sessionStorage.setItem('LAST_REFRESH', String(options.lastRefresh));
    const scheduler = createReloadScheduler({
      isSafe: () => safe,
      reload,
      now: () => now,
      setTimer: (callback, ms) => timers.push({ callback, ms }),
    });
    return {
      scheduler,
      reload,
      timers,
      setSafe: (value: boolean) => (safe = value),
      advance: (ms: number) => (now += ms),
      flush: () => new Promise((resolve) => setTimeout(resolve, 0)),
    };
  }

  it('reloads at once when safe and stores LAST_REFRESH in this tab', async () => {
    const t = setup();
    t.scheduler.request('new version');
    await t.flush();
    expect(t.reload).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem('LAST_REFRESH')).toBe('1000000');
    t.scheduler.request('again');
    await t.flush();
    expect(t.reload).toHaveBeenCalledOnce();
  });

  it('waits while a modal or a form is open, then reloads at the next safe navigation', async () => {
    const t = setup({ safe: false });
    t.scheduler.request('new version');
    await t.flush();
    expect(t.reload).not.toHaveBeenCalled();
    expect(t.scheduler.pending).toBe(true);
    t.scheduler.attempt(); // a navigation while still unsafe
    await t.flush();
    expect(t.reload).not.toHaveBeenCalled();
    t.setSafe(true);
    t.scheduler.attempt();
    await t.flush();
    expect(t.reload).toHaveBeenCalledOnce();
  });

  it('throttled: one timer until the 10 s are over', async () => {
    const t = setup({ now: 1_000_000, lastRefresh: 1_000_000 - 4000 });
    t.scheduler.request('new version');
    t.scheduler.request('new version announced by another tab');
    expect(t.timers).toEqual([{ callback: expect.any(Function), ms: 6000 }]);
    t.advance(6000);
    t.timers[0]?.callback();
    await t.flush();
    expect(t.reload).toHaveBeenCalledOnce();
  });

  it("runs the service worker's preparation before reloading, and reloads even if it fails", async () => {
    const t = setup();
    const order: string[] = [];
    t.reload.mockImplementation(() => order.push('reload'));
    t.scheduler.request('service worker update', async () => {
      order.push('activate');
      throw new Error('no worker');
    });
    await vi.waitFor(() => expect(order).toEqual(['activate', 'reload']));
  });

  it('nothing pending: an attempt does nothing', async () => {
    const t = setup();
    t.scheduler.attempt();
    await t.flush();
    expect(t.reload).not.toHaveBeenCalled();
  });
});

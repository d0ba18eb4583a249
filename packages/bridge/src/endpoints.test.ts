import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BridgeError,
  BridgeHandlerError,
  BridgeRemoteError,
  BridgeTimeoutError,
} from './errors.ts';
import { createFrameEndpoint } from './frame-endpoint.ts';
import { createHostEndpoint } from './host-endpoint.ts';
import { createMemoryTransportPair } from './memory-transport.ts';
import type { BridgeMessage } from './protocol.ts';
import {
  FRAME_ORIGIN,
  HOST_ORIGIN,
  createLinkedEndpoints,
  sessionData,
} from './test-support.test-helpers.ts';

afterEach(() => {
  vi.useRealTimers();
});

function actions(log: { from: string; data: unknown }[], from: 'host' | 'frame'): string[] {
  return log
    .filter((entry) => entry.from === from)
    .map((entry) => (entry.data as BridgeMessage).action);
}

describe('handshake', () => {
  it('frame sends ready with its path; host acknowledges, becomes ready and reports the frame', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints({ path: '/things/thing' });
    const onReady = vi.fn();
    host.onReady(onReady);
    expect(host.ready).toBe(false);
    const frame = makeFrame();
    expect(frame.framed).toBe(true);
    const connected = frame.connect();
    await pair.settle();
    await connected;
    expect(frame.ready).toBe(true);
    expect(host.ready).toBe(true);
    expect(host.frameInstanceId).toBe(frame.instanceId);
    expect(onReady).toHaveBeenCalledWith({
      path: '/things/thing',
      instanceId: frame.instanceId,
      reloaded: false,
    });
    const ready = pair.log.find((entry) => entry.from === 'frame')?.data as BridgeMessage;
    expect(ready).toMatchObject({
      protocol: 'portico-bridge',
      version: 1,
      kind: 'request',
      action: 'ready',
    });
    expect(pair.log.every((entry) => entry.targetOrigin !== '*')).toBe(true);
  });

  it('connect() is idempotent and rejects with BRIDGE_NO_PEER outside a frame', async () => {
    const { makeFrame } = createLinkedEndpoints();
    const frame = makeFrame();
    expect(frame.connect()).toBe(frame.connect());
    const lonely = createFrameEndpoint({
      transport: { post: vi.fn(), listen: () => () => undefined, peer: () => null },
      peerOrigin: HOST_ORIGIN,
      logger: { warn: vi.fn() },
    });
    expect(lonely.framed).toBe(false);
    await expect(lonely.connect()).rejects.toMatchObject({ code: 'BRIDGE_NO_PEER' });
    await expect(lonely.request('fetchSessionData', {})).rejects.toMatchObject({
      code: 'BRIDGE_NO_PEER',
    });
  });

  it('re-sends ready until a late host answers, and the host treats retries as one handshake', async () => {
    vi.useFakeTimers();
    const pair = createMemoryTransportPair({ hostOrigin: HOST_ORIGIN, frameOrigin: FRAME_ORIGIN });
    const frame = createFrameEndpoint({
      transport: pair.frame,
      peerOrigin: HOST_ORIGIN,
      readyRetryMs: 1000,
      logger: { warn: vi.fn() },
    });
    const connected = frame.connect();
    await pair.settle();
    await vi.advanceTimersByTimeAsync(2500); // two unanswered attempts; the host is not there yet
    const host = createHostEndpoint({
      transport: pair.host,
      peerOrigin: FRAME_ORIGIN,
      logger: { warn: vi.fn() },
    });
    const onReady = vi.fn();
    host.onReady(onReady);
    pair.paused.host = true; // the host hears readies #4 and #5 but its acknowledgements are lost
    await vi.advanceTimersByTimeAsync(2000);
    expect(frame.ready).toBe(false);
    pair.paused.host = false;
    await vi.advanceTimersByTimeAsync(1000); // ready #6 is acknowledged
    await pair.settle();
    await connected;
    expect(actions(pair.log, 'frame').filter((action) => action === 'ready')).toHaveLength(6);
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(frame.ready).toBe(true);
  });

  it('gives up with BridgeTimeoutError after the timeout when no host answers', async () => {
    vi.useFakeTimers();
    const pair = createMemoryTransportPair({ hostOrigin: HOST_ORIGIN, frameOrigin: FRAME_ORIGIN });
    const frame = createFrameEndpoint({
      transport: pair.frame,
      peerOrigin: HOST_ORIGIN,
      logger: { warn: vi.fn() },
    });
    const connected = frame.connect();
    const outcome = connected.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(frame.ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(BridgeTimeoutError);
    expect(error).toMatchObject({ code: 'BRIDGE_TIMEOUT', action: 'ready', timeoutMs: 10_000 });
  });
});

describe('queueing', () => {
  it('host messages sent before ready are flushed in order right after the handshake', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    host.send('permissions', { permissions: ['zone:r'] });
    host.send('language', { language: 'fr' });
    const routed = host.navigate('/model/zone');
    host.send('timezoneUpdated', { timeZone: 'Europe/Paris' });
    expect(actions(pair.log, 'host')).toEqual([]);

    const frame = makeFrame();
    const seen: string[] = [];
    frame.on('permissions', (p) => seen.push(`permissions:${p.permissions.join(',')}`));
    frame.on('language', (p) => seen.push(`language:${p.language}`));
    frame.on('timezoneUpdated', (p) => seen.push(`tz:${p.timeZone}`));
    frame.handle('router', ({ path }) => {
      seen.push(`router:${path}`);
      return { path };
    });
    const connected = frame.connect();
    await pair.settle();
    await connected;
    await expect(routed).resolves.toEqual({ path: '/model/zone' });
    expect(seen).toEqual([
      'permissions:zone:r',
      'language:fr',
      'router:/model/zone',
      'tz:Europe/Paris',
    ]);
    expect(actions(pair.log, 'host')).toEqual([
      'ready',
      'permissions',
      'language',
      'router',
      'timezoneUpdated',
    ]);
  });

  it('frame messages sent before the acknowledgement wait for it, in order', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    const frame = makeFrame();
    const seen: string[] = [];
    host.on('modal', (p) => seen.push(`modal:${String(p.open)}`));
    host.on('routerUpdate', (p) => seen.push(`update:${p.path}`));
    frame.send('routerUpdate', { path: '/things/thingType' });
    frame.send('modal', { open: true });
    await pair.settle();
    expect(seen).toEqual([]);
    const connected = frame.connect();
    await pair.settle();
    await connected;
    expect(seen).toEqual(['update:/things/thingType', 'modal:true']);
  });
});

describe('requests', () => {
  it('fetchSessionData and fetchUserInfo reach the host handlers and resolve with their replies', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    host.handle('fetchSessionData', async () => sessionData);
    host.handle('fetchUserInfo', () => sessionData.user);
    const frame = makeFrame();
    void frame.connect();
    const session = frame.request('fetchSessionData', {});
    const user = frame.request('fetchUserInfo', {});
    await pair.settle();
    await expect(session).resolves.toEqual(sessionData);
    await expect(user).resolves.toEqual(sessionData.user);
  });

  it('correlates concurrent requests by id even when answers come back out of order', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    const frame = makeFrame();
    const releases: Record<string, (path: { path: string }) => void> = {};
    frame.handle('router', ({ path }) => new Promise((resolve) => (releases[path] = resolve)));
    await Promise.all([frame.connect(), pair.settle()]);
    const first = host.navigate('/things/thing');
    const second = host.navigate('/model/zone');
    await pair.settle();
    releases['/model/zone']?.({ path: '/model/zone' });
    await pair.settle();
    releases['/things/thing']?.({ path: '/things/thing' });
    await pair.settle();
    await expect(first).resolves.toEqual({ path: '/things/thing' });
    await expect(second).resolves.toEqual({ path: '/model/zone' });
    const requests = pair.log.filter(
      (e) => e.from === 'host' && (e.data as BridgeMessage).action === 'router',
    );
    const replies = pair.log.filter(
      (e) => e.from === 'frame' && (e.data as BridgeMessage).kind === 'reply',
    );
    expect(replies.map((e) => (e.data as BridgeMessage).action)).toEqual([
      'routerSuccess',
      'routerSuccess',
    ]);
    expect(replies.map((e) => (e.data as { replyTo: string }).replyTo)).toEqual(
      [requests[1], requests[0]].map((e) => (e?.data as BridgeMessage).id),
    );
  });

  it('times out after 10,000 ms by default with a typed BridgeTimeoutError', async () => {
    vi.useFakeTimers();
    const { pair, host, makeFrame } = createLinkedEndpoints();
    const frame = makeFrame();
    frame.handle('router', () => new Promise(() => undefined)); // never answers
    const connected = frame.connect();
    await pair.settle();
    await connected;
    const outcome = host.navigate('/things/thing').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(9_999);
    const early = await Promise.race([outcome, Promise.resolve('pending')]);
    expect(early).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(BridgeTimeoutError);
    expect(error).toMatchObject({ code: 'BRIDGE_TIMEOUT', action: 'router', timeoutMs: 10_000 });
  });

  it('times out a request still queued because the frame never became ready, and never sends it', async () => {
    vi.useFakeTimers();
    const { pair, host } = createLinkedEndpoints({ timeoutMs: 50 });
    const outcome = host.navigate('/things/thing').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(50);
    expect(await outcome).toMatchObject({ code: 'BRIDGE_TIMEOUT' });
    expect(pair.log).toEqual([]);
  });

  it('answers NO_HANDLER when the host has no handler, and HANDLER_FAILED without leaking the cause', async () => {
    const { pair, host, makeFrame, hostLogger } = createLinkedEndpoints();
    const frame = makeFrame();
    void frame.connect();
    const missing = frame.request('fetchUserInfo', {}).catch((error: unknown) => error);
    await pair.settle();
    expect(await missing).toMatchObject({ code: 'BRIDGE_REMOTE', remoteCode: 'NO_HANDLER' });

    host.handle('fetchUserInfo', () => {
      throw new Error('database password is hunter2');
    });
    const failed = frame.request('fetchUserInfo', {}).catch((error: unknown) => error);
    await pair.settle();
    const error = (await failed) as BridgeRemoteError;
    expect(error).toBeInstanceOf(BridgeRemoteError);
    expect(error.remoteCode).toBe('HANDLER_FAILED');
    expect(error.message).not.toContain('hunter2');
    expect(hostLogger.warn).toHaveBeenCalled();

    host.handle('fetchSessionData', () => {
      throw new BridgeHandlerError('NOT_SIGNED_IN', 'No session');
    });
    const chosen = frame.request('fetchSessionData', {}).catch((e: unknown) => e);
    await pair.settle();
    expect(await chosen).toMatchObject({ remoteCode: 'NOT_SIGNED_IN', message: 'No session' });
  });

  it('answers a plain value in the task of the handler, before anything it queued; a promise when it settles', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    const frame = makeFrame();
    const connected = frame.connect();
    await pair.settle();
    await connected;
    const replied = () =>
      pair.log.some(
        (entry) =>
          entry.from === 'frame' && (entry.data as BridgeMessage).action === 'routerSuccess',
      );
    let repliedFirst: boolean | null = null;
    frame.handle('router', ({ path }) => {
      queueMicrotask(() => (repliedFirst = replied()));
      return { path };
    });
    await expect(host.navigate('/model/zone')).resolves.toEqual({ path: '/model/zone' });
    expect(repliedFirst).toBe(true);

    let finish: (value: { path: string }) => void = () => undefined;
    frame.handle('router', () => new Promise((resolve) => (finish = resolve)));
    const later = host.navigate('/model/group');
    await pair.settle();
    const before = pair.log.length;
    finish({ path: '/model/group' });
    await expect(later).resolves.toEqual({ path: '/model/group' });
    expect(pair.log.length).toBeGreaterThan(before);

    // an answer whose `then` cannot even be read is a failed handler, not a thrown listener
    frame.handle('router', () => {
      const answer = { path: '/x' };
      Object.defineProperty(answer, 'then', {
        get() {
          throw new Error('no');
        },
      });
      return answer;
    });
    await expect(host.navigate('/model/thing')).rejects.toMatchObject({
      remoteCode: 'HANDLER_FAILED',
    });
  });

  it('answers HANDLER_FAILED when a handler returns a reply that breaks the protocol', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    host.handle('fetchSessionData', () => ({ ...sessionData, token: '' }));
    const frame = makeFrame();
    void frame.connect();
    const outcome = frame.request('fetchSessionData', {}).catch((e: unknown) => e);
    await pair.settle();
    expect(await outcome).toMatchObject({ remoteCode: 'HANDLER_FAILED' });
  });

  it('refuses to send a malformed message, synchronously for events and as a rejection for requests', async () => {
    const { host } = createLinkedEndpoints();
    expect(() => host.send('language', { language: 'not a language!' })).toThrow(BridgeError);
    await expect(host.navigate('things/thing')).rejects.toMatchObject({
      code: 'BRIDGE_INVALID_MESSAGE',
    });
  });
});

describe('reload', () => {
  it('a reloaded frame re-handshakes: in-flight requests fail fast, state is replayed, onReady says reloaded', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints({ path: '/things/thing' });
    const onReady = vi.fn();
    host.onReady(onReady);
    const first = makeFrame();
    first.handle('router', () => new Promise(() => undefined));
    await Promise.all([first.connect(), pair.settle()]);
    host.send('permissions', { permissions: ['zone:r'] });
    host.send('language', { language: 'it' });
    host.send('language', { language: 'pt-BR' });
    host.send('userFieldUpdated', { field: 'a', value: 1 });
    host.send('userFieldUpdated', { field: 'b', value: 2 });
    const inFlight = host.navigate('/model/zone').catch((error: unknown) => error);
    await pair.settle();

    first.close(); // the page unloads
    const second = makeFrame();
    const seen: string[] = [];
    second.on('permissions', (p) => seen.push(`permissions:${p.permissions.join(',')}`));
    second.on('language', (p) => seen.push(`language:${p.language}`));
    second.on('userFieldUpdated', (p) => seen.push(`field:${p.field}=${String(p.value)}`));
    await Promise.all([second.connect(), pair.settle()]);

    expect(await inFlight).toMatchObject({ code: 'BRIDGE_FRAME_RELOADED' });
    expect(seen).toEqual(['permissions:zone:r', 'language:pt-BR', 'field:a=1', 'field:b=2']);
    expect(onReady).toHaveBeenLastCalledWith({
      path: '/things/thing',
      instanceId: second.instanceId,
      reloaded: true,
    });
    expect(host.frameInstanceId).toBe(second.instanceId);
  });

  it('a request queued (not yet sent) survives the handshake and reaches the new frame', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    const routed = host.navigate('/tenants/group');
    const frame = makeFrame();
    frame.handle('router', ({ path }) => ({ path }));
    await Promise.all([frame.connect(), pair.settle()]);
    await expect(routed).resolves.toEqual({ path: '/tenants/group' });
  });
});

describe('direction and closing', () => {
  it("an endpoint cannot send the other side's actions", () => {
    const { host, makeFrame } = createLinkedEndpoints();
    expect(() => host.send('modal' as never, { open: true } as never)).toThrow(/may not send/);
    const frame = makeFrame();
    expect(() => frame.send('permissions' as never, { permissions: [] } as never)).toThrow(
      /may not send/,
    );
  });

  it('close() rejects pending requests, stops listening and refuses new messages', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    const frame = makeFrame();
    const listener = vi.fn();
    frame.on('language', listener);
    await Promise.all([frame.connect(), pair.settle()]);
    const pending = frame.request('fetchUserInfo', {}).catch((e: unknown) => e);
    frame.close();
    expect(await pending).toMatchObject({ code: 'BRIDGE_CLOSED' });
    host.send('language', { language: 'es' });
    await pair.settle();
    expect(listener).not.toHaveBeenCalled();
    expect(() => frame.send('modal', { open: false })).toThrow(BridgeError);
    host.close();
    await expect(host.navigate('/x')).rejects.toMatchObject({ code: 'BRIDGE_CLOSED' });
  });

  it('rejects unsafe target origins at creation', () => {
    const pair = createMemoryTransportPair();
    for (const origin of ['*', 'null', 'http://legacy.test/', 'legacy.test', '/legacy-ui/']) {
      expect(() => createHostEndpoint({ transport: pair.host, peerOrigin: origin })).toThrow(
        expect.objectContaining({ code: 'BRIDGE_CONFIG' }),
      );
    }
  });
});

describe('a handler that answers before it returns', () => {
  it('sends its reply at that moment, ahead of what it sends afterwards, and only once', async () => {
    const { pair, host, makeFrame } = createLinkedEndpoints();
    const frame = makeFrame();
    frame.handle('router', ({ path }, answer) => {
      answer({ path });
      answer({ path: '/twice' }); // ignored
      frame.send('modal', { open: true }); // after the answer
      return { path: '/returned' }; // ignored: answered already
    });
    await Promise.all([frame.connect(), pair.settle()]);
    const routed = host.navigate('/model/zone');
    await pair.settle();
    await expect(routed).resolves.toEqual({ path: '/model/zone' });
    const sent = pair.log
      .filter((entry) => entry.from === 'frame')
      .map((entry) => entry.data as BridgeMessage)
      .filter((message) => message.action !== 'ready');
    expect(sent.map((message) => message.action)).toEqual(['routerSuccess', 'modal']);
  });

  it('a failure after the answer is logged, not sent as an error', async () => {
    const { pair, host, makeFrame, frameLogger } = createLinkedEndpoints();
    const frame = makeFrame();
    frame.handle('router', ({ path }, answer) => {
      answer({ path });
      throw new Error('later trouble');
    });
    await Promise.all([frame.connect(), pair.settle()]);
    const routed = host.navigate('/model/zone');
    await pair.settle();
    await expect(routed).resolves.toEqual({ path: '/model/zone' });
    expect(frameLogger.warn).toHaveBeenCalledWith(
      expect.stringContaining('failed after answering'),
      expect.any(Error),
    );
  });
});

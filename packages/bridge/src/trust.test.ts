import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createFrameEndpoint } from './frame-endpoint.ts';
import { createHostEndpoint } from './host-endpoint.ts';
import {
  BRIDGE_PROTOCOL,
  BRIDGE_VERSION,
  frameToHostMessageSchema,
  hostToFrameMessageSchema,
} from './protocol.ts';
import { createWindowTransport } from './transport.ts';
import type { BridgeIncomingEvent, BridgeTransport } from './transport.ts';
import {
  FRAME_ORIGIN,
  HOST_ORIGIN,
  createLinkedEndpoints,
  sessionData,
} from './test-support.test-helpers.ts';

const FRAME_EVENTS = [
  'routerUpdate',
  'modal',
  'sessionExpired',
  'navigateToEvent',
  'handleAboutSection',
  'closeCustomTabModal',
  'doneEvent',
  'sidebarEvent',
  'updateGroupConfigMenu',
  'folderDetail',
] as const;
const HOST_EVENTS = [
  'permissions',
  'language',
  'timezoneUpdated',
  'dateFormatUpdated',
  'calendarFormatUpdated',
  'userFieldUpdated',
  'groupConfigs',
  'sessionExpired',
  'folderDetail',
  'openCustomTabModal',
] as const;

/** A transport whose listener the test calls synchronously, so a throw would surface here. */
function captureTransport(peer: object): {
  transport: BridgeTransport;
  deliver(event: BridgeIncomingEvent): void;
} {
  let listener: ((event: BridgeIncomingEvent) => void) | undefined;
  return {
    transport: {
      post: () => undefined,
      listen(l) {
        listener = l;
        return () => (listener = undefined);
      },
      peer: () => peer,
    },
    deliver: (event) => listener?.(event),
  };
}

const path = fc.string({ maxLength: 30 }).map((rest) => `/${rest}`);
const id = fc.string({ minLength: 1, maxLength: 64 });
const header = { protocol: fc.constant(BRIDGE_PROTOCOL), version: fc.constant(BRIDGE_VERSION), id };
const event = (action: string, payload: fc.Arbitrary<unknown>) =>
  fc.record({ ...header, kind: fc.constant('event'), action: fc.constant(action), payload });
const request = (action: string, payload: fc.Arbitrary<unknown>) =>
  fc.record({ ...header, kind: fc.constant('request'), action: fc.constant(action), payload });

const validFrameMessage = fc.oneof(
  event('routerUpdate', fc.record({ path }, { requiredKeys: ['path'] })),
  event('modal', fc.record({ open: fc.boolean() })),
  event('sessionExpired', fc.constant({})),
  event('navigateToEvent', fc.record({ path })),
  event('handleAboutSection', fc.constant({})),
  event(
    'doneEvent',
    fc.record({ operation: fc.string({ minLength: 1, maxLength: 20 }), ok: fc.boolean() }),
  ),
  event(
    'sidebarEvent',
    fc.record({ command: fc.constantFrom('open', 'close', 'toggle', 'refresh') }),
  ),
  event('updateGroupConfigMenu', fc.record({ groupId: fc.integer() })),
  event('folderDetail', fc.record({ folderId: fc.option(fc.integer(), { nil: null }) })),
  event(
    'closeCustomTabModal',
    fc.record({ saved: fc.boolean(), tabId: fc.option(fc.integer(), { nil: null }) }),
  ),
  request('fetchSessionData', fc.constant({})),
  request('fetchUserInfo', fc.constant({})),
  request('ready', fc.record({ path: fc.option(path, { nil: null }), instanceId: id })),
);
const validHostMessage = fc.oneof(
  event('permissions', fc.record({ permissions: fc.array(fc.string({ maxLength: 20 })) })),
  event('language', fc.record({ language: fc.constantFrom('en', 'es', 'pt-BR', 'fr', 'it') })),
  event('timezoneUpdated', fc.record({ timeZone: fc.string({ minLength: 1, maxLength: 64 }) })),
  event(
    'userFieldUpdated',
    fc.record({ field: fc.string({ minLength: 1, maxLength: 20 }), value: fc.jsonValue() }),
  ),
  event('groupConfigs', fc.record({ fields: fc.dictionary(fc.string(), fc.jsonValue()) })),
  event('sessionExpired', fc.constant({})),
  event('openCustomTabModal', fc.record({ tabId: fc.option(fc.integer(), { nil: null }) })),
  request('router', fc.record({ path })),
);

/** Valid messages with one thing broken: a field removed, replaced or re-typed. */
function mutated(valid: fc.Arbitrary<Record<string, unknown>>) {
  return fc
    .tuple(
      valid,
      fc.constantFrom('protocol', 'version', 'id', 'kind', 'action', 'payload'),
      fc.anything(),
    )
    .map(([message, key, value]) => {
      const copy: Record<string, unknown> = { ...message };
      if (value === undefined) delete copy[key];
      else copy[key] = value;
      return copy;
    });
}

function incoming(valid: fc.Arbitrary<Record<string, unknown>>, peer: object, origin: string) {
  return fc.record({
    data: fc.oneof(valid, mutated(valid), fc.anything(), fc.jsonValue()),
    origin: fc.oneof(
      fc.constant(origin),
      fc.constant(origin === HOST_ORIGIN ? FRAME_ORIGIN : HOST_ORIGIN),
      fc.webUrl(),
      fc.string(),
    ),
    source: fc.oneof(
      fc.constant<unknown>(peer),
      fc.constant(null),
      fc.constant(undefined),
      fc.object(),
      fc.constant(globalThis),
    ),
  });
}

// Property runs are CPU-bound; a generous timeout keeps them green on a loaded shared machine.
describe('trust: origin, source and schema', { timeout: 30_000 }, () => {
  it('host: random messages never throw and reach a handler only when origin, source and schema are right', () => {
    const frameWindow = { name: 'frame' };
    fc.assert(
      fc.property(
        fc.array(incoming(validFrameMessage, frameWindow, FRAME_ORIGIN), { maxLength: 8 }),
        (events) => {
          const { transport, deliver } = captureTransport(frameWindow);
          const logger = { warn: vi.fn() };
          const host = createHostEndpoint({ transport, peerOrigin: FRAME_ORIGIN, logger });
          const calls = vi.fn();
          for (const action of FRAME_EVENTS) host.on(action, () => calls(action));
          host.handle('fetchSessionData', () => (calls('fetchSessionData'), sessionData));
          host.handle('fetchUserInfo', () => (calls('fetchUserInfo'), sessionData.user));
          host.onReady(() => calls('ready'));
          let expected = 0;
          let currentInstance: string | undefined;
          for (const e of events) {
            const trusted =
              e.origin === FRAME_ORIGIN &&
              e.source === frameWindow &&
              frameToHostMessageSchema.safeParse(e.data).success;
            const warnings = logger.warn.mock.calls.length;
            expect(() => deliver(e)).not.toThrow();
            const data = e.data as {
              kind?: string;
              action?: string;
              payload?: { instanceId?: string };
            };
            if (trusted && data.action === 'ready') {
              // A retried ready (same instance) is acknowledged without a new onReady.
              if (data.payload?.instanceId !== currentInstance) expected += 1;
              currentInstance = data.payload?.instanceId;
            } else if (trusted && (data.kind === 'event' || data.kind === 'request')) {
              expected += 1;
            }
            if (!trusted) expect(logger.warn.mock.calls.length).toBe(warnings + 1);
            expect(calls).toHaveBeenCalledTimes(expected);
          }
          host.close();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('frame: random messages never throw and reach a handler only when origin, source and schema are right', () => {
    const hostWindow = { name: 'host' };
    fc.assert(
      fc.property(
        fc.array(incoming(validHostMessage, hostWindow, HOST_ORIGIN), { maxLength: 8 }),
        (events) => {
          const { transport, deliver } = captureTransport(hostWindow);
          const logger = { warn: vi.fn() };
          const frame = createFrameEndpoint({ transport, peerOrigin: HOST_ORIGIN, logger });
          const calls = vi.fn();
          for (const action of HOST_EVENTS) frame.on(action, () => calls(action));
          frame.handle('router', ({ path: shown }) => (calls('router'), { path: shown }));
          let expected = 0;
          for (const e of events) {
            const trusted =
              e.origin === HOST_ORIGIN &&
              e.source === hostWindow &&
              hostToFrameMessageSchema.safeParse(e.data).success;
            const warnings = logger.warn.mock.calls.length;
            expect(() => deliver(e)).not.toThrow();
            const data = e.data as { kind?: string };
            // Replies and errors to no pending request are trusted but dropped (with a warning).
            if (trusted && (data.kind === 'event' || data.kind === 'request')) expected += 1;
            if (!trusted) expect(logger.warn.mock.calls.length).toBe(warnings + 1);
            expect(calls).toHaveBeenCalledTimes(expected);
          }
          frame.close();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the valid generators really produce protocol messages (so the properties exercise acceptance)', () => {
    fc.assert(fc.property(validFrameMessage, (m) => frameToHostMessageSchema.safeParse(m).success));
    fc.assert(fc.property(validHostMessage, (m) => hostToFrameMessageSchema.safeParse(m).success));
  });

  it('drops a well-formed message from the right window at the wrong origin, and from the wrong window', async () => {
    const { pair, host, makeFrame, hostLogger } = createLinkedEndpoints();
    const frame = makeFrame();
    await Promise.all([frame.connect(), pair.settle()]);
    const modal = vi.fn();
    host.on('modal', modal);
    const message = {
      protocol: BRIDGE_PROTOCOL,
      version: BRIDGE_VERSION,
      id: 'x1',
      kind: 'event',
      action: 'modal',
      payload: { open: true },
    };
    pair.injectToHost({ data: message, origin: 'http://evil.test', source: pair.frameWindow });
    pair.injectToHost({ data: message, origin: FRAME_ORIGIN, source: {} });
    pair.injectToHost({
      data: { ...message, version: 2 },
      origin: FRAME_ORIGIN,
      source: pair.frameWindow,
    });
    await pair.settle();
    expect(modal).not.toHaveBeenCalled();
    expect(hostLogger.warn).toHaveBeenCalledTimes(3);
    expect(hostLogger.warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining('unexpected origin'),
      expect.stringContaining('unexpected source'),
      expect.stringContaining('not a valid protocol message'),
    ]);
    pair.injectToHost({ data: message, origin: FRAME_ORIGIN, source: pair.frameWindow });
    await pair.settle();
    expect(modal).toHaveBeenCalledWith({ open: true });
  });
});

describe('createWindowTransport', () => {
  it('posts to the peer with the exact origin and reports MessageEvent origin and source', () => {
    const postMessage = vi.fn();
    const peer = { postMessage };
    const listeners = new Set<(event: MessageEvent) => void>();
    const self = {
      addEventListener: (_type: 'message', l: (event: MessageEvent) => void) => listeners.add(l),
      removeEventListener: (_type: 'message', l: (event: MessageEvent) => void) =>
        listeners.delete(l),
    };
    const transport = createWindowTransport(self, () => peer);
    transport.post({ hello: 1 }, FRAME_ORIGIN);
    expect(postMessage).toHaveBeenCalledWith({ hello: 1 }, FRAME_ORIGIN);
    expect(() => transport.post({}, '*')).toThrow(
      expect.objectContaining({ code: 'BRIDGE_CONFIG' }),
    );
    const received = vi.fn();
    const stop = transport.listen(received);
    for (const l of listeners)
      l({ data: 'd', origin: FRAME_ORIGIN, source: peer } as unknown as MessageEvent);
    expect(received).toHaveBeenCalledWith({ data: 'd', origin: FRAME_ORIGIN, source: peer });
    stop();
    expect(listeners.size).toBe(0);
    expect(transport.peer()).toBe(peer);
    const orphan = createWindowTransport(self, () => null);
    expect(orphan.peer()).toBeNull();
    expect(() => orphan.post({}, FRAME_ORIGIN)).toThrow(
      expect.objectContaining({ code: 'BRIDGE_NO_PEER' }),
    );
  });
});

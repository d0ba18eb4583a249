// Shared fixtures for the bridge tests (not part of the public API).
import { vi } from 'vitest';
import { createFrameEndpoint } from './frame-endpoint.ts';
import { createHostEndpoint } from './host-endpoint.ts';
import { createMemoryTransportPair } from './memory-transport.ts';
import type { FrameKitWindow } from './frame-kit.ts';
import { BRIDGE_PROTOCOL, BRIDGE_VERSION } from './protocol.ts';
import type { BridgeMessage, SessionData } from './protocol.ts';

export const HOST_ORIGIN = 'http://console.test';
export const FRAME_ORIGIN = 'http://legacy.test';

export const sessionData: SessionData = {
  token: 'tok-123',
  apiBase: '/riot-core-services/api',
  user: {
    id: 2,
    username: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'admin@acme.test',
    groupId: 2,
    groupName: 'Acme Logistics',
    tenantName: 'Acme Logistics',
    isRoot: false,
  },
  permissions: ['zone:*', 'things:x'],
  language: 'es',
  timeZone: 'Europe/Madrid',
  dateFormat: 'DD/MM/YYYY',
  calendarFormat: '24h',
  groupFields: { vizixVocabularyLabelThings: '{"en":"Assets"}' },
};

export function createLinkedEndpoints(
  options: { timeoutMs?: number; readyRetryMs?: number; path?: string } = {},
) {
  const pair = createMemoryTransportPair({ hostOrigin: HOST_ORIGIN, frameOrigin: FRAME_ORIGIN });
  const hostLogger = { warn: vi.fn() };
  const frameLogger = { warn: vi.fn() };
  const host = createHostEndpoint({
    transport: pair.host,
    peerOrigin: FRAME_ORIGIN,
    logger: hostLogger,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  const makeFrame = () =>
    createFrameEndpoint({
      transport: pair.frame,
      peerOrigin: HOST_ORIGIN,
      logger: frameLogger,
      currentPath: () => options.path ?? '/home/welcome',
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.readyRetryMs === undefined ? {} : { readyRetryMs: options.readyRetryMs }),
    });
  return { pair, host, makeFrame, hostLogger, frameLogger };
}

/** The envelope of an event message, for checking the schemas: add `action` and `payload`. */
export const eventEnvelope = {
  protocol: BRIDGE_PROTOCOL,
  version: BRIDGE_VERSION,
  id: 'm-1',
  kind: 'event',
} as const;

/**
 * A host endpoint and a window for the frame kit (`connect({ window })`) showing `hash`, linked in
 * memory; `sent(action)` lists the messages of that action the frame sent, in order.
 */
export function createFrameKitSetup(hash: string) {
  const pair = createMemoryTransportPair({ hostOrigin: HOST_ORIGIN, frameOrigin: FRAME_ORIGIN });
  const parent = Object.assign(pair.hostWindow, {
    postMessage: (data: unknown, origin: string) => pair.frame.post(data, origin),
  });
  const stops = new Map<unknown, () => void>();
  const win: FrameKitWindow = {
    parent,
    location: { hash },
    addEventListener: (_type, listener) =>
      stops.set(
        listener,
        pair.frame.listen((event) => listener(event as MessageEvent)),
      ),
    removeEventListener: (_type, listener) => stops.get(listener)?.(),
  };
  const host = createHostEndpoint({
    transport: pair.host,
    peerOrigin: FRAME_ORIGIN,
    logger: { warn: vi.fn() },
  });
  const sent = (action: string) =>
    pair.log
      .filter((entry) => entry.from === 'frame' && (entry.data as BridgeMessage).action === action)
      .map((entry) => entry.data as BridgeMessage);
  return { pair, host, win, sent };
}

// Shared fixtures for the bridge tests (not part of the public API).
import { vi } from 'vitest';
import { createFrameEndpoint } from './frame-endpoint.ts';
import { createHostEndpoint } from './host-endpoint.ts';
import { createMemoryTransportPair } from './memory-transport.ts';
import type { SessionData } from './protocol.ts';

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

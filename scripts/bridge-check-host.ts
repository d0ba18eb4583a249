/// <reference lib="dom" />
// The test host of `npm run bridge:check` (scripts/bridge-check.ts), bundled with @portico/bridge
// into the one script of the host page it serves on the origin the legacy page expects. It frames
// the page under a real host endpoint and records everything the page says.
import { createHostEndpoint, createWindowTransport } from '@portico/bridge';
import type { HostEndpoint } from '@portico/bridge';

export interface HostRecord {
  readies: { path: string | null; instanceId: string; reloaded: boolean }[];
  warnings: string[];
  /** Every message the framed page posted to this window (trusted or not). */
  raw: { data: unknown; origin: string }[];
  requests: string[];
}

const USER = {
  id: 1,
  username: 'bridge-check',
  firstName: 'Bridge',
  lastName: 'Check',
  email: '',
  groupId: 1,
  groupName: 'Check',
  tenantName: 'Check',
  isRoot: false,
};
const record: HostRecord = { readies: [], warnings: [], raw: [], requests: [] };
let host: HostEndpoint | null = null;
let iframe: HTMLIFrameElement | null = null;

function start(url: string, frameOrigin: string): void {
  const frame = document.createElement('iframe');
  iframe = frame;
  frame.title = 'Legacy interface';
  frame.style.width = '1200px';
  frame.style.height = '800px';
  window.addEventListener('message', (event) => {
    if (event.source === frame.contentWindow)
      record.raw.push({ data: event.data as unknown, origin: event.origin });
  });
  const endpoint = createHostEndpoint({
    transport: createWindowTransport(window, () => frame.contentWindow),
    peerOrigin: frameOrigin,
    timeoutMs: 10_000,
    logger: { warn: (message) => record.warnings.push(message) },
  });
  host = endpoint;
  endpoint.onReady((info) => record.readies.push(info));
  endpoint.handle('fetchSessionData', () => {
    record.requests.push('fetchSessionData');
    return {
      token: 'bridge-check-token',
      apiBase: '/riot-core-services/api',
      user: USER,
      permissions: [],
      language: 'en',
      timeZone: 'UTC',
      dateFormat: 'YYYY-MM-DD',
      calendarFormat: '24h',
      groupFields: {},
    };
  });
  endpoint.handle('fetchUserInfo', () => {
    record.requests.push('fetchUserInfo');
    return USER;
  });
  frame.src = url;
  document.body.append(frame);
}

async function navigate(
  path: string,
  timeoutMs?: number,
): Promise<{ ok: true; path: string; ms: number } | { ok: false; error: string }> {
  if (!host) return { ok: false, error: 'not started' };
  const started = performance.now();
  try {
    const reply = await host.navigate(path, timeoutMs ? { timeoutMs } : {});
    return { ok: true, path: reply.path, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const e = error as { code?: string; remoteCode?: string; message?: string };
    return {
      ok: false,
      error: `${e.code ?? 'ERROR'}${e.remoteCode ? ` ${e.remoteCode}` : ''}: ${e.message ?? String(error)}`,
    };
  }
}

/** Off-protocol requests from the parent itself (right origin, right window); returns their ids. */
function forgeFromParent(frameOrigin: string, stamp: number): string[] {
  const target = iframe?.contentWindow;
  if (!target) return [];
  const base = { protocol: 'portico-bridge', kind: 'request', action: 'router' };
  const bad = [
    { ...base, version: 1, id: `check-bad-payload-${stamp}`, payload: { path: 42 } },
    { ...base, version: 2, id: `check-bad-version-${stamp}`, payload: { path: '/' } },
    { ...base, version: 1, kind: 'command', id: `check-bad-kind-${stamp}`, payload: { path: '/' } },
  ];
  for (const message of bad) target.postMessage(message, frameOrigin);
  // a sibling frame: the right origin, but not the page's parent window (bridge-check.ts posts from it)
  const sibling = document.createElement('iframe');
  sibling.name = 'bridge-check-sibling';
  document.body.append(sibling);
  return bad.map((message) => message.id);
}

Object.assign(window, { __bridgeCheck: { record, start, navigate, forgeFromParent } });

// clientId header (spec §7): a browser fingerprint hash. FingerprintJS (MIT, v5) is loaded on the
// first request only, so it is not part of the sign-in page's initial bundle. The hash is a
// property of the browser, so it is kept in local storage (a device key: logout keeps it) with the
// user agent it was taken under: a later page load, such as a cold deep link, sends its first
// request at once instead of waiting some hundreds of milliseconds for the fingerprint (a browser
// update takes it again).
import { DEVICE_PREFERENCE_KEYS } from '@portico/core';
import { getLocal, setLocal } from './browser-storage.ts';

let pending: Promise<string | undefined> | null = null;

interface StoredClientId {
  userAgent: string;
  visitorId: string;
}

/** The hash kept for this browser, when it was taken under the same user agent. */
export function readStoredClientId(): string | undefined {
  try {
    const stored = JSON.parse(
      getLocal(DEVICE_PREFERENCE_KEYS.clientId) ?? 'null',
    ) as Partial<StoredClientId> | null;
    return stored?.userAgent === navigator.userAgent &&
      typeof stored.visitorId === 'string' &&
      /^[\w-]{1,128}$/.test(stored.visitorId)
      ? stored.visitorId
      : undefined;
  } catch {
    return undefined;
  }
}

function keep(visitorId: string): string {
  const stored: StoredClientId = { userAgent: navigator.userAgent, visitorId };
  setLocal(DEVICE_PREFERENCE_KEYS.clientId, JSON.stringify(stored));
  return visitorId;
}

export function getClientId(): Promise<string | undefined> {
  if (pending) return pending;
  const stored = readStoredClientId();
  pending = stored
    ? Promise.resolve(stored)
    : import('@fingerprintjs/fingerprintjs')
        .then((module) => module.load({ monitoring: false }))
        .then((agent) => agent.get())
        .then((result) => keep(result.visitorId))
        .catch(() => undefined); // a blocked or failing fingerprint never blocks a request
  return pending;
}

/** Tests: forget the hash this page computed or read. */
export function resetClientIdForTests(): void {
  pending = null;
}

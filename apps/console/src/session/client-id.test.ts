import { DEVICE_PREFERENCE_KEYS } from '@portico/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fingerprint = vi.hoisted(() => ({ get: vi.fn(), calls: 0 }));
vi.mock('@fingerprintjs/fingerprintjs', () => ({
  load: () => {
    fingerprint.calls += 1;
    return Promise.resolve({ get: fingerprint.get });
  },
}));

// test/setup.ts stands in for this module everywhere else: here the real one is under test
vi.unmock('./client-id.ts');
const { getClientId, readStoredClientId, resetClientIdForTests } = await import('./client-id.ts');

const KEY = DEVICE_PREFERENCE_KEYS.clientId;

describe('clientId (a browser fingerprint hash, kept for the device)', () => {
  beforeEach(() => {
    localStorage.clear();
    resetClientIdForTests();
    fingerprint.calls = 0;
    fingerprint.get.mockResolvedValue({ visitorId: 'abc123' });
  });
  afterEach(() => vi.restoreAllMocks());

  it('takes the fingerprint once and keeps it with the user agent', async () => {
    await expect(getClientId()).resolves.toBe('abc123');
    await expect(getClientId()).resolves.toBe('abc123');
    expect(fingerprint.calls).toBe(1);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({
      userAgent: navigator.userAgent,
      visitorId: 'abc123',
    });
  });

  it('a later page load sends the kept hash without taking the fingerprint again', async () => {
    await getClientId();
    resetClientIdForTests(); // a new page
    fingerprint.get.mockResolvedValue({ visitorId: 'other' });
    await expect(getClientId()).resolves.toBe('abc123');
    expect(fingerprint.calls).toBe(1);
  });

  it.each([
    ['another user agent (a browser update)', { userAgent: 'Other/1.0', visitorId: 'old' }],
    ['no hash', { userAgent: navigator.userAgent }],
    ['a hash that is not one', { userAgent: navigator.userAgent, visitorId: 'a b<script>' }],
    ['not JSON', '{'],
  ])('%s: the fingerprint is taken again', async (_case, stored) => {
    localStorage.setItem(KEY, typeof stored === 'string' ? stored : JSON.stringify(stored));
    expect(readStoredClientId()).toBeUndefined();
    await expect(getClientId()).resolves.toBe('abc123');
    expect(fingerprint.calls).toBe(1);
  });

  it('a failing fingerprint never blocks a request and keeps nothing', async () => {
    fingerprint.get.mockRejectedValue(new Error('blocked'));
    await expect(getClientId()).resolves.toBeUndefined();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

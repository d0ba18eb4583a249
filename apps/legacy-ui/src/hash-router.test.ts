// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHashRouter } from './hash-router.ts';

describe('createHashRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '#/'));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('go shows the page and writes the hash at once, without a history entry', () => {
    const router = createHashRouter(window);
    const seen: string[] = [];
    router.subscribe(() => seen.push(router.current()));
    const length = window.history.length;
    router.go('/things/thing');
    expect(router.current()).toBe('/things/thing');
    expect(window.location.hash).toBe('#/things/thing');
    expect(seen).toEqual(['/things/thing']);
    expect(window.history.length).toBe(length);
    router.go('/things/thing');
    expect(seen).toEqual(['/things/thing']); // the same route again notifies nobody
  });

  it('writeHashLater: the page changes now, the hash once the thread is idle (or within 500 ms)', () => {
    const idle: Array<() => void> = [];
    const requestIdleCallback = vi.fn((callback: () => void, options?: { timeout: number }) => {
      expect(options?.timeout).toBe(500);
      idle.push(callback);
      return idle.length;
    });
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const router = createHashRouter(window);
    const seen: string[] = [];
    router.subscribe(() => seen.push(router.current()));

    router.go('/things/thing', { writeHashLater: true });
    router.go('/things/thingType', { writeHashLater: true });
    expect(seen).toEqual(['/things/thing', '/things/thingType']);
    expect(window.location.hash).toBe('#/');
    expect(requestIdleCallback).toHaveBeenCalledTimes(1); // one pending write, for the latest route

    idle[0]!();
    expect(window.location.hash).toBe('#/things/thingType');
  });

  it('a write now cancels the pending late one; without requestIdleCallback a timer writes it', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const router = createHashRouter(window);
    router.go('/model/zone', { writeHashLater: true });
    expect(window.location.hash).toBe('#/');
    router.go('/model/group');
    expect(window.location.hash).toBe('#/model/group');
    vi.runAllTimers();
    expect(window.location.hash).toBe('#/model/group');

    router.go('/model/zone', { writeHashLater: true });
    expect(window.location.hash).toBe('#/model/group');
    vi.runAllTimers();
    expect(window.location.hash).toBe('#/model/zone');
  });

  it('a hash changed by hand while a write is pending wins', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const router = createHashRouter(window);
    router.go('/model/zone', { writeHashLater: true });
    window.location.hash = '#/model/group';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(router.current()).toBe('/model/group');
    vi.runAllTimers();
    expect(window.location.hash).toBe('#/model/group');
  });
});

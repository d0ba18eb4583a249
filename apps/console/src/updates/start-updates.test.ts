import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, reloadOnStaleChunk } from './start-updates.ts';
import { busyReasons, isBusy, markBusy } from './busy-registry.ts';
import { clearBrowserCaches } from './clear-caches.ts';

describe('stale lazy chunk after a deploy: one reload, never a loop', () => {
  const stale = new TypeError(
    'Failed to fetch dynamically imported module: http://x/assets/shell-layout-old.js',
  );

  it('reloads once, then not again within the window', () => {
    const reload = vi.fn();
    expect(reloadOnStaleChunk(stale, reload, 1_000_000)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadOnStaleChunk(stale, reload, 1_001_000)).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
    expect(reloadOnStaleChunk(stale, reload, 1_000_000 + 60_000)).toBe(true);
  });

  it('other errors never reload', () => {
    const reload = vi.fn();
    expect(reloadOnStaleChunk(new Error('boom'), reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('busy registry (what a reload would lose)', () => {
  it('is busy while any holder is marked, releases are idempotent', () => {
    expect(isBusy()).toBe(false);
    const releaseDialog = markBusy('settings dialog');
    const releaseForm = markBusy('unsaved form');
    expect(busyReasons()).toEqual(['settings dialog', 'unsaved form']);
    releaseDialog();
    releaseDialog();
    expect(isBusy()).toBe(true);
    releaseForm();
    expect(isBusy()).toBe(false);
  });
});

describe('spec §4 "Startup: every browser cache is deleted" (the worker\'s precache kept)', () => {
  it('deletes every other cache', async () => {
    const names = ['portico-precache-0badf00d', 'workbox-runtime', 'old-api-cache'];
    const deleted: string[] = [];
    const storage = {
      keys: async () => names,
      delete: async (name: string) => Boolean(deleted.push(name)),
    } as unknown as CacheStorage;
    expect(await clearBrowserCaches(storage)).toEqual(['workbox-runtime', 'old-api-cache']);
    expect(deleted).toEqual(['workbox-runtime', 'old-api-cache']);
    expect(await clearBrowserCaches(undefined)).toEqual([]);
  });
});

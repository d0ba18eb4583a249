// Spec §4 "Startup: every browser cache is deleted". Decision: the service worker's own precaches
// (portico-precache-*) are kept. They are what lets the shell start with the network off after the
// first visit, the worker replaces them itself when a new version activates, and deleting
// them under a running worker would leave it unable to serve the files it promised (the
// "unrecoverable state" of §8). Everything else (runtime caches, caches of older code) goes.
import { cachesToDeleteAtStartup } from '@portico/core';

export async function clearBrowserCaches(
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<string[]> {
  if (!storage) return [];
  const doomed = cachesToDeleteAtStartup(await storage.keys());
  await Promise.all(doomed.map((name) => storage.delete(name)));
  return doomed;
}

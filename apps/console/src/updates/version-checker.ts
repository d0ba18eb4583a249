// Spec §4 "App version reload": on each navigation end, a conditional GET of index.html; a new
// ETag is stored, announced to the other tabs (BroadcastChannel 'portico-version') and the page
// reloads at the next safe moment. All decisions are core's (decideVersionCheck).
import {
  STORAGE_KEYS,
  UPDATE_CHECK_FAILED_MESSAGE,
  VERSION_CHANNEL_NAME,
  createVersionSignal,
  decideVersionCheck,
  parseVersionSignal,
  shouldReloadOnSignal,
  type VersionCheckDecision,
} from '@portico/core';
import type { ReloadScheduler } from './reload-scheduler.ts';
import { browserLocalStorage } from '../session/browser-storage.ts';

export interface VersionCheckerDeps {
  scheduler: ReloadScheduler;
  /** The index.html URL (resolved against the document base). */
  url: string;
  fetch?: typeof fetch;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** A channel to the other tabs; `null` where BroadcastChannel is missing. */
  channel?: Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'close'> | null;
  logger?: Pick<Console, 'error' | 'info'>;
  /** Told the version this tab runs (shown as `data-portico-version` on <html>). */
  onRunning?(version: string | null): void;
}

export interface VersionChecker {
  check(): Promise<VersionCheckDecision>;
  readonly running: string | null;
  close(): void;
}

export function createVersionChecker(deps: VersionCheckerDeps): VersionChecker {
  const fetchImpl = deps.fetch ?? ((input, init) => fetch(input, init));
  const storage = deps.storage ?? browserLocalStorage();
  const logger = deps.logger ?? console;
  const channel =
    deps.channel === undefined
      ? typeof BroadcastChannel === 'undefined'
        ? null
        : new BroadcastChannel(VERSION_CHANNEL_NAME)
      : deps.channel;
  let running: string | null = null;
  let inFlight: Promise<VersionCheckDecision> | null = null;

  const read = (key: string) => {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null) => {
    try {
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, value);
    } catch {
      // storage disabled: the next check simply is a first check again
    }
  };

  channel?.addEventListener('message', (event: Event) => {
    const announced = parseVersionSignal((event as MessageEvent).data);
    if (shouldReloadOnSignal(announced, running))
      deps.scheduler.request('new version announced by another tab');
  });

  async function run(): Promise<VersionCheckDecision> {
    const storedEtag = read(STORAGE_KEYS.lastEtag);
    const storedLastModified = read(STORAGE_KEYS.lastModified);
    const headers: Record<string, string> = {};
    if (storedEtag) headers['If-None-Match'] = storedEtag;
    if (storedLastModified) headers['If-Modified-Since'] = storedLastModified;
    let status = 0;
    let etag: string | null = null;
    let lastModified: string | null = null;
    let failure: unknown = null;
    try {
      const response = await fetchImpl(deps.url, {
        cache: 'no-cache',
        headers,
        credentials: 'same-origin',
      });
      status = response.status;
      etag = response.headers.get('ETag');
      lastModified = response.headers.get('Last-Modified');
      // only the headers matter: do not download a changed page
      if (status !== 304) void response.body?.cancel().catch(() => undefined);
      if (status !== 304 && !response.ok) failure = new Error(`HTTP ${status}`);
    } catch (error) {
      failure = error;
    }
    const decision = decideVersionCheck({
      status,
      etag,
      lastModified,
      storedEtag,
      storedLastModified,
      running,
    });
    if (decision.outcome === 'failed') logger.error(UPDATE_CHECK_FAILED_MESSAGE, failure);
    if (decision.store) {
      write(STORAGE_KEYS.lastEtag, decision.store.etag);
      write(STORAGE_KEYS.lastModified, decision.store.lastModified);
    }
    if (decision.running !== running) {
      running = decision.running;
      deps.onRunning?.(running);
    }
    if (decision.reload) {
      const announced =
        decision.store?.etag ?? decision.store?.lastModified ?? storedEtag ?? storedLastModified;
      if (announced) channel?.postMessage(createVersionSignal(announced));
      logger.info(
        `A new version of the console is available (${announced ?? 'unknown'}): reloading at the next safe moment.`,
      );
      deps.scheduler.request('new version');
    }
    return decision;
  }

  return {
    check() {
      // navigations in quick succession share one request
      inFlight ??= run().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    get running() {
      return running;
    },
    close() {
      channel?.close();
    },
  };
}

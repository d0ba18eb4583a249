// One place decides when the page reloads for a new version (version check, cross-tab signal,
// service worker): at a safe moment (no frame modal, nothing busy), at most once per 10 s per tab.
// LAST_REFRESH lives in session storage: the throttle exists to stop a reload loop, and a loop is
// per tab (a reload keeps session storage); one tab's reload must not hold back the others.
import { STORAGE_KEYS, decideReload, parseTimestamp } from '@portico/core';
import { browserSessionStorage } from '../session/browser-storage.ts';

export interface ReloadSchedulerDeps {
  /** False while a frame modal, a dialog or an unsaved form is open. */
  isSafe(): boolean;
  reload(): void;
  now?: () => number;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  setTimer?: (callback: () => void, ms: number) => unknown;
}

export interface ReloadScheduler {
  /**
   * Asks for a reload; `prepare` runs right before it (the service worker activates its new version
   * there). A later request replaces an earlier pending one's `prepare` only when it has one.
   */
  request(reason: string, prepare?: () => Promise<void>): void;
  /** Re-evaluates a pending reload (after each navigation end). */
  attempt(): void;
  /** Whether a reload is waiting for a safe moment. */
  readonly pending: boolean;
}

export function createReloadScheduler(deps: ReloadSchedulerDeps): ReloadScheduler {
  const now = deps.now ?? Date.now;
  const storage = deps.storage ?? browserSessionStorage();
  const setTimer =
    deps.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  let pending: { reason: string; prepare?: () => Promise<void> } | null = null;
  let timer = false;
  let reloading = false;

  const lastRefresh = () => {
    try {
      return parseTimestamp(storage.getItem(STORAGE_KEYS.lastRefresh));
    } catch {
      return null;
    }
  };

  function attempt(): void {
    if (!pending || reloading) return;
    const decision = decideReload({ now: now(), lastRefresh: lastRefresh(), safe: deps.isSafe() });
    if (decision.action === 'defer') return;
    if (decision.action === 'wait') {
      if (!timer) {
        timer = true;
        setTimer(() => {
          timer = false;
          attempt();
        }, decision.retryInMs);
      }
      return;
    }
    reloading = true;
    const { prepare } = pending;
    try {
      storage.setItem(STORAGE_KEYS.lastRefresh, String(now()));
    } catch {
      // storage disabled: the reload still happens, unthrottled
    }
    void (prepare ? prepare().catch(() => undefined) : Promise.resolve()).then(() => deps.reload());
  }

  return {
    request(reason, prepare) {
      pending = { reason, prepare: prepare ?? pending?.prepare };
      attempt();
    },
    attempt,
    get pending() {
      return pending !== null && !reloading;
    },
  };
}

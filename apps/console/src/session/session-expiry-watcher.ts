// The session's end as the console sees it: the tenant's `sessionTimeout` group field after the
// token's last use (SESSION_TIMESTAMP, written on every request of any tab of this browser, and by
// each extension). Every second it works out the phase with core's rules: ACTIVE, WARNING (the shell
// shows its dialog with a countdown), EXPIRED (the console ends the session itself, as after a 401:
// the services would refuse the token anyway). Activity extends the session with the platform's
// `{ token }` login, without a dialog and throttled (core's decideActivityExtension); "Stay signed in"
// extends it at once.
import {
  STORAGE_KEYS,
  decideActivityExtension,
  sessionExpiryPhase,
  sessionTimeoutMs,
} from '@portico/core';
import type { AppStore } from '../store/store.ts';
import { getLocal } from './browser-storage.ts';

/** What the shell shows: nothing (no session, or not near its end), or the warning. */
export type ExpirySnapshot =
  | { phase: 'OFF' }
  | { phase: 'ACTIVE'; endsAt: number }
  | { phase: 'WARNING'; endsAt: number; remainingMs: number };

export interface SessionExpiryDeps {
  store: AppStore;
  /** The token of the signed-in session, or undefined. */
  token(): string | undefined;
  /** The `{ token }` login; resolves when the services extended the session. */
  extend(token: string): Promise<unknown>;
  /** The time is up: the session ends as expired (the controller's 401 path, with `token`). */
  expire(token: string): void;
  now?: () => number;
}

const OFF: ExpirySnapshot = { phase: 'OFF' };

export class SessionExpiryWatcher {
  private snapshot: ExpirySnapshot = OFF;
  private readonly listeners = new Set<() => void>();
  private lastExtensionAt: number | null = null;
  private extending: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: SessionExpiryDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** For useSyncExternalStore. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): ExpirySnapshot => this.snapshot;

  private publish(next: ExpirySnapshot): void {
    const previous = this.snapshot;
    const same =
      previous.phase === next.phase &&
      (next.phase === 'OFF' ||
        (previous.phase !== 'OFF' &&
          previous.endsAt === next.endsAt &&
          (next.phase !== 'WARNING' ||
            (previous.phase === 'WARNING' &&
              Math.ceil(previous.remainingMs / 1000) === Math.ceil(next.remainingMs / 1000)))));
    if (same) return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }

  /** The session's figures now, or null when there is no signed-in session. */
  private current(): { token: string; lastUse: number; timeoutMs: number } | null {
    const state = this.deps.store.getState();
    const token = this.deps.token();
    if (state.authn.status !== 'AUTHENTICATED' || !state.session.user || !token) return null;
    const stored = Number(getLocal(STORAGE_KEYS.sessionTimestamp));
    // no request stamped yet (a session restored without a call): it is in use now
    const lastUse = Number.isFinite(stored) && stored > 0 ? stored : this.now();
    return { token, lastUse, timeoutMs: sessionTimeoutMs(state.config.groupFields.sessionTimeout) };
  }

  /** One check (every second): updates the phase, and ends the session when the time is up. */
  tick(): void {
    const session = this.current();
    if (!session) {
      this.publish(OFF);
      return;
    }
    const phase = sessionExpiryPhase({ now: this.now(), ...session });
    if (phase.phase === 'EXPIRED') {
      this.publish(OFF);
      this.deps.expire(session.token);
      return;
    }
    this.publish(
      phase.phase === 'WARNING'
        ? { phase: 'WARNING', endsAt: phase.endsAt, remainingMs: phase.remainingMs }
        : { phase: 'ACTIVE', endsAt: phase.endsAt },
    );
  }

  /** The user did something (in the shell, or the frame said so): extends when core says so. */
  activity(): void {
    const session = this.current();
    if (!session || this.extending) return;
    const decision = decideActivityExtension({
      now: this.now(),
      lastExtensionAt: this.lastExtensionAt,
      ...session,
    });
    if (decision === 'EXTEND') void this.extend(session.token);
  }

  /** "Stay signed in": extends now, whatever the throttle. */
  staySignedIn(): Promise<void> {
    const session = this.current();
    if (!session) return Promise.resolve();
    return this.extend(session.token);
  }

  private extend(token: string): Promise<void> {
    this.lastExtensionAt = this.now();
    // a failure that is a 401 ends the session through the HTTP client's handler; any other (no
    // answer) leaves the phase as it is: the warning stays and "Stay signed in" can be tried again
    this.extending ??= this.deps
      .extend(token)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.extending = null;
        this.tick();
      });
    return this.extending;
  }

  /** Checks every `intervalMs`; returns the stop function. */
  start(intervalMs = 1000): () => void {
    const timer = setInterval(() => this.tick(), intervalMs);
    this.tick();
    return () => clearInterval(timer);
  }
}

// The session watcher (spec §2 "Session watcher"; 1 s interval): each tick compares the stored token
// with the one it saw last and asks core's decideWatcherAction what that means; the session it
// watches does the rest.
import { LOGIN_ROUTE, decideWatcherAction } from '@portico/core';
import type { AuthState } from '@portico/core';

/** What the watcher reads and asks of the session controller. */
export interface WatchedSession {
  /** The machine's state (spec §4). */
  state(): AuthState;
  /** The token in storage now. */
  storedToken(): string | undefined;
  /** The current route path. */
  currentPath(): string;
  /** The stored token the watcher saw last. */
  lastWatchedToken: string | undefined;
  /** No retry of an unanswered authentication before this time. */
  retryAfter: number;
  now(): number;
  navigate(path: string): void;
  rerunGuards(): void;
  /** The stored token belongs to another session now. */
  userChanged(): void;
  logout(): Promise<void>;
}

/** How long the watcher waits before retrying when the services gave no answer at all. */
export const NO_ANSWER_RETRY_MS = 5_000;

export class SessionWatcher {
  constructor(private readonly session: WatchedSession) {}

  /** One watcher tick (spec §2 "Session watcher"; 1 s interval). */
  tick(): void {
    const currentToken = this.session.storedToken();
    const onLoginRoute = this.session.currentPath() === LOGIN_ROUTE;
    const decision = decideWatcherAction({
      previousToken: this.session.lastWatchedToken,
      currentToken,
      authState: this.session.state(),
      onLoginRoute,
    });
    // while busy nothing happens, and a change stays unseen until the next tick
    if (decision.reason === 'BUSY') return;
    switch (decision.action) {
      case 'SHOULD_LOGIN':
        if (decision.navigateTo) {
          this.session.lastWatchedToken = currentToken;
          if (this.session.now() >= this.session.retryAfter)
            this.session.navigate(decision.navigateTo);
        } else if (decision.reason === 'NOT_AUTHENTICATED') {
          this.session.lastWatchedToken = currentToken;
          if (this.session.now() >= this.session.retryAfter) {
            this.session.retryAfter = this.session.now() + NO_ANSWER_RETRY_MS;
            this.session.rerunGuards();
          }
        } else {
          this.session.userChanged();
        }
        break;
      case 'SHOULD_LOGOUT':
        this.session.lastWatchedToken = currentToken;
        void this.session
          .logout()
          .then(() => this.session.navigate(decision.navigateTo ?? LOGIN_ROUTE));
        break;
      default:
        this.session.lastWatchedToken = currentToken;
        break;
    }
  }

  start(intervalMs = 1000): () => void {
    const timer = setInterval(() => this.tick(), intervalMs);
    return () => clearInterval(timer);
  }
}

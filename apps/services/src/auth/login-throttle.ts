// Failed-login throttling per username and per client address (in memory: a restart forgets).
const WINDOW_MS = 15 * 60_000;

export interface ThrottleLimits {
  perUsername: number;
  perAddress: number;
}

export class LoginThrottle {
  private failures = new Map<string, number[]>();

  constructor(private readonly limits: ThrottleLimits = { perUsername: 5, perAddress: 20 }) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((at) => now - at < WINDOW_MS);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** Seconds to wait when `username` or `address` is over its limit, else 0. */
  retryAfter(username: string, address: string, now = Date.now()): number {
    let wait = 0;
    for (const [key, limit] of [
      [`u:${username.toLowerCase()}`, this.limits.perUsername],
      [`a:${address}`, this.limits.perAddress],
    ] as const) {
      const list = this.recent(key, now);
      if (list.length >= limit) {
        const oldest = list[list.length - limit] ?? now;
        wait = Math.max(wait, Math.ceil((oldest + WINDOW_MS - now) / 1000));
      }
    }
    return wait;
  }

  fail(username: string, address: string, now = Date.now()): void {
    if (this.failures.size > 100_000) this.failures.clear();
    for (const key of [`u:${username.toLowerCase()}`, `a:${address}`]) {
      const list = this.recent(key, now);
      list.push(now);
      this.failures.set(key, list);
    }
  }

  succeed(username: string, address: string): void {
    this.failures.delete(`u:${username.toLowerCase()}`);
    this.failures.delete(`a:${address}`);
  }
}

// The bounds of analytics capture, apart from its routes: the services' context holds them (tests
// lower them) and the capture routes read them.

/** Limits of capture, per process (the rate windows) and per database (the stored caps). */
export interface AnalyticsLimits {
  perAddressPerMinute: number;
  perClientIdPerMinute: number;
  /** Events without a session kept at most (the oldest go first). */
  maxAnonymousEvents: number;
  /** Events of one group kept at most. */
  maxEventsPerGroup: number;
  /** Bounds of one event's `properties` and `$set` together. */
  maxDepth: number;
  maxValues: number;
  maxBytes: number;
}

export const DEFAULT_ANALYTICS_LIMITS: AnalyticsLimits = {
  perAddressPerMinute: 120,
  perClientIdPerMinute: 30,
  maxAnonymousEvents: 10_000,
  maxEventsPerGroup: 100_000,
  maxDepth: 10,
  maxValues: 1000,
  maxBytes: 32 * 1024,
};

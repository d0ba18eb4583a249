// Data retention: what kinds of data a tenant may keep for a limited time, and the limits a maximum
// age must respect. The services purge by these rules; the Services → Data retention page edits them.

export const RETENTION_KINDS = ['auditEntries', 'analyticsEvents', 'webhookDeliveries'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** The shortest and longest maximum age a kind may be given, in days. */
export const RETENTION_LIMITS: Readonly<
  Record<RetentionKind, { minDays: number; maxDays: number }>
> = {
  // a trail shorter than a month answers no audit question
  auditEntries: { minDays: 30, maxDays: 3650 },
  analyticsEvents: { minDays: 1, maxDays: 3650 },
  webhookDeliveries: { minDays: 1, maxDays: 3650 },
};

export function isRetentionKind(value: string): value is RetentionKind {
  return (RETENTION_KINDS as readonly string[]).includes(value);
}

/**
 * Why `maxAgeDays` cannot be the maximum age of `kind`, or null when it can (null itself: keep
 * forever).
 */
export function retentionProblem(kind: RetentionKind, maxAgeDays: unknown): string | null {
  if (maxAgeDays === null) return null;
  const { minDays, maxDays } = RETENTION_LIMITS[kind];
  if (typeof maxAgeDays !== 'number' || !Number.isInteger(maxAgeDays))
    return 'must be a whole number of days, or null to keep forever';
  if (maxAgeDays < minDays) return `must be at least ${minDays} days`;
  if (maxAgeDays > maxDays) return `must be at most ${maxDays} days`;
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant before which data of a kind kept `maxAgeDays` is purged. */
export function retentionCutoff(now: number, maxAgeDays: number): number {
  return now - maxAgeDays * DAY_MS;
}

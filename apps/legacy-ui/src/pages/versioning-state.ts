// The versioning page's plain rules: a snapshot's one-line summary of counts, a restore plan's
// totals, and which kinds of a comparison have anything to show.
import type { KindDiff, RestorePlan } from '@portico/core';

/** The kinds of a comparison that differ, in order. */
export function kindsWithChanges(diff: readonly KindDiff[]): KindDiff[] {
  return diff.filter((d) => d.added.length + d.removed.length + d.changed.length > 0);
}

/** How many records a restore updates, re-creates and keeps, over every kind. */
export function planTotals(plan: readonly RestorePlan[]): {
  update: number;
  recreate: number;
  keep: number;
} {
  return plan.reduce(
    (sum, step) => ({
      update: sum.update + step.update.length,
      recreate: sum.recreate + step.recreate.length,
      keep: sum.keep + step.keep.length,
    }),
    { update: 0, recreate: 0, keep: 0 },
  );
}

/** A kept value as a person reads it: nothing shows as an empty marker. */
export function shownValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

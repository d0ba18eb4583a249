// Caches derived from one table's rows (list totals, display names of references), one bounded
// cache per table, emptied by the cache bus's `table` events for that table (context.ts).
import { BoundedCache } from './bounded-cache.ts';
import type { BoundedCacheOptions } from './bounded-cache.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as BoundedCache
export class TableCaches<K extends {}, V extends {}> {
  private readonly byTable = new Map<string, BoundedCache<K, V>>();

  constructor(private readonly options: BoundedCacheOptions) {}

  /** The cache of `table` (created on first use). */
  of(table: string): BoundedCache<K, V> {
    let cache = this.byTable.get(table);
    if (!cache) {
      cache = new BoundedCache<K, V>(this.options);
      this.byTable.set(table, cache);
    }
    return cache;
  }

  /** Rows of `table` changed. */
  invalidate(table: string): void {
    this.byTable.get(table)?.clear();
  }

  /** Events may have been missed: every table may have changed. */
  invalidateAll(): void {
    for (const cache of this.byTable.values()) cache.clear();
  }
}

// Caches derived from one table's rows (list totals, display names of references), one bounded
// cache per table, emptied by the cache bus's `table` events for that table (context.ts).
import { BoundedCache } from './bounded-cache.ts';
import type { BoundedCacheOptions, Present } from './bounded-cache.ts';
export class TableCaches<K extends Present, V extends Present> {
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

/** Every family of table caches of one process, so one bus event reaches them all. */
export class TableCacheRegistry {
  private readonly families = new Map<string, TableCaches<Present, Present>>();

  /** The family named `options.name` (created on first use; later options are ignored). */
  family<K extends Present, V extends Present>(options: BoundedCacheOptions): TableCaches<K, V> {
    let family = this.families.get(options.name);
    if (!family) {
      family = new TableCaches<K, V>(options) as unknown as TableCaches<Present, Present>;
      this.families.set(options.name, family);
    }
    return family as unknown as TableCaches<K, V>;
  }

  /** Rows of `table` changed. */
  invalidate(table: string): void {
    for (const family of this.families.values()) family.invalidate(table);
  }

  /** Events may have been missed: every table may have changed. */
  invalidateAll(): void {
    for (const family of this.families.values()) family.invalidateAll();
  }
}

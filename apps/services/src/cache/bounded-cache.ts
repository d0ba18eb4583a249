// The one shape of every in-memory cache of the services (DESIGN §3: lru-cache): a size bound, an
// optional time to live, and emptying by event. A cache is emptied when the cache bus says its
// source changed (context.ts); the epoch keeps a value read while that happened from being stored
// (it was read before the change and would be stale until its time to live).
import { LRUCache } from 'lru-cache';

/** What lru-cache accepts as a key or value: anything but null and undefined. */
export type Present = NonNullable<unknown>;

export interface BoundedCacheOptions {
  /** The cache's label in the hit/miss metric. */
  readonly name: string;
  /** The most entries kept; the least recently used goes first. */
  readonly max: number;
  /** How long an entry is served after it was stored (ms); absent: until evicted or emptied. */
  readonly ttlMs?: number;
  /** Told of each `get` (metrics: hit ratios); absent: lookups are not counted. */
  readonly onLookup?: (cache: string, hit: boolean) => void;
  /** The clock of the time to live (default: `performance`). */
  readonly clock?: { now(): number };
}
export class BoundedCache<K extends Present, V extends Present> {
  readonly name: string;
  private readonly entries: LRUCache<K, V>;
  private readonly onLookup: BoundedCacheOptions['onLookup'];
  private currentEpoch = 0;

  constructor(options: BoundedCacheOptions) {
    this.name = options.name;
    this.onLookup = options.onLookup;
    this.entries = new LRUCache<K, V>({
      max: options.max,
      ...(options.ttlMs === undefined ? {} : { ttl: options.ttlMs }),
      // a given clock is read at every check (lru-cache otherwise reuses a reading for 1 ms)
      ...(options.clock === undefined ? {} : { perf: options.clock, ttlResolution: 0 }),
    });
  }

  /** Changes each time the cache is emptied: pass the value read before a load to {@link set}. */
  get epoch(): number {
    return this.currentEpoch;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The live entry of `key` (an expired one is dropped), counted as a hit or a miss. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    this.onLookup?.(this.name, value !== undefined);
    return value;
  }

  /**
   * The live entry of `key` when there is one, counted as a hit; a miss is not counted, for a
   * caller that then asks {@link get} (which counts it) on its slower path.
   */
  getIfCached(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) this.onLookup?.(this.name, true);
    return value;
  }

  /** Stores `value`, unless the cache was emptied since `epoch` (the value may predate that change). */
  set(key: K, value: V, epoch: number = this.currentEpoch): void {
    if (epoch === this.currentEpoch) this.entries.set(key, value);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops the entries whose value matches (e.g. every session of one user). */
  deleteWhere(matches: (value: V, key: K) => boolean): void {
    for (const [key, value] of this.entries.entries())
      if (matches(value, key)) this.entries.delete(key);
  }

  /** Drops every entry, and any value being loaded meanwhile. */
  clear(): void {
    this.currentEpoch += 1;
    this.entries.clear();
  }
}

import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';
import { TableCacheRegistry } from './table-caches.ts';

describe('BoundedCache', () => {
  it('keeps at most `max` entries, dropping the least recently used', () => {
    const cache = new BoundedCache<number, string>({ name: 'test', max: 2 });
    cache.set(1, 'one');
    cache.set(2, 'two');
    expect(cache.get(1)).toBe('one'); // 2 is now the least recently used
    cache.set(3, 'three');
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual(['one', undefined, 'three']);
    expect(cache.size).toBe(2);
  });

  it('does not keep a value loaded before the cache was emptied (a bus event during the read)', () => {
    const cache = new BoundedCache<string, string>({ name: 'test', max: 10 });
    const epoch = cache.epoch;
    cache.clear();
    cache.set('key', 'stale', epoch);
    expect(cache.get('key')).toBeUndefined();
    cache.set('key', 'fresh', cache.epoch);
    expect(cache.get('key')).toBe('fresh');
  });

  it('expires entries after their time to live', () => {
    let now = 1_000;
    const cache = new BoundedCache<string, string>({
      name: 'test',
      max: 10,
      ttlMs: 5_000,
      clock: { now: () => now },
    });
    cache.set('key', 'value');
    now += 4_000;
    expect(cache.get('key')).toBe('value');
    now += 1_500;
    expect(cache.get('key')).toBeUndefined();
  });

  it('reports each lookup as a hit or a miss under its name', () => {
    const lookups: string[] = [];
    const cache = new BoundedCache<string, string>({
      name: 'names',
      max: 10,
      onLookup: (name, hit) => lookups.push(`${name}:${hit ? 'hit' : 'miss'}`),
    });
    cache.get('key');
    cache.set('key', 'value');
    cache.get('key');
    expect(lookups).toEqual(['names:miss', 'names:hit']);
  });

  it('drops the entries that match', () => {
    const cache = new BoundedCache<string, { userId: number }>({ name: 'sessions', max: 10 });
    cache.set('a', { userId: 1 });
    cache.set('b', { userId: 2 });
    cache.set('c', { userId: 1 });
    cache.deleteWhere((session) => session.userId === 1);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([
      undefined,
      { userId: 2 },
      undefined,
    ]);
  });
});

describe('TableCacheRegistry', () => {
  it('empties one table in every family, or every table after a reset', () => {
    const registry = new TableCacheRegistry();
    const totals = registry.family<string, number>({ name: 'totals', max: 10 });
    const names = registry.family<number, string>({ name: 'names', max: 10 });
    expect(registry.family({ name: 'totals', max: 1 })).toBe(totals);
    totals.of('things').set('all', 3);
    totals.of('zones').set('all', 4);
    names.of('things').set(1, 'pallet');
    registry.invalidate('things');
    expect([
      totals.of('things').get('all'),
      names.of('things').get(1),
      totals.of('zones').get('all'),
    ]).toEqual([undefined, undefined, 4]);
    registry.invalidateAll();
    expect(totals.of('zones').get('all')).toBeUndefined();
  });
});

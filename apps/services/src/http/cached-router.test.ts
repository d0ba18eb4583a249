import { describe, expect, it } from 'vitest';
import { CachedRouter } from './cached-router.ts';

const handlers = (result: ReturnType<CachedRouter<string>['match']>) =>
  result[0].map(([handler]) => handler);

describe('CachedRouter', () => {
  it('matches static and parameter segments at one position, in registration order', () => {
    const router = new CachedRouter<string>();
    router.add('ALL', '*', 'every request');
    router.add('GET', '/user/whoami', 'whoami');
    router.add('GET', '/user/:id', 'user');
    for (let i = 0; i < 2; i += 1) {
      expect(handlers(router.match('GET', '/user/whoami'))).toEqual([
        'every request',
        'whoami',
        'user',
      ]);
      expect(handlers(router.match('GET', '/user/7'))).toEqual(['every request', 'user']);
      expect(handlers(router.match('POST', '/user/7'))).toEqual(['every request']);
    }
  });

  it('refuses routes once it has matched (a kept match cannot go stale)', () => {
    const router = new CachedRouter<string>();
    router.add('GET', '/a', 'a');
    expect(handlers(router.match('GET', '/b'))).toEqual([]);
    expect(() => router.add('GET', '/b', 'b')).toThrow();
    expect(handlers(router.match('GET', '/b'))).toEqual([]);
  });
});

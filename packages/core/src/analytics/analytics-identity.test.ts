import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as AnalyticsIdentity from './analytics-identity.ts';

describe('spec §3 "The user identifier is username plus the tenant\'s group name. The user data is username and tenant."', () => {
  const acme = { name: 'Acme Logistics', treeLevel: 2 };
  it.each([
    ['tenant administrator (level 2)', { username: 'admin', group: acme }, 'Acme Logistics'],
    [
      'operator below the tenant (level 3)',
      {
        username: 'operator',
        group: { name: 'North DC', treeLevel: 3, parentLevel2: { name: 'Acme Logistics' } },
      },
      'Acme Logistics',
    ],
    [
      'active group wins over group',
      { username: 'op', group: acme, activeGroup: { name: 'Globex', treeLevel: 2 } },
      'Globex',
    ],
    ['root (level 1)', { username: 'root', group: { name: 'Root', treeLevel: 1 } }, 'Root'],
    ['level unknown, no ancestor', { username: 'x', group: { name: 'Solo' } }, 'Solo'],
    [
      'deep group without ancestor',
      { username: 'x', group: { name: 'Deep', treeLevel: 4, parentLevel2: null } },
      'Deep',
    ],
    ['ancestor without a name', { username: 'x', group: { treeLevel: 4, parentLevel2: {} } }, ''],
    ['no group', { username: 'x' }, ''],
  ])('%s', (_case, user, tenant) => {
    expect(AnalyticsIdentity.getTenantGroupName(user)).toBe(tenant);
    expect(AnalyticsIdentity.getAnalyticsUserData(user)).toEqual({
      username: user.username,
      tenant,
    });
    expect(AnalyticsIdentity.getAnalyticsDistinctId(user)).toBe(
      tenant === '' ? user.username : `${user.username}@${tenant}`,
    );
  });
});

describe('spec §3 "a numeric hash of the token (a 32-bit hash)": Java String.hashCode', () => {
  it.each([
    ['', 0],
    ['a', 97],
    ['abc', 96354],
    ['hello', 99162322],
    ['Hello World', -862545276],
    ['polygenelubricants', -2147483648],
    ['€', 8364],
  ])('hash(%j) = %i', (value, hash) => {
    expect(AnalyticsIdentity.hashString32(value)).toBe(hash);
  });

  it('is always a signed 32-bit integer', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const hash = AnalyticsIdentity.hashString32(value);
        expect(Number.isInteger(hash) && hash >= -(2 ** 31) && hash < 2 ** 31).toBe(true);
        expect(AnalyticsIdentity.hashString32(value)).toBe(hash);
      }),
    );
    // a property run: slow under coverage on a shared two-core machine, never a speed check
  }, 30_000);

  it('builds the constant event data without the token itself', () => {
    const data = AnalyticsIdentity.getAnalyticsEventData({
      origin: AnalyticsIdentity.ANALYTICS_LOGIN_ORIGIN,
      clientId: 'fp-1',
      token: 'hello',
    });
    expect(data).toEqual({ origin: 'legacy', clientId: 'fp-1', tokenHash: 99162322 });
    expect(
      AnalyticsIdentity.getAnalyticsEventData({ origin: 'x', clientId: 'c', token: null })
        .tokenHash,
    ).toBe(0);
    expect(AnalyticsIdentity.PORTAL_LOAD_EVENT).toBe('Portal Load');
  });
});

describe('spec §9 "session idle timeout 1800 s (bounds 60 to 1800)"; §4 "renews after an idle timeout or after 24 hours"', () => {
  it.each([
    [undefined, 1800],
    [null, 1800],
    ['abc', 1800],
    ['', 1800],
    [Number.NaN, 1800],
    [Number.POSITIVE_INFINITY, 1800],
    [10, 60],
    [60, 60],
    [600, 600],
    ['900', 900],
    [1800, 1800],
    [99999, 1800],
    [120.4, 120],
  ])('clamp(%j) = %i', (value, expected) => {
    expect(AnalyticsIdentity.clampSessionIdleTimeout(value)).toBe(expected);
  });

  const start = 1_000_000;
  it.each([
    [
      'active and young',
      { now: start + 1000, sessionStart: start, lastActivity: start + 500 },
      false,
    ],
    [
      'idle longer than 30 min',
      { now: start + 1801_000, sessionStart: start, lastActivity: start },
      true,
    ],
    [
      'idle 2 min with a 60 s timeout',
      { now: start + 120_000, sessionStart: start, lastActivity: start, idleTimeoutSeconds: 60 },
      true,
    ],
    [
      'active but older than 24 h',
      {
        now: start + AnalyticsIdentity.ANALYTICS_DEFAULTS.maxSessionLengthMs + 1,
        sessionStart: start,
        lastActivity: start + AnalyticsIdentity.ANALYTICS_DEFAULTS.maxSessionLengthMs,
      },
      true,
    ],
  ])('%s -> %s', (_case, input, expected) => {
    expect(AnalyticsIdentity.shouldRenewAnalyticsSession(input)).toBe(expected);
  });
});

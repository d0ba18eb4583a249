import { describe, expect, it } from 'vitest';
import { MODULE_NAMES } from '../navigation/app-routes.ts';
import * as License from './license.ts';
import type { LicensePayload } from './license.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 5, 15, 12);

const payload: LicensePayload = {
  id: 'lic-1',
  tenantId: 2,
  tenantName: 'Acme Logistics',
  issuedAt: '2026-06-15T12:00:00.000Z',
  expiresAt: '2027-06-15T23:59:59.999Z',
  modules: ['things', 'model'],
  limits: { maxUsers: 10, maxThings: 500 },
};

describe('canonicalLicenseJson', () => {
  it('writes keys, modules and limits in one order, each module once', () => {
    expect(License.canonicalLicenseJson(payload)).toBe(
      '{"id":"lic-1","tenantId":2,"tenantName":"Acme Logistics","issuedAt":"2026-06-15T12:00:00.000Z",' +
        '"expiresAt":"2027-06-15T23:59:59.999Z","modules":["model","things"],"limits":{"maxThings":500,"maxUsers":10}}',
    );
    const shuffled: LicensePayload = {
      limits: { maxThings: 500, maxUsers: 10 },
      modules: ['things', 'model', 'things'],
      expiresAt: payload.expiresAt,
      issuedAt: payload.issuedAt,
      tenantName: payload.tenantName,
      tenantId: 2,
      id: 'lic-1',
    };
    expect(License.canonicalLicenseJson(shuffled)).toBe(License.canonicalLicenseJson(payload));
  });

  it('reads back what it wrote', () => {
    const read = License.readLicensePayload(JSON.parse(License.canonicalLicenseJson(payload)));
    expect(read).toEqual({
      payload: {
        ...payload,
        modules: ['model', 'things'],
        limits: { maxThings: 500, maxUsers: 10 },
      },
    });
  });
});

describe('license text', () => {
  it('signs its format with its payload segment', () => {
    expect(License.signedLicensePart('abc')).toBe(`${License.LICENSE_FORMAT}.abc`);
    expect(License.licenseText('abc', 'def')).toBe(`${License.LICENSE_FORMAT}.abc.def`);
  });

  it.each([
    [`${License.LICENSE_FORMAT}.abc.def`, { payload: 'abc', signature: 'def' }],
    [`  ${License.LICENSE_FORMAT}.ab\nc.d-e_f\n`, { payload: 'abc', signature: 'd-e_f' }],
    [`${License.LICENSE_FORMAT}.abc`, 'is not a license'],
    [`${License.LICENSE_FORMAT}.abc.def.ghi`, 'is not a license'],
    ['PORTICO-LICENSE-2.abc.def', 'is not a license'],
    [`${License.LICENSE_FORMAT}.a+c.def`, 'base64url'],
    [`${License.LICENSE_FORMAT}..def`, 'base64url'],
    [`${License.LICENSE_FORMAT}.abc.`, 'base64url'],
    ['', 'is not a license'],
  ] as const)('%j → %j', (text, expected) => {
    const split = License.splitLicenseText(text);
    if (typeof expected === 'string')
      expect('problem' in split ? split.problem : '').toContain(expected);
    else expect(split).toEqual(expected);
  });
});

describe('readLicensePayload', () => {
  const base = JSON.parse(License.canonicalLicenseJson(payload)) as Record<string, unknown>;
  it.each([
    ['an array', [], 'not an object'],
    ['null', null, 'not an object'],
    ['no id', { ...base, id: '' }, 'id'],
    ['a long id', { ...base, id: 'x'.repeat(101) }, 'id'],
    ['a text tenant', { ...base, tenantId: '2' }, 'tenantId'],
    ['tenant 0', { ...base, tenantId: 0 }, 'tenantId'],
    ['tenant 1.5', { ...base, tenantId: 1.5 }, 'tenantId'],
    ['no tenant name', { ...base, tenantName: 3 }, 'tenantName'],
    ['a date only', { ...base, expiresAt: '2027-06-15' }, 'ISO 8601'],
    ['no issue date', { ...base, issuedAt: undefined }, 'ISO 8601'],
    ['an impossible instant', { ...base, expiresAt: '2027-13-45T99:00:00Z' }, 'ISO 8601'],
    ['modules not a list', { ...base, modules: 'things' }, 'modules'],
    ['an unknown module', { ...base, modules: ['things', 'home'] }, 'names no module: home'],
    ['limits a list', { ...base, limits: [] }, 'limits'],
    ['an unknown limit', { ...base, limits: { maxCats: 3 } }, 'names no limit: maxCats'],
    ['a negative limit', { ...base, limits: { maxThings: -1 } }, 'limits.maxThings'],
  ])('refuses %s', (_name, value, problem) => {
    const read = License.readLicensePayload(value);
    expect('problem' in read ? read.problem : '').toContain(problem);
  });

  it('takes no limits and no modules', () => {
    const read = License.readLicensePayload({ ...base, limits: {}, modules: [] });
    expect('payload' in read && read.payload.limits).toEqual({});
  });
});

describe('limit and module values', () => {
  it.each([
    [0, null],
    [5, null],
    [1_000_000_000, null],
    [1_000_000_001, 'at most'],
    [-1, '0 or more'],
    [2.5, 'whole number'],
    ['5', 'whole number'],
    [null, 'whole number'],
  ])('limit %j → %j', (value, problem) => {
    const found = License.limitValueProblem(value);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });

  it.each([
    [[], null],
    [[...License.LICENSE_MODULES], null],
    [['things', 'services'], null],
    [['home'], 'names no module'],
    [[3], 'names no module: 3'],
    [{}, 'a list'],
  ])('modules %j → %j', (value, problem) => {
    const found = License.modulesProblem(value);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });

  it('license every module but home', () => {
    expect(License.LICENSE_MODULES).toEqual(MODULE_NAMES.filter((name) => name !== 'home'));
  });
});

describe('licenseRefusal and expiry', () => {
  it.each([
    ['its own tenant, before expiry', payload, 2, NOW, null],
    ['another tenant', payload, 3, NOW, 'another tenant (Acme Logistics)'],
    ['another, unnamed tenant', { ...payload, tenantName: '' }, 3, NOW, 'another tenant (group 2)'],
    ['the instant it expires', payload, 2, Date.parse(payload.expiresAt), 'expired on 2027-06-15'],
    ['after expiry', payload, 2, Date.parse(payload.expiresAt) + DAY, 'expired on 2027-06-15'],
  ])('%s → %j', (_name, license, tenantId, now, refusal) => {
    expect(License.licenseRefusal(license, tenantId, now)).toBe(
      refusal === null
        ? null
        : refusal.startsWith('another')
          ? `was issued for ${refusal}`
          : refusal,
    );
  });

  it('is expired from its expiry on', () => {
    expect(License.isLicenseExpired(payload, NOW)).toBe(false);
    expect(License.isLicenseExpired(payload, Date.parse(payload.expiresAt))).toBe(true);
  });

  it.each([
    ['2027-06-15', '2027-06-15T23:59:59.999Z'],
    ['2028-02-29', '2028-02-29T23:59:59.999Z'],
    ['2027-02-29', null],
    ['2027-02-30', null],
    ['2027-6-15', null],
    ['tomorrow', null],
  ])('the day %s ends at %s', (day, end) => {
    expect(License.expiryOfDay(day)).toBe(end);
  });

  it.each([
    ['2026-06-16', null],
    ['2026-06-15', null],
    ['2026-06-14', 'after today'],
    ['2036-06-13', null],
    ['2036-06-16', 'at most 3653 days'],
    ['15/06/2027', 'YYYY-MM-DD'],
  ])('generated now to run through %s → %j', (day, problem) => {
    const found = License.expiryProblem(day, NOW);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});

describe('limits', () => {
  it('each limit counts one resource', () => {
    expect(
      License.LICENSE_LIMITS.map((limit) =>
        License.licenseLimitOf(
          limit === 'maxThings' ? 'thing' : limit === 'maxUsers' ? 'user' : 'zone',
        ),
      ),
    ).toEqual([...License.LICENSE_LIMITS]);
    expect(License.licenseLimitOf('thingType')).toBeUndefined();
  });

  it.each([
    ['under the limit', { maxThings: 5 }, 'maxThings', 3, 1, null],
    ['reaching it', { maxThings: 5 }, 'maxThings', 4, 1, null],
    ['one over it', { maxThings: 5 }, 'maxThings', 5, 1, { limit: 'maxThings', max: 5, used: 5 }],
    [
      'a batch over it',
      { maxThings: 5 },
      'maxThings',
      3,
      3,
      { limit: 'maxThings', max: 5, used: 3 },
    ],
    ['a limit of 0', { maxUsers: 0 }, 'maxUsers', 0, 1, { limit: 'maxUsers', max: 0, used: 0 }],
    [
      'already over it, adding none',
      { maxZones: 2 },
      'maxZones',
      3,
      0,
      { limit: 'maxZones', max: 2, used: 3 },
    ],
    ['no such limit', { maxThings: 5 }, 'maxUsers', 1_000, 1, null],
  ] as const)('%s', (_name, limits, limit, used, adding, expected) => {
    expect(License.limitExceeded(limits, limit, used, adding)).toEqual(expected);
  });

  it('lists every limit with its use', () => {
    const used = { maxThings: 7, maxUsers: 2, maxZones: 0 };
    expect(License.licenseUsage({ maxThings: 10 }, used)).toEqual([
      { limit: 'maxThings', used: 7, max: 10 },
      { limit: 'maxUsers', used: 2, max: null },
      { limit: 'maxZones', used: 0, max: null },
    ]);
    expect(License.licenseUsage(undefined, used).every((row) => row.max === null)).toBe(true);
  });
});

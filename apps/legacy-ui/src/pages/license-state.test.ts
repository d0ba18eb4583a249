import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client.ts';
import {
  emptyGeneratorDraft,
  generatorRequest,
  installRefusal,
  roomLeft,
} from './license-state.ts';
import type { GeneratorDraft } from './license-state.ts';

const NOW = Date.UTC(2026, 5, 15, 12);

function draft(change: Partial<GeneratorDraft> = {}): GeneratorDraft {
  return { ...emptyGeneratorDraft(NOW), tenantId: '2', ...change };
}

describe('the generator form', () => {
  it('starts with every module, no limit, a year to run', () => {
    expect(emptyGeneratorDraft(NOW)).toEqual({
      tenantId: '',
      expiresOn: '2027-06-15',
      modules: ['things', 'tenants', 'gateway', 'model', 'services', 'analytics'],
      limits: { maxThings: '', maxUsers: '', maxZones: '' },
    });
  });

  it('makes its request: empty limits are none, numbers as typed (separators allowed)', () => {
    expect(
      generatorRequest(
        draft({
          modules: ['things', 'model'],
          limits: { maxThings: '1,500', maxUsers: ' 0 ', maxZones: '' },
        }),
        NOW,
      ),
    ).toEqual({
      request: {
        tenantId: 2,
        expiresOn: '2027-06-15',
        modules: ['model', 'things'],
        limits: { maxThings: 1500, maxUsers: 0, maxZones: null },
      },
    });
  });

  it.each<[string, Partial<GeneratorDraft>, Record<string, string>]>([
    ['no tenant', { tenantId: '' }, { tenantId: 'license.error.tenant' }],
    ['a past day', { expiresOn: '2026-06-14' }, { expiresOn: 'license.error.expiry' }],
    ['no day', { expiresOn: '' }, { expiresOn: 'license.error.expiry' }],
    [
      'a limit that is no number',
      { limits: { maxThings: 'ten', maxUsers: '', maxZones: '-1' } },
      { maxThings: 'license.error.limit', maxZones: 'license.error.limit' },
    ],
    [
      'a limit too large',
      { limits: { maxThings: '', maxUsers: '1000000001', maxZones: '' } },
      { maxUsers: 'license.error.limit' },
    ],
  ])('names each problem: %s', (_name, change, expected) => {
    const result = generatorRequest(draft(change), NOW);
    expect('problems' in result).toBe(true);
    if ('problems' in result)
      expect(
        Object.fromEntries(Object.entries(result.problems).map(([k, v]) => [k, v.key])),
      ).toEqual(expected);
  });
});

describe('an install the services refused', () => {
  it.each<[string, unknown, unknown]>([
    [
      'a tampered license',
      new ApiError(400, 'x', {
        text: 'The license has a signature that does not match: it was changed, or signed by another server',
      }),
      { key: 'license.refused.signature' },
    ],
    [
      'another tenant’s',
      new ApiError(400, 'x', { text: 'The license was issued for another tenant (Globex (EU))' }),
      { key: 'license.refused.otherTenant', values: { tenant: 'Globex (EU)' } },
    ],
    [
      'an expired one',
      new ApiError(400, 'x', { text: 'The license expired on 2026-01-31' }),
      { key: 'license.refused.expired', values: { date: '2026-01-31' } },
    ],
    [
      'not a license',
      new ApiError(400, 'x', {
        text: 'The license is not a license: it must read PORTICO-LICENSE-1.<payload>.<signature>',
      }),
      { key: 'license.refused.notLicense' },
    ],
    ['another field', new ApiError(400, 'x', { tenantId: 'required' }), null],
    ['a 403', new ApiError(403, 'x', { text: 'signature' }), null],
    ['no API answer', new Error('offline'), null],
  ])('%s', (_name, error, said) => {
    expect(installRefusal(error)).toEqual(said);
  });
});

describe('room left', () => {
  it.each([
    [3, 10, 7],
    [10, 10, 0],
    [12, 10, -2],
    [5, null, null],
  ])('%i used of %s → %s', (used, max, left) => {
    expect(roomLeft(used, max)).toBe(left);
  });
});

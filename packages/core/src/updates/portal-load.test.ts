import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashString32 } from '../analytics/analytics-identity.ts';
import { PORTAL_LOAD_MARKER_KEY, decidePortalLoad, portalLoadMarker } from './portal-load.ts';

describe('spec §1/§9: exactly one "Portal Load" per login', () => {
  it('the marker is the 32-bit hash of the token, never the token', () => {
    expect(portalLoadMarker('hello')).toBe(String(hashString32('hello')));
    expect(portalLoadMarker('secret-token')).not.toContain('secret');
    expect(PORTAL_LOAD_MARKER_KEY).toBe('PORTAL_LOAD_COUNTED');
  });

  const first = 'token-1';
  const second = 'token-2';
  it.each([
    [
      'a new login (nothing counted yet)',
      { token: first, marker: null },
      { capture: true, marker: portalLoadMarker(first) },
    ],
    [
      'a reload with the same token',
      { token: first, marker: portalLoadMarker(first) },
      { capture: false, marker: null },
    ],
    [
      'a second tab / re-render / re-authentication with the same token',
      { token: first, marker: portalLoadMarker(first) },
      { capture: false, marker: null },
    ],
    [
      'a second login (new token) without logout',
      { token: second, marker: portalLoadMarker(first) },
      { capture: true, marker: portalLoadMarker(second) },
    ],
    [
      'after logout (marker cleared)',
      { token: second, marker: undefined },
      { capture: true, marker: portalLoadMarker(second) },
    ],
    ['no token', { token: null, marker: null }, { capture: false, marker: null }],
    ['empty token', { token: '', marker: 'x' }, { capture: false, marker: null }],
  ])('%s', (_case, input, expected) => {
    expect(decidePortalLoad(input)).toEqual(expected);
  });

  it('any sequence of page loads of one login captures once', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 1, max: 20 }), (token, loads) => {
        let marker: string | null = null;
        let captured = 0;
        for (let load = 0; load < loads; load += 1) {
          const decision = decidePortalLoad({ token, marker });
          if (decision.capture) captured += 1;
          marker = decision.marker ?? marker;
        }
        expect(captured).toBe(1);
      }),
    );
  });
});

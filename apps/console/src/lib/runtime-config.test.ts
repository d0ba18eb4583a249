import { describe, expect, it } from 'vitest';
import shipped from '../../public/portico.config.json';
import { RuntimeConfigError, parseRuntimeConfig } from './runtime-config.ts';

const valid = {
  apiBaseHost: '',
  legacyUiBase: '/legacy-ui/',
  analytics: { enabled: true, host: '', key: 'k' },
  showVersionOverride: true,
  surveyExpiration: {},
  sidebarFeature: {},
};

describe('run-time configuration (portico.config.json)', () => {
  it('accepts the shipped shape and normalises it', () => {
    expect(parseRuntimeConfig(valid)).toEqual({
      ...valid,
      legacyUiBase: '/legacy-ui',
      forgotPasswordUrl: null,
      ssoUrl: null,
    });
    expect(
      parseRuntimeConfig({ ...valid, apiBaseHost: 'https://platform.example.com/some/path' })
        .apiBaseHost,
    ).toBe('https://platform.example.com');
  });

  it.each([
    [null, 'file: expected a JSON object'],
    [[], 'file: expected a JSON object'],
    [{ ...valid, apiBaseHost: 3 }, 'apiBaseHost: expected a URL or ""'],
    [{ ...valid, apiBaseHost: 'not a url' }, 'apiBaseHost "not a url" is not a URL'],
    [{ ...valid, apiBaseHost: 'ftp://x.example' }, 'must use http or https'],
    [{ ...valid, legacyUiBase: 'legacy-ui' }, 'legacyUiBase: must be an absolute path'],
    [{ ...valid, analytics: 'on' }, 'analytics: expected an object'],
    [
      { ...valid, analytics: { ...valid.analytics, enabled: 'yes' } },
      'analytics.enabled: expected true or false',
    ],
    [
      { ...valid, showVersionOverride: undefined },
      'showVersionOverride: expected true or false, got nothing',
    ],
    [{ ...valid, sidebarFeature: [] }, 'sidebarFeature: expected an object'],
  ])('refuses %j with a message naming the key', (json, message) => {
    expect(() => parseRuntimeConfig(json)).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig(json)).toThrow(message);
  });

  it.each([
    [undefined, null],
    ['', null],
    [null, null],
    ['https://id.example.com/reset?app=portico', 'https://id.example.com/reset?app=portico'],
    ['http://127.0.0.1:9000/forgot', 'http://127.0.0.1:9000/forgot'],
    ['/password-reset', '/password-reset'],
  ])(
    'forgotPasswordUrl and ssoUrl %j → %j (the sign-in links, hidden when null)',
    (value, expected) => {
      expect(parseRuntimeConfig({ ...valid, forgotPasswordUrl: value }).forgotPasswordUrl).toBe(
        expected,
      );
      expect(parseRuntimeConfig({ ...valid, ssoUrl: value }).ssoUrl).toBe(expected);
    },
  );

  it.each([
    'javascript:alert(1)',
    '//evil.example.com/x',
    'reset',
    42,
    true,
    'ftp://files.example.com/',
  ])('refuses forgotPasswordUrl and ssoUrl %j with a clear message', (value) => {
    expect(() => parseRuntimeConfig({ ...valid, forgotPasswordUrl: value })).toThrow(
      /forgotPasswordUrl: expected an http\(s\) URL/,
    );
    expect(() => parseRuntimeConfig({ ...valid, ssoUrl: value })).toThrow(
      /ssoUrl: expected an http\(s\) URL/,
    );
  });

  it('the shipped portico.config.json turns on the demo identity provider', () => {
    expect(parseRuntimeConfig(shipped).ssoUrl).toBe('/demo-idp/authorize');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { beginOAuthSignIn, buildOAuthAuthorizeUrl, hasOAuthReturn } from './oauth-return.ts';

describe('the identity provider address of a sign-in started in this tab', () => {
  const state = 'S'.repeat(43);
  it.each([
    [
      'a path on this site (the demo provider)',
      '/demo-idp/authorize',
      'http://127.0.0.1:8080/#/login',
      'en',
      `http://127.0.0.1:8080/demo-idp/authorize?state=${state}&redirect_uri=http%3A%2F%2F127.0.0.1%3A8080%2F&ui_locales=en`,
    ],
    [
      'an absolute URL, the console under a path, a deep link in the hash',
      'https://id.example.com/oauth/authorize',
      'https://console.example.com/portico/index.html?x=1#/app/model/zone',
      'pt-BR',
      `https://id.example.com/oauth/authorize?state=${state}&redirect_uri=https%3A%2F%2Fconsole.example.com%2Fportico%2Findex.html&ui_locales=pt-BR`,
    ],
    [
      "the provider's own parameters kept, ours replaced",
      'https://id.example.com/authorize?client_id=portico&state=old',
      'https://console.example.com/#/login',
      'fr',
      `https://id.example.com/authorize?client_id=portico&state=${state}&redirect_uri=https%3A%2F%2Fconsole.example.com%2F&ui_locales=fr`,
    ],
  ])('%s', (_case, ssoUrl, pageUrl, language, expected) => {
    expect(buildOAuthAuthorizeUrl({ ssoUrl, pageUrl, state, language })).toBe(expected);
  });
});

describe('beginOAuthSignIn', () => {
  afterEach(() => sessionStorage.clear());

  it('stores a fresh state for this tab and sends it, with this page as the return address', () => {
    window.history.replaceState(null, '', '/#/login');
    const first = new URL(beginOAuthSignIn('/demo-idp/authorize', 'es'));
    const state = sessionStorage.getItem('OAUTH_STATE');
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.pathname).toBe('/demo-idp/authorize');
    expect(first.searchParams.get('state')).toBe(state);
    expect(first.searchParams.get('redirect_uri')).toBe(`${location.origin}/`);
    expect(first.searchParams.get('ui_locales')).toBe('es');
    // each sign-in draws a new one
    const second = new URL(beginOAuthSignIn('/demo-idp/authorize', 'es'));
    expect(second.searchParams.get('state')).not.toBe(state);
    expect(sessionStorage.getItem('OAUTH_STATE')).toBe(second.searchParams.get('state'));
  });
});

describe('hasOAuthReturn (checked on every tab click: the cookie string is searched first)', () => {
  const clear = () => {
    for (const pair of document.cookie.split(';')) {
      const name = pair.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  };
  afterEach(clear);

  it.each([
    ['no cookie at all', [], false],
    ['other cookies only', ['RIOT_TK=abc', 'XSRF-TOKEN=x'], false],
    ['a name that only ends like it', ['my$oauth_status_x=1'], false],
    ['the status cookie as the platform sets it', ['RIOT_TK=abc', '$oauth_status=success'], true],
    ['the status cookie percent-encoded', ['%24oauth_status=failure'], true],
  ])('%s → %s', (_case, cookies, expected) => {
    clear();
    for (const cookie of cookies) document.cookie = `${cookie}; path=/`;
    expect(hasOAuthReturn()).toBe(expected);
  });
});

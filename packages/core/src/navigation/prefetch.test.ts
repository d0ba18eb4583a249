import { describe, expect, it } from 'vitest';
import { PREFETCH_LIMIT, selectPrefetchTargets, type PrefetchCandidate } from './prefetch.ts';

const DOC = 'https://console.example.com/legacy-ui/';
const script = (
  url: string | null,
  type: string | null = null,
  crossOrigin: string | null = null,
) => ({ tag: 'script', url, rel: null, type, crossOrigin }) satisfies PrefetchCandidate;
const link = (url: string | null, rel: string | null, crossOrigin: string | null = null) =>
  ({ tag: 'link', url, rel, type: null, crossOrigin }) satisfies PrefetchCandidate;

describe('selectPrefetchTargets', () => {
  it.each([
    [
      'a Vite module script (crossorigin, relative)',
      script('/legacy-ui/assets/index-1.js', 'module', ''),
      {
        href: 'https://console.example.com/legacy-ui/assets/index-1.js',
        as: 'script',
        crossOrigin: 'anonymous',
      },
    ],
    [
      'a module script without the attribute is still CORS',
      script('assets/a.js', 'module'),
      {
        href: 'https://console.example.com/legacy-ui/assets/a.js',
        as: 'script',
        crossOrigin: 'anonymous',
      },
    ],
    [
      'a classic script without the attribute is no-cors',
      script('app.js'),
      { href: 'https://console.example.com/legacy-ui/app.js', as: 'script', crossOrigin: null },
    ],
    [
      'a classic script with use-credentials keeps it',
      script('app.js', 'text/javascript', 'USE-CREDENTIALS'),
      {
        href: 'https://console.example.com/legacy-ui/app.js',
        as: 'script',
        crossOrigin: 'use-credentials',
      },
    ],
    [
      'a style sheet',
      link('assets/index.css', 'stylesheet', ''),
      {
        href: 'https://console.example.com/legacy-ui/assets/index.css',
        as: 'style',
        crossOrigin: 'anonymous',
      },
    ],
    [
      'a module preload',
      link('/legacy-ui/assets/vendor.js', 'modulepreload'),
      {
        href: 'https://console.example.com/legacy-ui/assets/vendor.js',
        as: 'script',
        crossOrigin: 'anonymous',
      },
    ],
    [
      'the fragment is dropped',
      script('app.js#x'),
      { href: 'https://console.example.com/legacy-ui/app.js', as: 'script', crossOrigin: null },
    ],
  ])('%s', (_name, candidate, expected) => {
    expect(selectPrefetchTargets([candidate], DOC)).toEqual([expected]);
  });

  it.each([
    ['another origin', script('https://cdn.example.net/lib.js')],
    ['a protocol-relative other host', script('//cdn.example.net/lib.js', 'module')],
    ['a javascript: URL', script('javascript:alert(1)')],
    ['a data: URL', script('data:text/javascript,1')],
    ['an empty src', script('  ')],
    ['no src', script(null)],
    ['a JSON data block', script('data.json', 'application/json')],
    ['an import map', script('map.json', 'importmap')],
    ['an icon', link('favicon.svg', 'icon')],
    ['an alternate style sheet', link('dark.css', 'alternate stylesheet')],
    ['a link without rel', link('x.css', null)],
    ['a malformed URL', script('http://[::1')],
  ])('skips %s', (_name, candidate) => {
    expect(selectPrefetchTargets([candidate], DOC)).toEqual([]);
  });

  it('keeps page order, names each file once and stops at the limit', () => {
    const many = Array.from({ length: PREFETCH_LIMIT + 5 }, (_, i) => script(`a${i}.js`, 'module'));
    const result = selectPrefetchTargets([script('a0.js', 'module'), ...many], DOC);
    expect(result).toHaveLength(PREFETCH_LIMIT);
    expect(result.map((target) => target.href.split('/').pop())).toEqual(
      Array.from({ length: PREFETCH_LIMIT }, (_, i) => `a${i}.js`),
    );
  });

  it('answers nothing for a start page address that does not parse', () => {
    expect(selectPrefetchTargets([script('a.js')], 'not a url')).toEqual([]);
  });
});

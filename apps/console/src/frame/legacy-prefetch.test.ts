import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchLegacyUi } from './legacy-prefetch.ts';

const BASE = 'http://localhost:3000/';
const PAGE = `<!doctype html><html><head>
  <link rel="icon" href="/legacy-ui/favicon.svg">
  <script type="module" crossorigin src="/legacy-ui/assets/index-abc.js"></script>
  <link rel="modulepreload" crossorigin href="/legacy-ui/assets/vendor-1.js">
  <link rel="stylesheet" crossorigin href="/legacy-ui/assets/index-abc.css">
  <script src="https://cdn.example.net/tracker.js"></script>
</head><body><div id="root"></div></body></html>`;

function answer(body: string, contentType = 'text/html; charset=utf-8', status = 200) {
  return vi.fn(() =>
    Promise.resolve(new Response(body, { status, headers: { 'Content-Type': contentType } })),
  );
}

const prefetches = () =>
  [...document.head.querySelectorAll('link[rel="prefetch"]')].map((element) => {
    const link = element as HTMLLinkElement;
    return { href: link.href, as: link.getAttribute('as'), crossOrigin: link.crossOrigin };
  });

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="prefetch"]')) link.remove();
});

describe('prefetchLegacyUi', () => {
  it('fetches the start page and prefetches the files it names, in the mode the frame uses', async () => {
    const fetch = answer(PAGE);
    expect(await prefetchLegacyUi('/legacy-ui', { fetch, base: BASE })).toBe(3);
    expect(fetch).toHaveBeenCalledWith('http://localhost:3000/legacy-ui/', {
      credentials: 'same-origin',
    });
    expect(prefetches()).toEqual([
      { href: `${BASE}legacy-ui/assets/index-abc.js`, as: 'script', crossOrigin: 'anonymous' },
      { href: `${BASE}legacy-ui/assets/vendor-1.js`, as: 'script', crossOrigin: 'anonymous' },
      { href: `${BASE}legacy-ui/assets/index-abc.css`, as: 'style', crossOrigin: 'anonymous' },
    ]);
  });

  it('asks for each file once, however often it is called', async () => {
    await prefetchLegacyUi('/legacy-ui', { fetch: answer(PAGE), base: BASE });
    expect(await prefetchLegacyUi('/legacy-ui', { fetch: answer(PAGE), base: BASE })).toBe(0);
    expect(prefetches()).toHaveLength(3);
  });

  it.each([
    ['an error answer', answer('<script src="/legacy-ui/a.js"></script>', 'text/html', 500)],
    ['an answer that is not HTML', answer('{"src":"/legacy-ui/a.js"}', 'application/json')],
    ['a network failure', vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))],
  ])('does nothing, and throws nothing, on %s', async (_name, fetch) => {
    expect(await prefetchLegacyUi('/legacy-ui', { fetch, base: BASE })).toBe(0);
    expect(prefetches()).toEqual([]);
  });
});

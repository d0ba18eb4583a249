// Fetches the legacy interface's start page and the files it names ahead, while the user is still
// on the sign-in page, so the frame that opens after sign-in finds them in the
// HTTP cache. Which files is core's rule (selectPrefetchTargets); this is the browser glue. A
// warm-up never fails anything: any error just means the frame loads them itself.
import { selectPrefetchTargets, type PrefetchCandidate } from '@portico/core';

function candidatesOf(html: string): PrefetchCandidate[] {
  const page = new DOMParser().parseFromString(html, 'text/html');
  return [...page.querySelectorAll('script[src], link[href]')].map((element) =>
    element instanceof HTMLScriptElement || element.localName === 'script'
      ? {
          tag: 'script' as const,
          url: element.getAttribute('src'),
          rel: null,
          type: element.getAttribute('type'),
          crossOrigin: element.getAttribute('crossorigin'),
        }
      : {
          tag: 'link' as const,
          url: element.getAttribute('href'),
          rel: element.getAttribute('rel'),
          type: null,
          crossOrigin: element.getAttribute('crossorigin'),
        },
  );
}

/**
 * Fetches `{legacyUiBase}/` and adds a `<link rel="prefetch">` for each file it names. Answers how
 * many files were asked for (0 when the page could not be read).
 */
export async function prefetchLegacyUi(
  legacyUiBase: string,
  options: { fetch?: typeof fetch; document?: Document; base?: string } = {},
): Promise<number> {
  const doc = options.document ?? document;
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  try {
    const documentUrl = new URL(`${legacyUiBase}/`, options.base ?? location.href).href;
    // the answer lands in the HTTP cache: the frame's own request is then a cheap revalidation
    const response = await fetchImpl(documentUrl, { credentials: 'same-origin' });
    if (!response.ok || !/text\/html/i.test(response.headers.get('Content-Type') ?? '')) return 0;
    const targets = selectPrefetchTargets(candidatesOf(await response.text()), documentUrl);
    const present = new Set(
      [...doc.querySelectorAll('link[rel="prefetch"]')].map(
        (link) => (link as HTMLLinkElement).href,
      ),
    );
    let asked = 0;
    for (const target of targets) {
      if (present.has(target.href)) continue;
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.setAttribute('as', target.as);
      if (target.crossOrigin) link.crossOrigin = target.crossOrigin;
      link.href = target.href;
      doc.head.append(link);
      asked += 1;
    }
    return asked;
  } catch {
    return 0;
  }
}

/**
 * Which of the legacy interface's files the console fetches ahead while the user signs in:
 * the scripts and style sheets its start page names, so the frame finds them in the HTTP
 * cache. Only files of the page's own origin (the frame is same-origin, spec §9 legacy path base),
 * only http(s), each once, and a bounded number, whatever the page says.
 */

// The WHATWG URL parser is in every runtime core runs in (browsers, Node), but core compiles
// without DOM or Node types: the part used here is declared.
interface ParsedUrl {
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  hash: string;
}
declare const URL: new (url: string, base?: string | ParsedUrl) => ParsedUrl;

/** A `<script src>` or `<link href>` read from the legacy start page. */
export interface PrefetchCandidate {
  tag: 'script' | 'link';
  /** `src` or `href` as written (relative to the start page). */
  url: string | null;
  /** `<link rel>` (space-separated), or null. */
  rel: string | null;
  /** `<script type>`, or null. */
  type: string | null;
  /** The `crossorigin` attribute as written ('' means anonymous), or null when absent. */
  crossOrigin: string | null;
}

export interface PrefetchTarget {
  href: string;
  as: 'script' | 'style';
  /** The CORS mode the frame itself will use, so the cached answer is the one it asks for. */
  crossOrigin: 'anonymous' | 'use-credentials' | null;
}

/** At most this many files are fetched ahead. */
export const PREFETCH_LIMIT = 12;

function corsMode(attribute: string | null): PrefetchTarget['crossOrigin'] {
  if (attribute === null) return null;
  return attribute.trim().toLowerCase() === 'use-credentials' ? 'use-credentials' : 'anonymous';
}

function kindOf(candidate: PrefetchCandidate): Omit<PrefetchTarget, 'href'> | null {
  const mode = corsMode(candidate.crossOrigin);
  if (candidate.tag === 'script') {
    const type = (candidate.type ?? '').trim().toLowerCase();
    // module scripts are always fetched in CORS mode; classic ones only with the attribute
    if (type === 'module') return { as: 'script', crossOrigin: mode ?? 'anonymous' };
    if (type === '' || type === 'text/javascript' || type === 'application/javascript')
      return { as: 'script', crossOrigin: mode };
    return null; // data blocks, import maps, templates: nothing to fetch
  }
  const rels = (candidate.rel ?? '').toLowerCase().split(/\s+/);
  if (rels.includes('stylesheet') && !rels.includes('alternate'))
    return { as: 'style', crossOrigin: mode };
  if (rels.includes('modulepreload')) return { as: 'script', crossOrigin: mode ?? 'anonymous' };
  return null;
}

/** The files to fetch ahead, in page order, for the start page at `documentUrl`. */
export function selectPrefetchTargets(
  candidates: readonly PrefetchCandidate[],
  documentUrl: string,
  limit = PREFETCH_LIMIT,
): PrefetchTarget[] {
  let base: ParsedUrl;
  try {
    base = new URL(documentUrl);
  } catch {
    return [];
  }
  const seen = new Set<string>();
  const targets: PrefetchTarget[] = [];
  for (const candidate of candidates) {
    if (targets.length >= limit) break;
    if (!candidate.url?.trim()) continue;
    const kind = kindOf(candidate);
    if (!kind) continue;
    let url: ParsedUrl;
    try {
      url = new URL(candidate.url.trim(), base);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (url.origin !== base.origin) continue;
    url.hash = '';
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    targets.push({ href: url.href, ...kind });
  }
  return targets;
}

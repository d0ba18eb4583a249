// Serves a built front end (the console at /, the legacy UI at /legacy-ui/) from its dist directory.
// Files are re-read when they change on disk (a rebuild is served without a restart): the content
// and its hash are cached per (path, mtime, size).
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { extname, resolve, sep } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

interface CachedFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  etag: string;
  lastModified: string;
  /** Compressed variants, made once per file version on first demand. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

/** The best encoding the client accepts (brotli, then gzip), or none. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

function encode(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 10,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 9 });
}

export interface StaticSite {
  /** Human name used in the 503 message ("console", "legacy UI"). */
  name: string;
  dir: string | undefined;
  /** Headers added to HTML responses (CSP and friends). */
  htmlHeaders: Record<string, string>;
  /** Cache-Control per served path (default: a year for assets/, otherwise revalidate). */
  cacheControl?: (path: string) => string;
  /** Headers added to every file of this site. */
  extraHeaders?: Record<string, string>;
  /**
   * The page served for the site's root instead of index.html, chosen per request (a file of the
   * build, relative to it; index.html when it is absent), and the request headers it depends on.
   */
  startPage?: { choose(c: Context): string | undefined; vary: string };
}

export function createStaticHandler(site: StaticSite) {
  const cache = new Map<string, CachedFile>();
  const root = site.dir ? resolve(site.dir) : undefined;

  async function load(file: string): Promise<CachedFile | undefined> {
    let info;
    try {
      info = await stat(file);
    } catch {
      return undefined;
    }
    if (!info.isFile()) return undefined;
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = await readFile(file);
    const entry: CachedFile = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
      lastModified: new Date(Math.floor(info.mtimeMs / 1000) * 1000).toUTCString(),
      encoded: {},
    };
    if (cache.size > 5000) cache.clear();
    cache.set(file, entry);
    return entry;
  }

  function unavailable(c: Context): Response {
    return c.text(`The ${site.name} has not been built: run npm start`, 503, {
      'Cache-Control': 'no-store',
    });
  }

  /** Serves `relative` (already stripped of the site's prefix; '' means index.html). */
  return async function serve(c: Context, relative: string): Promise<Response> {
    if (!root) return unavailable(c);
    let decoded: string;
    try {
      decoded = decodeURIComponent(relative);
    } catch {
      return c.text('Not found', 404);
    }
    if (decoded.includes('\0') || decoded.split(/[\\/]/).some((part) => part === '..'))
      return c.text('Not found', 404);
    let path = decoded === '' || decoded.endsWith('/') ? `${decoded}index.html` : decoded;
    const startPage = decoded === '' ? site.startPage?.choose(c) : undefined;
    let entry: CachedFile | undefined;
    if (startPage !== undefined) {
      entry = await load(resolve(root, startPage));
      if (entry) path = startPage;
    }
    const file = resolve(root, path);
    if (file !== root && !file.startsWith(root + sep)) return c.text('Not found', 404);
    entry ??= await load(file);
    if (!entry) {
      if (path === 'index.html') return unavailable(c);
      return c.text('Not found', 404);
    }
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    // compressible files over 1 KiB go out brotli- or gzip-encoded (the login bundle is ~230 KB raw)
    const encoding =
      COMPRESSIBLE.test(type) && entry.size > 1024
        ? negotiateEncoding(c.req.header('accept-encoding'))
        : undefined;
    const body = encoding ? (entry.encoded[encoding] ??= encode(entry.body, encoding)) : entry.body;
    const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding}"` : entry.etag;
    const headers: Record<string, string> = {
      'Content-Type': type,
      ETag: etag,
      'Last-Modified': entry.lastModified,
      'Cache-Control': site.cacheControl
        ? site.cacheControl(path)
        : path.startsWith('assets/')
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      ...site.extraHeaders,
    };
    if (COMPRESSIBLE.test(type)) headers.Vary = 'Accept-Encoding';
    if (decoded === '' && site.startPage)
      headers.Vary = [headers.Vary, site.startPage.vary].filter(Boolean).join(', ');
    if (encoding) headers['Content-Encoding'] = encoding;
    if (type.startsWith('text/html')) Object.assign(headers, site.htmlHeaders);
    if (path === 'sw.js') headers['Service-Worker-Allowed'] = '/';
    const ifNoneMatch = c.req.header('if-none-match');
    const ifModifiedSince = c.req.header('if-modified-since');
    const notModified =
      ifNoneMatch !== undefined
        ? ifNoneMatch
            .split(',')
            .some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')
        : ifModifiedSince !== undefined &&
          !Number.isNaN(Date.parse(ifModifiedSince)) &&
          Date.parse(ifModifiedSince) >= Date.parse(entry.lastModified);
    if (notModified) return c.body(null, 304, headers);
    if (c.req.method === 'HEAD')
      return c.body(null, 200, { ...headers, 'Content-Length': String(body.length) });
    return c.body(new Uint8Array(body), 200, headers);
  };
}

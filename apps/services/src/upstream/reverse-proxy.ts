// A streaming reverse proxy for upstream mode (issue 16, DESIGN §4 "Upstream mode"): the request
// body streams to the platform and the answer streams back, neither buffered nor decoded (node:http,
// not fetch, which would decompress). Hop-by-hop headers are dropped; X-Forwarded-For/-Proto/-Host
// are set; cookies, the token header and X-XSRF-TOKEN pass as they are. A platform that cannot be
// reached answers 502, one that does not answer in time 504, both as JSON `{ "error" }`.
import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Context } from 'hono';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

export interface ProxyTarget {
  /** What the target is called in error messages ("the platform", "the legacy UI"). */
  name: string;
  /** Absolute base URL; the request's path below `prefix` is appended to it. */
  base: URL;
  /** Time allowed for the target's response headers, and for any silence in its body, in ms. */
  timeoutMs: number;
  log: (line: string) => void;
}

/** Where `pathAndQuery` (below the route's prefix, starting with '/') goes on the target. */
export function targetUrl(base: URL, pathAndQuery: string): URL {
  const basePath = base.pathname.replace(/\/+$/, '');
  return new URL(`${base.origin}${basePath}${pathAndQuery}`);
}

function error(status: 502 | 504, message: string): Response {
  return new Response(JSON.stringify({ error: message }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

function forwardedHeaders(c: Context, original: URL): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  c.req.raw.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  });
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const peer = env?.incoming?.socket?.remoteAddress;
  const previous = c.req.header('x-forwarded-for');
  if (peer) headers['x-forwarded-for'] = previous ? `${previous}, ${peer}` : peer;
  headers['x-forwarded-proto'] =
    c.req.header('x-forwarded-proto') ?? original.protocol.replace(':', '');
  headers['x-forwarded-host'] = c.req.header('x-forwarded-host') ?? original.host;
  return headers;
}

function responseHeaders(incoming: IncomingHttpHeaders, base: URL): Headers {
  const headers = new Headers();
  // a redirect to the platform's own address comes back as a path on this origin
  const platformRoot = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    if (name === 'set-cookie') {
      // A Domain attribute names the platform's host, which the browser would refuse on this one.
      for (const cookie of Array.isArray(value) ? value : [value])
        headers.append('set-cookie', cookie.replace(/;\s*domain=[^;]*/gi, ''));
    } else if (name === 'location' && typeof value === 'string' && value.startsWith(platformRoot)) {
      headers.set('location', value.slice(platformRoot.length) || '/');
    } else {
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
  }
  return headers;
}

/** Forwards the request in `c` to `target` + `pathAndQuery` and streams the answer back. */
export function proxyRequest(
  c: Context,
  target: ProxyTarget,
  pathAndQuery: string,
): Promise<Response> {
  const original = new URL(c.req.url);
  const url = targetUrl(target.base, pathAndQuery);
  const method = c.req.method;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const seconds = `${Math.round(target.timeoutMs / 100) / 10} s`;
  return new Promise<Response>((resolve) => {
    let settled = false;
    const finish = (response: Response) => {
      if (settled) return;
      settled = true;
      resolve(response);
    };
    const outgoing = send(
      url,
      { method, headers: forwardedHeaders(c, original), timeout: target.timeoutMs },
      (incoming: IncomingMessage) => {
        // Any later silence longer than the timeout ends the stream instead of holding it open.
        incoming.setTimeout(target.timeoutMs, () =>
          incoming.destroy(new Error(`${target.name} went silent for ${seconds}`)),
        );
        const status = incoming.statusCode ?? 502;
        const nullBody = method === 'HEAD' || status === 204 || status === 304;
        if (nullBody) incoming.resume();
        finish(
          new Response(nullBody ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), {
            status,
            headers: responseHeaders(incoming.headers, target.base),
          }),
        );
      },
    );
    outgoing.on('timeout', () => {
      outgoing.destroy();
      target.log(
        `upstream: ${method} ${url.pathname}: ${target.name} did not answer within ${seconds}`,
      );
      finish(error(504, `${target.name} (${target.base.origin}) did not answer within ${seconds}`));
    });
    outgoing.on('error', (failure: NodeJS.ErrnoException) => {
      if (settled) return;
      target.log(
        `upstream: ${method} ${url.pathname}: ${target.name} unreachable (${failure.code ?? failure.message})`,
      );
      finish(
        error(
          502,
          `${target.name} (${target.base.origin}) could not be reached (${failure.code ?? failure.message})`,
        ),
      );
    });
    const body = method === 'GET' || method === 'HEAD' ? null : c.req.raw.body;
    if (body)
      Readable.fromWeb(body as WebReadableStream)
        .on('error', (failure) => outgoing.destroy(failure))
        .pipe(outgoing);
    else outgoing.end();
  });
}

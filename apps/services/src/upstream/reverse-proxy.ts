// The streaming reverse proxy of upstream mode (DESIGN §4 "Upstream mode"). The transport and the
// request framing are undici's (the HTTP client Node's own fetch is built on, kept by Node's team):
// it writes Host, Content-Length or chunked framing from the body it really sends, refuses a body
// shorter or longer than the Content-Length it was given (and closes that connection rather than
// reuse it), never decompresses or follows redirects, and keeps its own pool of connections per
// target. What is Portico's stays here: which requests are refused before anything is sent, the
// timeouts, and clear JSON errors that name no internal address (the address goes to the log).
// The header rules are in proxy-headers.ts, the reading of the request target in request-target.ts.
import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Context } from 'hono';
import { Agent, errors } from 'undici';
import { forwardRequestHeaders, forwardResponseHeaders } from './proxy-headers.ts';
import type { HeaderPairs, TargetPlace } from './proxy-headers.ts';

/** Methods forwarded; TRACE would echo the caller's cookies back, CONNECT is no request at all. */
const FORWARDED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface ProxyTarget extends TargetPlace {
  /** What the target is called in answers and logs ("The platform", "The legacy UI"). */
  name: string;
  /** Time allowed for the target's response headers, and for any silence in its body, in ms. */
  timeoutMs: number;
  /** Addresses whose X-Forwarded-* headers are believed (TRUST_PROXY). */
  trustedProxies: ReadonlySet<string>;
  log: (line: string) => void;
}

/** One connection pool per target; closed with the server. */
export function createTargetAgent(timeoutMs: number): Agent {
  return new Agent({
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connect: { timeout: timeoutMs },
  });
}

export function jsonError(
  status: number,
  message: string,
  headers?: Record<string, string>,
): Response {
  return new Response(JSON.stringify({ error: message }), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

interface NodeBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}

function headerPairs(c: Context, incoming: IncomingMessage | undefined): HeaderPairs {
  if (incoming) {
    const pairs: [string, string][] = [];
    for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2)
      pairs.push([incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!]);
    return pairs;
  }
  return [...c.req.raw.headers.entries()];
}

/** True when the client sent a body (any length but zero, or chunked). */
function hasBody(pairs: HeaderPairs): boolean {
  return pairs.some(
    ([name, value]) =>
      name.toLowerCase() === 'transfer-encoding' ||
      (name.toLowerCase() === 'content-length' && value.trim() !== '0'),
  );
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * Forwards the request in `c` to `target` at `path` (below the target's base path, starting with
 * '/'; already read by request-target.ts) with `query` as sent, and streams the answer back.
 */
export async function proxyRequest(
  c: Context,
  target: ProxyTarget,
  agent: Agent,
  path: string,
  query: string,
): Promise<Response> {
  const method = c.req.method;
  if (!FORWARDED_METHODS.has(method))
    return jsonError(405, `${method} is not forwarded`, {
      Allow: [...FORWARDED_METHODS].join(', '),
    });
  const { incoming, outgoing } = (c.env ?? {}) as NodeBindings;
  const pairs = headerPairs(c, incoming);
  const withBody = hasBody(pairs);
  if (withBody && (method === 'GET' || method === 'HEAD'))
    // node has read and framed the body off the client's connection; it goes no further
    return jsonError(400, `A ${method} request must not carry a body`, { Connection: 'close' });
  const headers = forwardRequestHeaders(pairs, {
    peer: incoming?.socket.remoteAddress ?? '127.0.0.1',
    protocol: (incoming?.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http',
    trustedProxies: target.trustedProxies,
  });
  let body: Readable | null = null;
  if (withBody) {
    const length = pairs.find(([name]) => name.toLowerCase() === 'content-length')?.[1];
    if (length !== undefined) headers['content-length'] = length.trim();
    // Never the IncomingMessage itself: undici destroys a body it stops reading, and that would
    // reset the client's connection before the target's answer (a 413, say) could reach it.
    const source = incoming ?? Readable.fromWeb(c.req.raw.body as WebReadableStream);
    body = source.pipe(new PassThrough());
    source.on('error', (failure) => body?.destroy(failure));
  }
  const basePath = target.base.pathname.replace(/\/+$/, '');
  const abort = new AbortController();
  // the client gone before the answer has been streamed: stop asking the target
  outgoing?.once('close', () => abort.abort());
  try {
    const answer = await agent.request({
      origin: target.base.origin,
      path: `${basePath}${path}${query}`,
      method: method as 'GET',
      headers,
      body,
      signal: abort.signal,
    });
    const status = answer.statusCode;
    const nullBody = method === 'HEAD' || status === 204 || status === 304;
    if (nullBody) answer.body.resume();
    return new Response(
      nullBody ? null : (Readable.toWeb(answer.body) as ReadableStream<Uint8Array>),
      { status, headers: forwardResponseHeaders(answer.headers, target) },
    );
  } catch (failure) {
    return failureResponse(failure, method, path, target, withBody);
  }
}

function failureResponse(
  failure: unknown,
  method: string,
  path: string,
  target: ProxyTarget,
  withBody: boolean,
): Response {
  const where = `upstream: ${method} ${path}: ${target.name} (${target.base.origin})`;
  const code = (failure as { code?: string }).code ?? (failure as Error).message;
  if (
    failure instanceof errors.HeadersTimeoutError ||
    failure instanceof errors.ConnectTimeoutError
  ) {
    target.log(`${where} did not answer within ${seconds(target.timeoutMs)}`);
    return jsonError(504, `${target.name} did not answer within ${seconds(target.timeoutMs)}`);
  }
  if (failure instanceof errors.RequestContentLengthMismatchError) {
    target.log(`${where}: the client's body did not match its Content-Length`);
    return jsonError(400, 'The request body did not match its Content-Length', {
      Connection: 'close',
    });
  }
  if (failure instanceof errors.InvalidArgumentError) {
    target.log(`${where}: refused by the HTTP client (${failure.message})`);
    return jsonError(400, `The request cannot be forwarded: ${failure.message}`);
  }
  if (failure instanceof errors.RequestAbortedError) {
    target.log(`${where}: the client went away`);
    return jsonError(499, 'The client closed the request');
  }
  if (withBody && ['EPIPE', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(code)) {
    target.log(`${where} closed the connection while the request body was sent (${code})`);
    return jsonError(
      502,
      `${target.name} closed the connection before the request body was sent (it may refuse a body this large)`,
    );
  }
  target.log(`${where} unreachable (${code})`);
  return jsonError(502, `${target.name} could not be reached`);
}

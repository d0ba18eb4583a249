// Request headers and cookies on the hot path, read from Node's own parsed headers when the app is
// served by @hono/node-server. The first `c.req.header()` of a request makes the adapter build a
// fetch `Headers` of every request header (each name and value validated, then sorted on access):
// about 1 µs with a load generator's three headers, more with a browser's fifteen, on every API
// request. Node has already parsed them into `incoming.headers` (names lower-cased,
// repeated values joined with ", " as `Headers.get` does; repeated `Cookie` lines with "; ", as RFC
// 6265 joins them). Without them (in-process `app.request()` in tests): Hono's own reader.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { parse } from 'hono/utils/cookie';

/** The value of request header `name` (lower-case), as `c.req.header(name)` gives it. */
export function requestHeader(c: Context, name: string): string | undefined {
  // (tests hand app.fetch an `incoming` of a socket address only)
  const headers = (c.env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming?.headers;
  if (headers === undefined) return c.req.header(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The (URI-decoded) value of request cookie `name`, as hono's `getCookie(c, name)` gives it. */
export function requestCookie(c: Context, name: string): string | undefined {
  const header = requestHeader(c, 'cookie');
  return header ? parse(header, name)[name] : undefined;
}

// The headers every answer carries (request id, nosniff, no-store on the API, the XSRF-TOKEN cookie
// for a client without one), set before the handler runs. Served by @hono/node-server they go
// straight onto Node's response: Node merges them with the handler's at `writeHead`, the handler's
// own value winning a name both set, as it does over Hono's `c.header()` before the handler. Through
// `c.header()` they made Hono build a fetch `Headers` for every answer (each name and value checked)
// and the adapter turn it back into an object (iterated, sorted) for `writeHead`: about 1.5 µs of
// whoami's CPU, and the handler's own answer (a plain object) could not take the
// adapter's fast path. Without Node's response (in-process `app.request()` in tests): `c.header()`.
import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';

function outgoingOf(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: Partial<ServerResponse> } | undefined)?.outgoing;
  return outgoing?.setHeader !== undefined && outgoing.headersSent === false
    ? (outgoing as ServerResponse)
    : undefined;
}

/** Sets answer header `name` (replacing an earlier value of this one). */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  const outgoing = outgoingOf(c);
  if (outgoing === undefined) c.header(name, value);
  else outgoing.setHeader(name, value);
}

/** Adds one `Set-Cookie` line to the answer. */
export function addAnswerCookie(c: Context, cookie: string): void {
  const outgoing = outgoingOf(c);
  if (outgoing === undefined) c.header('Set-Cookie', cookie, { append: true });
  else outgoing.appendHeader('Set-Cookie', cookie);
}

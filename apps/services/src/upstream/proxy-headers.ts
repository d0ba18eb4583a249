// What the reverse proxy does to headers, both ways. Only Portico's rules live here; the framing
// (Content-Length, Transfer-Encoding, Host) is undici's, which sets it from the body it really sends.
//
// - Hop-by-hop headers (RFC 9110 §7.6.1), and every header a Connection header names, are dropped in
//   both directions.
// - X-Forwarded-For, -Proto and -Host are set from the connection. A client's own values are believed
//   only from a trusted proxy (TRUST_PROXY), as the services believe X-Forwarded-For: then the proxy's
//   list is extended, and its proto and host kept. A client's `Forwarded` header is never passed on.
// - Cookies, the token header and X-XSRF-TOKEN pass as they are.
// - On the way back, a Set-Cookie loses its Domain (it names the platform's host, which the browser
//   would refuse on this one), and a Location that points into the target becomes a path on this
//   origin; anything else (another site, or a path that would read as one, `//evil.example/x`) is
//   passed unchanged.
import { normalizeAddress } from '../ops/client-address.ts';

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
  'http2-settings',
]);

/** Request headers the proxy writes itself, or that undici writes from what it sends. */
const SET_BY_PROXY = new Set([
  'host',
  'content-length',
  'expect',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
]);

/** A header list as node reads it: names in any case, repeated names allowed. */
export type HeaderPairs = readonly (readonly [string, string])[];

/** Header names a Connection header lists (lower-cased), which are hop-by-hop as well. */
export function connectionOptions(values: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const value of values)
    for (const token of value.split(',')) {
      const name = token.trim().toLowerCase();
      if (name) names.add(name);
    }
  return names;
}

/** What the proxy knows of the client's connection. */
export interface ClientConnection {
  /** The direct peer's address. */
  peer: string;
  /** `https` when the client's connection to this process is TLS. */
  protocol: 'http' | 'https';
  /** Addresses whose X-Forwarded-* headers are believed (TRUST_PROXY). */
  trustedProxies: ReadonlySet<string>;
}

function joined(pairs: HeaderPairs, name: string): string | undefined {
  const values = pairs.filter(([key]) => key.toLowerCase() === name).map(([, value]) => value);
  return values.length === 0 ? undefined : values.join(', ');
}

/** The headers sent to the target for a request that arrived with `pairs`. */
export function forwardRequestHeaders(
  pairs: HeaderPairs,
  client: ClientConnection,
): Record<string, string> {
  const named = connectionOptions(
    pairs.filter(([name]) => name.toLowerCase() === 'connection').map(([, value]) => value),
  );
  const headers: Record<string, string> = {};
  for (const [rawName, value] of pairs) {
    const name = rawName.toLowerCase();
    if (HOP_BY_HOP.has(name) || SET_BY_PROXY.has(name) || named.has(name)) continue;
    const previous = headers[name];
    headers[name] =
      previous === undefined ? value : `${previous}${name === 'cookie' ? '; ' : ', '}${value}`;
  }
  const peer = normalizeAddress(client.peer);
  const trusted = client.trustedProxies.has(peer);
  const forwardedFor = trusted ? joined(pairs, 'x-forwarded-for') : undefined;
  headers['x-forwarded-for'] = forwardedFor ? `${forwardedFor}, ${peer}` : peer;
  const proto = trusted ? joined(pairs, 'x-forwarded-proto')?.trim().toLowerCase() : undefined;
  headers['x-forwarded-proto'] = proto === 'http' || proto === 'https' ? proto : client.protocol;
  const host = (trusted ? joined(pairs, 'x-forwarded-host') : undefined) ?? joined(pairs, 'host');
  if (host) headers['x-forwarded-host'] = host;
  return headers;
}

/** Where a target lives and where it is mounted on this origin. */
export interface TargetPlace {
  /** The target's base URL (origin and base path). */
  base: URL;
  /** The path on this origin that the base answers at (`''` for the platform, `/legacy-ui`). */
  mount: string;
}

/** A Location from the target, as a path on this origin when it points into the target. */
export function rewriteLocation(value: string, place: TargetPlace): string {
  // only absolute URLs and absolute paths name the target's own address; a relative reference the
  // browser resolves against the address it asked, which is already this origin's
  if (!/^([a-z][a-z0-9+.-]*:|\/)/i.test(value)) return value;
  let resolved: URL;
  try {
    resolved = new URL(value, place.base);
  } catch {
    return value;
  }
  if (resolved.origin !== place.base.origin) return value;
  const basePath = place.base.pathname.replace(/\/+$/, '');
  if (basePath && !(resolved.pathname === basePath || resolved.pathname.startsWith(`${basePath}/`)))
    return value;
  const local = `${place.mount}${resolved.pathname.slice(basePath.length) || '/'}${resolved.search}${resolved.hash}`;
  // `//host/x` or `/\host/x` would send the browser to another site
  return /^\/[/\\]/.test(local) ? value : local;
}

/** The headers sent back to the client for the target's answer. */
export function forwardResponseHeaders(
  incoming: Record<string, string | string[] | undefined>,
  place: TargetPlace,
): Headers {
  const connection = incoming.connection;
  const named = connectionOptions(
    connection === undefined ? [] : Array.isArray(connection) ? connection : [connection],
  );
  const headers = new Headers();
  for (const [rawName, value] of Object.entries(incoming)) {
    const name = rawName.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (name === 'set-cookie') headers.append(name, item.replace(/;\s*domain=[^;]*/gi, ''));
      else if (name === 'location') headers.append(name, rewriteLocation(item, place));
      else headers.append(name, item);
    }
  }
  return headers;
}

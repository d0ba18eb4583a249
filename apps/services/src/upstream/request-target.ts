// The request target a client sent, as the reverse proxy reads it before anything is forwarded.
//
// The proxy decides where a request goes from the target exactly as the client wrote it, never from
// a decoded copy: a copy decoded for routing and a raw one cut by the decoded length disagree
// (`/legacy-u%69/x` matched `/legacy-ui/*` and its raw remainder `9/x` was glued to the target's
// address, which then named another port). So the target is first brought to one canonical form
// (RFC 3986 §6.2.2.2: percent-encoded unreserved characters decoded, nothing else), then refused
// when it holds anything a server behind the proxy could read as another path than the one the proxy
// matched: dot segments (also `%2e`), encoded slashes or backslashes, backslashes, NUL, and `;`
// path parameters (Tomcat, the platform's server, reads `..;/` as `../`).

/** A target the proxy may route: its canonical path and its query, as sent (with the `?`). */
export interface RequestTarget {
  path: string;
  query: string;
}

/** Why a target is refused; `message` is what the client is told (400). */
export class RequestTargetError extends Error {
  readonly code = 'BAD_REQUEST_TARGET';
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const PERCENT = /%([0-9A-Fa-f]{2})|%/g;

/** Decodes percent-encoded unreserved characters (`%69` → `i`); every other escape is kept, upper-cased. */
export function decodeUnreserved(path: string): string {
  return path.replace(PERCENT, (whole, hex: string | undefined) => {
    if (hex === undefined) throw new RequestTargetError('Malformed percent-encoding in the path');
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/**
 * Reads the request target (origin form, `/path?query`) into its canonical path and raw query, or
 * throws a RequestTargetError saying what is refused.
 */
export function readRequestTarget(raw: string): RequestTarget {
  if (!raw.startsWith('/') || raw.startsWith('//'))
    throw new RequestTargetError('The request target must be a path starting with a single /');
  const mark = raw.indexOf('?');
  const rawPath = mark === -1 ? raw : raw.slice(0, mark);
  const query = mark === -1 ? '' : raw.slice(mark);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\x00-\x20\x7f\\]/.test(rawPath))
    throw new RequestTargetError('The path must not contain spaces, control characters or \\');
  const path = decodeUnreserved(rawPath);
  if (/%(2F|5C|00)/.test(path))
    throw new RequestTargetError('The path must not contain an encoded /, \\ or NUL');
  if (path.includes(';')) throw new RequestTargetError('The path must not contain ; parameters');
  if (path.split('/').some((segment) => segment === '.' || segment === '..'))
    throw new RequestTargetError('The path must not contain . or .. segments');
  return { path, query };
}

/** True when `path` is `prefix` itself or lies below it (a whole segment, not `/legacy-uix`). */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

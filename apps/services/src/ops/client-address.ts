// The client's address behind a reverse proxy. X-Forwarded-For is believed only when the direct peer
// is a configured trusted proxy (TRUST_PROXY): then the address is the right-most entry that is not
// itself a trusted proxy (nginx's `$proxy_add_x_forwarded_for` appends the peer it saw, so entries a
// client wrote itself sit to the left and are never taken). Otherwise the header is ignored: a client
// talking to us directly could write anything there, and the login throttle counts by address.
import { isIP } from 'node:net';

/** `::ffff:127.0.0.1` and `127.0.0.1` are the same peer. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/** Parses TRUST_PROXY: comma- or space-separated IP addresses. Throws on anything else. */
export function parseTrustedProxies(text: string | undefined): string[] {
  if (!text || text.trim() === '') return [];
  const list = text.split(/[\s,]+/).filter(Boolean);
  for (const entry of list) {
    if (isIP(entry) === 0) throw new Error(`TRUST_PROXY must list IP addresses, got "${entry}"`);
  }
  return list.map(normalizeAddress);
}

/** The address to attribute a request to. */
export function resolveClientAddress(
  peer: string,
  forwardedFor: string | undefined,
  trusted: ReadonlySet<string>,
): string {
  const direct = normalizeAddress(peer);
  if (!forwardedFor || !trusted.has(direct)) return direct;
  const hops = forwardedFor.split(',').map(normalizeAddress);
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i] ?? '';
    if (isIP(hop) === 0) return direct;
    if (!trusted.has(hop)) return hop;
  }
  return direct;
}

/**
 * Whether the client's own connection was TLS: this request's URL is https, or the direct peer is a
 * trusted proxy whose X-Forwarded-Proto (its right-most value: the one the nearest proxy wrote)
 * says https. A client talking to us directly cannot make itself "secure" with the header.
 */
export function resolveSecure(
  url: string,
  peer: string,
  forwardedProto: string | undefined,
  trusted: ReadonlySet<string>,
): boolean {
  if (url.startsWith('https:')) return true;
  if (!forwardedProto || !trusted.has(normalizeAddress(peer))) return false;
  return forwardedProto.split(',').pop()?.trim().toLowerCase() === 'https';
}

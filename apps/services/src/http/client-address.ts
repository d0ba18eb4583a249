// The peer address of a request: the socket's when served by @hono/node-server, else 'local'
// (in-process app.fetch in tests). Behind a configured trusted proxy (TRUST_PROXY) the operations
// middleware has resolved it from X-Forwarded-For (ops/client-address.ts).
import type { Context } from 'hono';

export function clientAddress(c: Context): string {
  const resolved = c.get('clientAddress') as string | undefined;
  if (resolved) return resolved;
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}

/** The direct peer's address (the socket's), whatever X-Forwarded-For says; 'local' in-process. */
export function peerAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}

// The peer address of a request: the socket's when served by @hono/node-server, else 'local'
// (in-process app.fetch in tests). Forwarded headers are not trusted: no proxy is configured.
import type { Context } from 'hono';

export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}

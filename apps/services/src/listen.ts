// Serves an app over HTTP: one process's listening socket (in a cluster worker, a share of the
// primary's) and its orderly close.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './services-context.ts';

/**
 * How long an idle keep-alive connection stays open: 20 s, the real platform's own (Tomcat's default
 * connection timeout). A client that reuses a connection just as the server closes it gets a reset
 * (`socket hang up`); Node's 5 s default put that race in the pause of any client that waits
 * about five seconds between two calls (seen: an API client's GET after a 5 s pause, reset). A
 * reverse proxy that keeps connections to the instances must drop idle ones sooner
 * (deploy/nginx: `keepalive_timeout` in the upstream), or it may send a request into a connection
 * this server is closing at that moment (a 502).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 20_000;

export interface Listening {
  url: string;
  /** Stops accepting, lets requests in flight finish, closes idle keep-alive connections. */
  close(): Promise<void>;
}

export async function listen(app: Hono<AppEnv>, host: string, port: number): Promise<Listening> {
  const server = await new Promise<Server>((resolve, reject) => {
    const instance = serve({ fetch: app.fetch, hostname: host, port }) as Server;
    instance.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    instance.once('listening', () => resolve(instance));
    instance.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

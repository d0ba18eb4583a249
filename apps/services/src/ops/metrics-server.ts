// METRICS_PORT: the metrics on a port of their own (GET /metrics, nothing else), for a Prometheus
// that reaches the instance over a private network. The public port never serves them openly.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { METRICS_CONTENT_TYPE } from './metrics.ts';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(
  host: string,
  port: number,
  metricsText: () => Promise<string>,
  log: (line: string) => void,
): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metricsText().then(
      (text) =>
        res
          .writeHead(200, { 'Content-Type': METRICS_CONTENT_TYPE, 'Cache-Control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        log(
          `services: metrics could not be collected (${error instanceof Error ? error.message : String(error)})`,
        );
        res
          .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

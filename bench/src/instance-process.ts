// One Portico instance (or a bare Hono hello-world, for the ratio) in a process of its own, for the
// instances bench. Usage: instance-process '<json StartServerOptions>' | instance-process hello.
// Prints its URL as the first stdout line; SIGTERM stops it.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { startServer } from '@portico/services';

const arg = process.argv[2] ?? '';
if (arg === 'hello') {
  const app = new Hono();
  app.get('/', (c) => c.json({ hello: 'world' }));
  const server = serve(
    { fetch: app.fetch, hostname: '127.0.0.1', port: 0 },
    (info: AddressInfo) => {
      process.stdout.write(`http://127.0.0.1:${info.port}\n`);
    },
  );
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  const options = JSON.parse(arg) as Parameters<typeof startServer>[0];
  const server = await startServer({
    ...options,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${server.url}\n`);
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

// The e2e environment `default`: the plain `npm start` shape.
import type { E2eEnvironment } from './environment.ts';
import { startPlainServer } from './plain-server.ts';

/** The plain shape: one `npm start`-like server with two workers on a fresh SQLite data dir. */
export const defaultEnvironment: E2eEnvironment = {
  name: 'default',
  start(context) {
    return startPlainServer(context, {
      prefix: '',
      describe: 'e2e server',
      server: {
        // Two worker processes, as `npm start` runs on this machine: the end-to-end tests also
        // prove that sessions, settings and permissions stay coherent across workers.
        workers: 2,
        // webhooks go only to receivers the specs start on this machine
        webhookAllowedHosts: '127.0.0.1',
      },
    });
  },
};

// The e2e environment `platform-shapes`: the plain shape with PORTICO_PLATFORM_SHAPES=only, where
// every answer for which Portico adds keys to the real platform's shape (apps/services/API.md,
// compatibility table) comes in the platform's shape alone. The console's main specs run against
// it to prove it needs nothing beyond what the real platform answers.
import type { E2eEnvironment } from './environment.ts';
import { startPlainServer } from './plain-server.ts';

export const platformShapesEnvironment: E2eEnvironment = {
  name: 'platform-shapes',
  start(context) {
    // read by every worker's context (forked workers inherit the environment)
    process.env.PORTICO_PLATFORM_SHAPES = 'only';
    return startPlainServer(context, {
      prefix: 'shapes-',
      describe: 'e2e server (platform shapes only)',
      server: { workers: 1 },
      // the mode must hold, or this project would prove nothing: the login answer has no isRoot
      async check(url) {
        const login = await fetch(`${url}/riot-core-services/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'viewer', password: 'demo' }),
        });
        const answer = (await login.json()) as Record<string, unknown>;
        if (!('token' in answer) || 'isRoot' in answer)
          throw new Error('platform-shapes: the services do not answer the platform shapes only');
      },
    });
  },
};

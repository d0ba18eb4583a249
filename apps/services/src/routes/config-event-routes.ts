// GET /configEvents: a server-sent event stream that tells an open console its configuration
// changed (a group field of its group or of a group above it), so every open console of a tenant
// shows a new title, vocabulary or landing page at once, whichever instance took the change (the
// cache bus carries it between processes and instances). An event names only the group: the
// console reads the configuration again through the ordinary, permission-checked calls.
//
// Opening the stream is a request like any other and slides the session once; the stream itself
// does not. It ends after STREAM_LIFETIME_MS, and the console opens it again only after the person
// used the console meanwhile, so an idle console still reaches its session timeout.
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { CacheEvent } from '../cluster/cache-bus.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';

/** How long one stream stays open. */
export const STREAM_LIFETIME_MS = 10 * 60_000;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

export function registerConfigEventRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  api.get('/configEvents', async (c) => {
    const caller = c.get('caller');
    // the groups whose fields this caller inherits: its own and every one above it
    const watched = new Set((await ctx.directory.lineage(caller.user.groupId)).map((g) => g.id));
    return streamSSE(c, async (stream) => {
      let finish: () => void = () => undefined;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      let sequence = 0;
      const pending: number[] = [];
      let wake: (() => void) | null = null;
      const stop = ctx.bus.subscribe((event: CacheEvent) => {
        if (event.type !== 'directory' || event.configGroupId === undefined) return;
        if (!watched.has(event.configGroupId)) return;
        pending.push(event.configGroupId);
        wake?.();
      });
      const lifetime = setTimeout(finish, STREAM_LIFETIME_MS);
      const heartbeat = setInterval(() => {
        void stream.write(': keep-alive\n\n').catch(finish);
      }, HEARTBEAT_MS);
      stream.onAbort(finish);
      try {
        await stream.writeSSE({ event: 'ready', data: '{}', id: String(sequence) });
        for (;;) {
          const next = pending.shift();
          if (next !== undefined) {
            sequence += 1;
            await stream.writeSSE({
              event: 'config',
              data: JSON.stringify({ groupId: next }),
              id: String(sequence),
            });
            continue;
          }
          const woken = new Promise<'event'>((resolve) => (wake = () => resolve('event')));
          const why = await Promise.race([woken, finished.then(() => 'end' as const)]);
          wake = null;
          if (why === 'end') break;
        }
      } finally {
        stop();
        clearTimeout(lifetime);
        clearInterval(heartbeat);
      }
    });
  });
}

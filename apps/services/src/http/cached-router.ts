// Hono's router with the last matches kept. The services' routes mix static and parameter segments
// at one position (`/user/whoami` and `/user/:id`, `/thing/export.csv` and `/thing/:id`), which
// Hono's RegExpRouter cannot express, so its SmartRouter falls back to the TrieRouter: that walks
// every candidate node on each request (about 5 µs for whoami, more than the handler itself). The
// same few paths make most of the traffic (whoami, list pages, assets), so a match is kept by
// method and path. A match depends on nothing but the routes and the path (the SmartRouter refuses
// new routes once it has matched, so a kept match cannot go stale), and Hono only reads it.
import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { BoundedCache } from '../cache/bounded-cache.ts';

const MAX_MATCHES = 1000;

export class CachedRouter<T> implements Router<T> {
  readonly name = 'CachedRouter';
  private readonly router: Router<T> = new SmartRouter<T>({
    routers: [new RegExpRouter<T>(), new TrieRouter<T>()],
  });
  private readonly matches = new BoundedCache<string, Result<T>>({
    name: 'route-matches',
    max: MAX_MATCHES,
  });

  add(method: string, path: string, handler: T): void {
    this.router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.matches.get(key);
    if (!result) {
      result = this.router.match(method, path);
      this.matches.set(key, result);
    }
    return result;
  }
}

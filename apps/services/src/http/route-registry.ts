// What the API document says of a route beyond its method and path: registered beside the route,
// with the very zod schemas the route validates with, so the document cannot drift from them.
import type { Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../services-context.ts';

export interface RouteDoc {
  summary: string;
  /** The group the operation is listed under (default: the path's first segment). */
  tag?: string;
  /** The query the route parses. */
  query?: z.ZodType;
  /** The JSON body the route parses. */
  body?: z.ZodType;
}

type AnyHono = Hono<AppEnv>;

const docs = new WeakMap<AnyHono, Map<string, RouteDoc>>();

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Records what `method path` of `app` takes (call it beside the `app.get(...)` it describes). */
export function describeRoute(app: AnyHono, method: string, path: string, doc: RouteDoc): void {
  let table = docs.get(app);
  if (!table) {
    table = new Map();
    docs.set(app, table);
  }
  table.set(key(method, path), doc);
}

/** The description of a registered route, if one was recorded. */
export function routeDoc(app: AnyHono, method: string, path: string): RouteDoc | undefined {
  return docs.get(app)?.get(key(method, path));
}

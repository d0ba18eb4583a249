// POST /user/login, POST /user/logout, GET /user/validateToken, GET /user/whoami.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Caller } from '../auth/directory.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';
import { auditOrigin } from '../http/audit-origin.ts';
import { clientAddress } from '../http/client-address.ts';
import { parseOrThrow } from '../http/http-error.ts';
import { readJson } from '../http/read-json.ts';
import { shapeUser } from '../presenters/user-json.ts';

const short = z.string().min(1).max(256);
const loginBody = z.union([
  z.strictObject({ username: short, password: z.string().max(1024) }),
  z.strictObject({ apiKey: short }),
  z.strictObject({ token: z.string().min(1).max(512) }),
]);

export function registerSessionRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  api.post('/user/login', async (c) => {
    const body = parseOrThrow(loginBody, await readJson(c.req), 'body');
    const { token, user } = await ctx.sessions.login(
      body,
      clientAddress(c),
      String(c.get('requestId') ?? ''),
    );
    const fields = await ctx.directory.userFields(user.id);
    const json = await shapeUser(ctx.directory, user, fields, new Set(), undefined);
    return c.json({
      token,
      ...json,
      isRoot: (await ctx.directory.group(user.groupId))?.treeLevel === 1,
    });
  });

  api.post('/user/logout', async (c) => {
    await ctx.sessions.logout(c.get('token'), c.get('caller'), auditOrigin(c));
    return c.json({ message: 'Logged out' });
  });

  api.get('/user/validateToken', (c) => {
    const caller = c.get('caller');
    return c.json({ valid: true, id: caller.user.id, username: caller.user.username });
  });

  // whoami is derived from the directory's cached views only: its body is kept with the cached
  // caller, which the directory replaces on any change to users, groups, fields or roles (and on its
  // TTL), so the body never outlives what it shows.
  // A kept body is answered at once (no promise); only building one waits.
  const whoamiBodies = new WeakMap<Caller, string>();
  const whoamiBody = async (caller: Caller): Promise<string> => {
    const fields = await ctx.directory.userFields(caller.user.id);
    const json = await shapeUser(
      ctx.directory,
      caller.user,
      fields,
      new Set(['group', 'activeGroup']),
      undefined,
    );
    const body = JSON.stringify({ ...json, isRoot: caller.isRoot });
    whoamiBodies.set(caller, body);
    return body;
  };
  api.get('/user/whoami', (c): Response | Promise<Response> => {
    const caller = c.get('caller');
    const body = whoamiBodies.get(caller);
    if (body !== undefined) return c.body(body, 200, { 'Content-Type': 'application/json' });
    return whoamiBody(caller).then((built) =>
      c.body(built, 200, { 'Content-Type': 'application/json' }),
    );
  });
}

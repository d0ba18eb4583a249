// POST /user/login, POST /user/logout, GET /user/validateToken, GET /user/whoami.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Caller } from '../auth/directory.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';
import { auditOrigin } from '../http/audit-origin.ts';
import { clientAddress } from '../http/client-address.ts';
import { parseOrThrow } from '../http/http-error.ts';
import { readJson } from '../http/read-json.ts';
import { groupJson, shapeUser } from '../presenters/user-json.ts';
import { smallGroupJson, userFieldEntries } from '../presenters/field-json.ts';
import { VISIBILITY_RESOURCES } from '@portico/core';
import { evaluateQueries, permissionQueries } from './platform-user-routes.ts';

const short = z.string().min(1).max(256);
// `menus`: the permission queries the platform's login answers (name → expression)
const menus = permissionQueries.optional();
const loginBody = z.union([
  z.strictObject({ username: short, password: z.string().max(1024), menus }),
  z.strictObject({ apiKey: short, menus }),
  z.strictObject({ token: z.string().min(1).max(512), menus }),
]);

/**
 * What the platform's login answer adds to the user (UserController.loginUser): the user's group
 * and group type (`group`, `groupType`, `activeGroup`, `activeGroupType`: Portico has no roaming
 * group, so both pairs are the user's group), the group each resource is seen from
 * (`visibilityGroups`), the user's inherited fields (`configurations`), the answers to the `menus`
 * permission queries, and `notifications` (license notices on the platform: none here).
 */
async function platformLoginFields(
  ctx: ServicesContext,
  caller: Caller,
  queries: Readonly<Record<string, string>> | undefined,
): Promise<Record<string, unknown>> {
  const group = groupJson(caller.group);
  const groupType =
    caller.group.groupTypeId === null
      ? null
      : await ctx.directory.groupTypeJson(caller.group.groupTypeId);
  const small = smallGroupJson(caller.group);
  const configurations = await userFieldEntries(ctx.db, ctx.directory, caller.user);
  return {
    group,
    groupType,
    activeGroup: group,
    activeGroupType: groupType,
    visibilityGroups: Object.fromEntries(VISIBILITY_RESOURCES.map((name) => [name, small])),
    configurations: Object.fromEntries(configurations),
    menus: evaluateQueries(caller, queries),
    notifications: [],
  };
}

export function registerSessionRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  api.post('/user/login', async (c) => {
    const body = parseOrThrow(loginBody, await readJson(c.req), 'body');
    const { menus: queries, ...credentials } = body;
    const { token, user } = await ctx.sessions.login(
      credentials,
      clientAddress(c),
      String(c.get('requestId') ?? ''),
    );
    const fields = await ctx.directory.userFields(user.id);
    const json = await shapeUser(ctx.directory, user, fields, new Set(), undefined);
    // the session's own caller: a key's sign-in carries the key's permissions only
    const caller = await ctx.sessions.authenticate(token);
    return c.json({
      token,
      ...json,
      isRoot: caller.isRoot,
      ...(await platformLoginFields(ctx, caller, queries)),
    });
  });

  api.post('/user/logout', async (c) => {
    await ctx.sessions.logout(c.get('token'), c.get('caller'), auditOrigin(c));
    return c.json({ message: 'Logged out' });
  });

  // the platform answers {"message": "Has an active session"}; Portico adds who
  api.get('/user/validateToken', (c) => {
    const caller = c.get('caller');
    return c.json({
      message: 'Has an active session',
      valid: true,
      id: caller.user.id,
      username: caller.user.username,
    });
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

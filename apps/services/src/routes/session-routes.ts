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
import {
  API_BASE_PATH,
  MAX_SIGN_IN_READS,
  VISIBILITY_RESOURCES,
  fillSignInReadPath,
  isSignInRead,
  type SignInReadKeys,
} from '@portico/core';
import { evaluateQueries, permissionQueries } from './platform-user-routes.ts';

const short = z.string().min(1).max(256);
// `menus`: the permission queries the platform's login answers (name → expression)
const menus = permissionQueries.optional();
/**
 * `reads`: the session's reads, answered with the sign-in (core's sign-in-reads.ts): each a method,
 * a path template of the list there, its query, and for a POST read its JSON body.
 */
const signInRead = z
  .strictObject({
    method: z.enum(['GET', 'POST']),
    path: z.string().max(128),
    query: z.record(z.string().max(64), z.string().max(2048)).optional(),
    body: z.unknown().optional(),
  })
  .refine((read) => isSignInRead(read.method, read.path), {
    message: 'is not a read that can come with a sign-in',
  })
  .refine((read) => read.method === 'POST' || read.body === undefined, {
    message: 'a GET read has no body',
  });
// checked on its own, after the credentials' shape, so that its problem is named (a union of
// shapes names only "Invalid input")
const readsOfBody = z.looseObject({
  reads: z.array(signInRead).max(MAX_SIGN_IN_READS).optional(),
});
const reads = z.unknown().optional();
const loginBody = z.union([
  z.strictObject({ username: short, password: z.string().max(1024), menus, reads }),
  z.strictObject({ apiKey: short, menus, reads }),
  z.strictObject({ token: z.string().min(1).max(512), menus, reads }),
]);
type SignInRead = z.infer<typeof signInRead>;

/** Answers a request as the services would over HTTP (app.ts: the whole app, its middleware and all). */
export type Dispatch = (request: Request, env: unknown) => Response | Promise<Response>;

/** One read's answer: its status and JSON body (null when it had none or it was not JSON). */
interface ReadAnswer {
  status: number;
  body: unknown;
}

/**
 * Answers a sign-in's reads, each as its own request with the new token would be answered (the
 * same middleware, permissions and shapes), all at once. A read that fails is answered with its
 * status: the client asks it again over the network and meets the error there.
 */
async function answerReads(
  requested: readonly SignInRead[],
  token: string,
  keys: SignInReadKeys,
  origin: string,
  env: unknown,
  dispatch: Dispatch,
): Promise<ReadAnswer[]> {
  // the client's address only (request-headers.ts reads Node's headers from `incoming` when it has
  // them: the sign-in's own, which carry no token)
  const address = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming?.socket?.remoteAddress;
  const subEnv =
    address === undefined ? undefined : { incoming: { socket: { remoteAddress: address } } };
  return Promise.all(
    requested.map(async (read): Promise<ReadAnswer> => {
      const url = new URL(`${origin}${API_BASE_PATH}${fillSignInReadPath(read.path, keys)}`);
      for (const [name, value] of Object.entries(read.query ?? {}))
        url.searchParams.set(name, value);
      const headers: Record<string, string> = { accept: 'application/json', token };
      if (read.body !== undefined) headers['content-type'] = 'application/json';
      const response = await dispatch(
        new Request(url, {
          method: read.method,
          headers,
          body: read.body === undefined ? undefined : JSON.stringify(read.body),
        }),
        subEnv,
      );
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        // not JSON: answered as null, and the client asks again
      }
      return { status: response.status, body };
    }),
  );
}

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

export function registerSessionRoutes(
  api: Hono<AppEnv>,
  ctx: ServicesContext,
  dispatch: Dispatch,
): void {
  api.post('/user/login', async (c) => {
    const raw = await readJson(c.req);
    const body = parseOrThrow(loginBody, raw, 'body');
    const requested = parseOrThrow(readsOfBody, raw, 'body').reads;
    const { menus: queries, reads: _reads, ...credentials } = body;
    const { token, user } = await ctx.sessions.login(
      credentials,
      clientAddress(c),
      String(c.get('requestId') ?? ''),
    );
    const fields = await ctx.directory.userFields(user.id);
    const json = await shapeUser(ctx.directory, user, fields, new Set(), undefined);
    // the session's own caller: a key's sign-in carries the key's permissions only
    const caller = await ctx.sessions.authenticate(token);
    const keys: SignInReadKeys = { userId: user.id, groupId: caller.group.id };
    const [platform, answers] = await Promise.all([
      platformLoginFields(ctx, caller, queries),
      requested && requested.length > 0
        ? answerReads(requested, token, keys, new URL(c.req.url).origin, c.env, dispatch)
        : undefined,
    ]);
    return c.json({
      token,
      ...json,
      isRoot: caller.isRoot,
      ...platform,
      ...(answers ? { reads: { keys, answers } } : {}),
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

// Test helpers: an in-memory instance and small request builders.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createInMemoryServices } from '../src/index.ts';
import type { InMemoryServices } from '../src/index.ts';

export const API = 'http://portico.test/riot-core-services/api';

/** The resource paths the HTTP tests walk (list, bad input), one list for every test file. */
export const RESOURCE_PATHS = [
  'group',
  'groupType',
  'user',
  'role',
  'resource',
  'thing',
  'thingType',
  'zone',
  'zoneType',
  'zoneGroup',
  'logicalReader',
  'connection',
  'edgebox',
  'scheduledRule',
  'streamApp',
  'deviceProfile',
  'folder',
  'reportDefinition',
  'trainedModel',
  'endpoint',
  'subscription',
];

export interface TestClient {
  services: InMemoryServices;
  call(
    method: string,
    path: string,
    options?: {
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      rawBody?: string | Uint8Array<ArrayBuffer>;
    },
  ): Promise<Response>;
  login(
    username: string,
    password?: string,
  ): Promise<{ token: string; id: number; groupId: number }>;
}

export async function createTestClient(
  options: Parameters<typeof createInMemoryServices>[0] = {},
): Promise<TestClient> {
  const services = await createInMemoryServices({ log: () => undefined, ...options });
  const call: TestClient['call'] = (method, path, { token, body, headers = {}, rawBody } = {}) => {
    const url = path.startsWith('http') ? path : `${API}${path}`;
    const all: Record<string, string> = { ...headers };
    if (token) all.token = token;
    if (body !== undefined) all['content-type'] ??= 'application/json';
    return services.fetch(
      new Request(url, {
        method,
        headers: all,
        body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
      }),
    );
  };
  return {
    services,
    call,
    async login(username, password = 'demo') {
      const response = await call('POST', '/user/login', { body: { username, password } });
      if (response.status !== 200) throw new Error(`login ${username}: ${response.status}`);
      return (await response.json()) as { token: string; id: number; groupId: number };
    },
  };
}

/** The seeded demo users (seed/directory.ts), each signed in with the demo password. */
export const SEEDED_USERS = ['root', 'admin', 'operator', 'viewer', 'nobody', 'globex'] as const;
export type SeededUser = (typeof SEEDED_USERS)[number];

/** Signs each of `names` in on `client`: name → session token. */
export async function signInAll<Name extends string>(
  client: TestClient,
  names: readonly Name[],
): Promise<Record<Name, string>> {
  const tokens = {} as Record<Name, string>;
  for (const name of names) tokens[name] = (await client.login(name)).token;
  return tokens;
}

/**
 * One instance for a whole test file with every seeded user signed in (`tokens`: name → session
 * token), closed after the file's last test. Call at a test file's top level: it registers the
 * `beforeAll` and `afterAll`; `client` stands for the instance from that `beforeAll` on, so a
 * `beforeAll` registered after it may use both.
 */
export function useSeededClient(options: Parameters<typeof createTestClient>[0] = {}): {
  client: TestClient;
  tokens: Record<SeededUser, string>;
  /** The `total` of list `path` as `token` (the admin's unless told) sees it. */
  total(path: string, token?: string): Promise<number>;
  /** POSTs `body` to list `path` as `token` (the admin's unless told): the created record. */
  create(
    path: string,
    body: Record<string, unknown>,
    token?: string,
  ): Promise<Record<string, unknown> & { id: number }>;
  /**
   * `roleActionStatuses` over list `path` as a seeded user: it creates `body()`, and updates with
   * `change` and deletes a record of `body()` the admin created.
   */
  statusesAs(
    path: string,
    body: () => Record<string, unknown>,
    change: Record<string, unknown>,
  ): (user: SeededUser) => Promise<RoleActionStatuses>;
} {
  let started: TestClient | undefined;
  const tokens = {} as Record<SeededUser, string>;
  beforeAll(async () => {
    started = await createTestClient(options);
    Object.assign(tokens, await signInAll(started, SEEDED_USERS));
    // six sign-ins on a busy machine
  }, 60_000);
  afterAll(async () => {
    await started?.services.close();
  });
  const current = (): TestClient => {
    if (!started) throw new Error('the test client is not started (call it from a test or hook)');
    return started;
  };
  const client: TestClient = {
    get services() {
      return current().services;
    },
    call: (...args) => current().call(...args),
    login: (...args) => current().login(...args),
  };
  return {
    client,
    tokens,
    total: (path, token = tokens.admin) => listTotal(client, path, token),
    create: (path, body, token = tokens.admin) => createdRecord(client, path, body, token),
    statusesAs: (path, body, change) => (user) =>
      roleActionStatuses(
        client,
        tokens[user],
        `/${path}`,
        body(),
        () => createdRecord(client, path, body(), tokens.admin),
        change,
      ),
  };
}

/**
 * A new instance per call (each test's rows start from the seed), every one closed after the test
 * that made it. Call at a test file's top level: it registers the `afterEach`.
 */
export function freshClients(): () => Promise<TestClient> {
  let open: TestClient[] = [];
  afterEach(async () => {
    await Promise.all(open.map((client) => client.services.close()));
    open = [];
  });
  return async () => {
    const client = await createTestClient();
    open.push(client);
    return client;
  };
}

/** The body of `response` as JSON (null when empty), after checking its status (the body shown if not). */
export async function jsonOf<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}

/** The status `method` `path` answers `token` on `client` (with `body` sent). */
export async function statusOf(
  client: TestClient,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<number> {
  return (await client.call(method, path, { token, body })).status;
}

/** The `total` of list `path` (`zone`, `thing?groupId=2`) as `token` sees it. */
export async function listTotal(client: TestClient, path: string, token: string): Promise<number> {
  return (await jsonOf<{ total: number }>(await client.call('GET', `/${path}`, { token }), 200))
    .total;
}

/** How many audit entries there are, of every tenant. */
export async function countAuditEntries(client: TestClient): Promise<number> {
  const db = client.services.context.db;
  const row = await db
    .selectFrom('auditEntries')
    .select(db.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Group `groupId`'s own value of field `name` (none: null). */
export async function groupFieldValue(
  client: TestClient,
  groupId: number,
  name: string,
): Promise<string | null> {
  const row = await client.services.context.db
    .selectFrom('groupFields')
    .select('value')
    .where('ownerId', '=', groupId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value ?? null;
}

/** POSTs `body` to list `path` as `token` and answers the created record (201 checked). */
export async function createdRecord(
  client: TestClient,
  path: string,
  body: Record<string, unknown>,
  token: string,
): Promise<Record<string, unknown> & { id: number }> {
  return jsonOf(await client.call('POST', `/${path}`, { token, body }), 201);
}

/** What `token` is answered at each step of `roleActionStatuses`. */
export interface RoleActionStatuses {
  list: number;
  create: number;
  update: number;
  remove: number;
}

/**
 * One row of a role × action table over the collection at `base` (`/deviceProfile`): `token` lists
 * it, creates `body`, then updates with `change` and deletes a record `made` by someone who may (so
 * that a refused create leaves something to update and delete); the statuses it was answered.
 */
export async function roleActionStatuses(
  client: TestClient,
  token: string,
  base: string,
  body: unknown,
  made: () => Promise<{ id: number }>,
  change: unknown,
): Promise<RoleActionStatuses> {
  const list = (await client.call('GET', base, { token })).status;
  const create = (await client.call('POST', base, { token, body })).status;
  const { id } = await made();
  const update = (await client.call('PATCH', `${base}/${id}`, { token, body: change })).status;
  const remove = (await client.call('DELETE', `${base}/${id}`, { token })).status;
  return { list, create, update, remove };
}

/**
 * A role × action table: for each row `[user, list, create, update, delete]`, one test that
 * `answered(user)` (`roleActionStatuses` as that user) gives those statuses.
 */
export function itRoleActions<User extends string>(
  rows: ReadonlyArray<[User, number, number, number, number]>,
  answered: (user: User) => Promise<RoleActionStatuses>,
): void {
  it.each(rows)(
    '%s: list %i, create %i, update %i, delete %i',
    async (user, list, create, update, remove) => {
      expect(await answered(user)).toEqual({ list, create, update, remove });
    },
  );
}

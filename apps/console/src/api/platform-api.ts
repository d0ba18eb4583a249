import { VISIBILITY_RESOURCES, buildUserRequestQuery } from '@portico/core';
// The platform calls of spec §7, typed. Shapes follow apps/services/API.md.
import type { HttpClient, ReadRequest } from './http-client.ts';
import { requireFields, requireKind } from './platform-shapes.ts';

export interface GroupRef {
  id: number;
  name: string;
  code?: string;
  treeLevel?: number;
  hierarchyCode?: string;
  fqnBase?: string;
  groupType?: { id: number; name: string } | null;
  parentLevel2?: GroupRef | null;
}

export interface PlatformUser {
  id: number;
  username: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  timeZone?: string | null;
  calendarFormat?: string | null;
  dateFormat?: string | null;
  hiddenTabs?: string[] | null;
  archived?: boolean;
  displayPasswordExpirationTime?: boolean | number | null;
  passwordExpirationTime?: number | string | null;
  groupId?: number;
  group?: GroupRef | null;
  activeGroup?: GroupRef | null;
}

export interface LoginResponse extends PlatformUser {
  token: string;
}

export interface InheritedField {
  name?: string;
  value: unknown;
  parentValue?: unknown;
}

export type InheritedFieldMap = Record<string, InheritedField>;

export interface VisibilityGroup {
  resource: string;
  group: GroupRef;
}

/** The user-field names the console reads (spec §3 "User field (inherited)"). */
export const USER_FIELD_NAMES = [
  'timeZoneConfiguration',
  'language',
  'hiddenTabs',
  'calendarFormatConfiguration',
  'dateFormatConfiguration',
] as const;

export type EditableUserField =
  'timeZoneConfiguration' | 'dateFormatConfiguration' | 'calendarFormatConfiguration' | 'language';

/** The session's reads (spec §7), each built in one place: asked alone, or ahead with a sign-in. */
const reads = {
  whoami: (): ReadRequest => ({ path: '/user/whoami' }),
  user: (userId: number, query: { extra: readonly string[]; only: readonly string[] }) =>
    ({
      path: '/user/{userId}',
      keys: { userId },
      query: { extra: query.extra.join(','), only: query.only.join(',') },
    }) satisfies ReadRequest,
  permissions: (userId: number) =>
    ({ path: '/user/{userId}/permissions', keys: { userId } }) satisfies ReadRequest,
  groupFields: (groupId: number) =>
    ({
      path: '/group/{groupId}/inheritedFields',
      keys: { groupId },
      query: { format: 'map' },
    }) satisfies ReadRequest,
  userFields: (userId: number, names: readonly string[]) =>
    ({
      method: 'POST',
      path: '/user/{userId}/inheritedFields',
      keys: { userId },
      query: { format: 'map' },
      body: {
        filters: [{ property: 'field.name', operator: 'EQ', values: [...names] }],
        orderBy: [{ property: 'resource', direction: 'DESC' }],
      },
    }) satisfies ReadRequest,
  visibilityGroups: (userId: number) =>
    ({
      method: 'POST',
      path: '/user/{userId}/visibilityGroups',
      keys: { userId },
      body: {
        filters: [{ property: 'resource', operator: 'EQ', values: [...VISIBILITY_RESOURCES] }],
        orderBy: [{ property: 'resource', direction: 'DESC' }],
      },
    }) satisfies ReadRequest,
};

/**
 * The reads a session starts with (session-controller.ts runAttempt, configuration-loader.ts start),
 * asked with the sign-in so that Portico's services answer them with it (core's sign-in-reads.ts;
 * the real platform ignores them). Their ids are the services' to fill: `{userId}`, `{groupId}`.
 * The user is asked as a non-root user asks: a root user's own request differs, and goes out alone.
 */
const SESSION_READS: readonly ReadRequest[] = [
  reads.whoami(),
  reads.user(0, buildUserRequestQuery(false)),
  reads.permissions(0),
  reads.groupFields(0),
  reads.userFields(0, USER_FIELD_NAMES),
  reads.visibilityGroups(0),
];

/** How a read is named in the sign-in's body: method, path template, query and body. */
function readOnTheWire(read: ReadRequest) {
  const query = Object.entries(read.query ?? {}).filter(([, value]) => value !== undefined);
  return {
    method: read.method ?? 'GET',
    path: read.path,
    ...(query.length > 0
      ? { query: Object.fromEntries(query.map(([name, value]) => [name, String(value)])) }
      : {}),
    ...(read.body === undefined ? {} : { body: read.body }),
  };
}

/** What every sign-in sends as its `reads`. */
const SESSION_READS_ASKED = SESSION_READS.map(readOnTheWire);

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);

/**
 * Keeps the sign-in's answers to its reads for the requests that follow it (HttpClient.keep). Only
 * answers of status 200 are kept: anything else is asked again, and its error met there. An answer
 * not in this shape (not Portico's, or of another version) keeps nothing.
 */
function keepSessionReads(http: HttpClient, token: string, answered: unknown): void {
  if (typeof answered !== 'object' || answered === null) return;
  const { keys, answers } = answered as { keys?: unknown; answers?: unknown };
  if (typeof keys !== 'object' || keys === null || !Array.isArray(answers)) return;
  const { userId, groupId } = keys as { userId?: unknown; groupId?: unknown };
  if (!isId(userId) || !isId(groupId) || answers.length !== SESSION_READS.length) return;
  SESSION_READS.forEach((read, index) => {
    const answer = answers[index] as { status?: unknown; body?: unknown } | null;
    if (answer?.status !== 200 || answer.body === null || answer.body === undefined) return;
    http.keep(token, { ...read, keys: { userId, groupId } }, answer.body);
  });
}

export function createPlatformApi(http: HttpClient) {
  return {
    /** Signs in, with the session's reads asked along (SESSION_READS). */
    login(username: string, password: string): Promise<LoginResponse> {
      return http
        .request({
          method: 'POST',
          path: '/user/login',
          body: { username, password, reads: SESSION_READS_ASKED },
          skipUnauthorizedHandler: true,
        })
        .then((body) => {
          const { reads: answered, ...answer } = requireFields<LoginResponse & { reads?: unknown }>(
            'POST /user/login',
            body,
          );
          if (typeof answer.token === 'string' && answer.token !== '')
            keepSessionReads(http, answer.token, answered);
          return answer;
        });
    },
    /**
     * The platform's token login (`{ token }`): extends the session of `token` on the services
     * ("Stay signed in", activity). A 401 (the session already ended) goes to the global handler like
     * any other: the console signs out as expired.
     */
    extendSession(token: string): Promise<unknown> {
      return http.request({ method: 'POST', path: '/user/login', body: { token } });
    },
    logout(token: string): Promise<unknown> {
      return http.request({
        method: 'POST',
        path: '/user/logout',
        body: { token },
        headers: { token },
        skipUnauthorizedHandler: true,
      });
    },
    whoami(): Promise<PlatformUser> {
      // spec §5: a session needs an id, else 'unable to fetch session information'
      return http
        .request(reads.whoami())
        .then((body) =>
          requireFields<PlatformUser>(
            'GET /user/whoami',
            body,
            'unable to fetch session information',
          ),
        );
    },
    getUser(
      userId: number,
      query: { extra: readonly string[]; only: readonly string[] },
    ): Promise<PlatformUser> {
      return http
        .request(reads.user(userId, query))
        .then((body) =>
          requireFields<PlatformUser>(
            'GET /user/{userId}',
            body,
            'unable to fetch session information',
          ),
        );
    },
    async getPermissions(userId: number): Promise<string[]> {
      const answer = requireFields<{ results: string[] }>(
        'GET /user/{userId}/permissions',
        await http.request(reads.permissions(userId)),
      );
      return answer.results;
    },
    getGroupFields(groupId: number): Promise<InheritedFieldMap> {
      return http
        .request(reads.groupFields(groupId))
        .then((body) =>
          requireKind<InheritedFieldMap>(
            'GET /group/{groupId}/inheritedFields?format=map',
            body,
            'object',
          ),
        );
    },
    getUserFields(
      userId: number,
      names: readonly string[] = USER_FIELD_NAMES,
    ): Promise<InheritedFieldMap> {
      return http
        .request<unknown>(reads.userFields(userId, names))
        .then((body) =>
          requireKind<InheritedFieldMap>(
            'POST /user/{userId}/inheritedFields?format=map',
            body,
            'object',
          ),
        );
    },
    getVisibilityGroups(userId: number): Promise<VisibilityGroup[]> {
      return http
        .request<unknown>(reads.visibilityGroups(userId))
        .then((body) =>
          requireKind<VisibilityGroup[]>('POST /user/{userId}/visibilityGroups', body, 'array'),
        );
    },
    /** One's own new password, with the current one (`PUT /user/{id}/password`, no user:u needed). */
    changeOwnPassword(
      userId: number,
      currentPassword: string,
      newPassword: string,
    ): Promise<unknown> {
      return http.request({
        method: 'PUT',
        path: '/user/{userId}/password',
        keys: { userId },
        body: { currentPassword, newPassword },
      });
    },
    setUserField(userId: number, field: EditableUserField, value: string): Promise<unknown> {
      return http.request({
        method: 'PUT',
        path: '/user/{userId}/field/{field}',
        keys: { userId, field },
        body: { value },
      });
    },
    /** The signed-in user's personal API keys. */
    apiKeys: createApiKeyApi(http),
  };
}

export type PlatformApi = ReturnType<typeof createPlatformApi>;

/** A personal API key as the services list it (API.md, "Personal API keys"): never the key itself. */
export interface ApiKeyInfo {
  id: number;
  name: string;
  prefix: string;
  permissions: string[];
  createdAt: number;
  expiresAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  active: boolean;
}

/** A key just created: the only answer that holds `key`. */
export interface CreatedApiKey extends ApiKeyInfo {
  key: string;
}

/** The personal API key calls (Portico's own, not the platform's spec §7). */
export function createApiKeyApi(http: HttpClient) {
  return {
    list(userId: number): Promise<ApiKeyInfo[]> {
      return http
        .request<unknown>({ method: 'GET', path: '/user/{userId}/apiKey', keys: { userId } })
        .then((body) => {
          const page = requireKind<{ results?: unknown }>(
            'GET /user/{userId}/apiKey',
            body,
            'object',
          );
          return Array.isArray(page.results) ? (page.results as ApiKeyInfo[]) : [];
        });
    },
    create(
      userId: number,
      body: { name: string; expiresAt: number; permissions: string[] },
    ): Promise<CreatedApiKey> {
      return http.request<CreatedApiKey>({
        method: 'PUT',
        path: '/user/{userId}/apiKey',
        keys: { userId },
        body,
      });
    },
    revoke(userId: number, keyId: number): Promise<unknown> {
      return http.request({
        method: 'DELETE',
        path: '/user/{userId}/apiKey/{keyId}',
        keys: { userId, keyId },
      });
    },
  };
}

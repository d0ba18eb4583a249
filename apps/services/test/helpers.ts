// Test helpers: an in-memory instance and small request builders.
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

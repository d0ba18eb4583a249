// The harness of the platform conformance suite: the real repository's controller tests
// (mayoricodevault/riot-core-services, src/test/java/com/tierconnect/riot/controllers/), ported one
// case per case. Each file starts Portico's services over real HTTP on a loopback port, seeded with
// the demo tenant, and calls them with `fetch` as the real tests' TestUtils.expectResponse does:
// a JSON body (`{}` when none), the expected status, the parsed answer.
//
// The real tests authenticate with the `api_key: root` header (root's key in the real seed). Portico
// has no fixed key: the harness signs in as root once, creates a personal API key carrying every
// permission root holds (`PUT /user/1/apiKey`), and every ported case sends it in the `api_key`
// header. Everything else is sent as the real tests send it: unprefixed resource paths under the API
// base, `PUT` creates, dotted references, the platform's extra keys.
import { afterAll, beforeAll, expect } from 'vitest';
import { listen } from '../../src/listen.ts';
import type { Listening } from '../../src/listen.ts';
import { createTestClient } from '../helpers.ts';
import type { TestClient } from '../helpers.ts';

export type Method = 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
export type JsonMap = Record<string, unknown>;

export interface Platform {
  /** `expectResponse(uri, status, method, body)` of the real TestUtils: fails unless the status matches. */
  expectResponse(path: string, status: number, method: Method, body?: JsonMap): Promise<JsonMap>;
  /** The same over HTTP as another signed-in user (its `token`) rather than root's key. */
  expectResponseAs(
    token: string,
    path: string,
    status: number,
    method: Method,
    body?: JsonMap,
  ): Promise<JsonMap>;
  readonly client: TestClient;
}

/** Starts the server for one test file (beforeAll) and stops it (afterAll). */
export function usePlatform(): Platform {
  let client: TestClient | undefined;
  let server: Listening | undefined;
  let apiKey = '';
  beforeAll(async () => {
    client = await createTestClient();
    server = await listen(client.services.app, '127.0.0.1', 0);
    const api = `${server.url}/riot-core-services/api`;
    const login = await fetch(`${api}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'demo' }),
    });
    const root = (await login.json()) as { token: string; id: number };
    const permissions = (await (
      await fetch(`${api}/user/${root.id}/permissions`, { headers: { token: root.token } })
    ).json()) as { results: string[] };
    const created = await fetch(`${api}/user/${root.id}/apiKey`, {
      method: 'PUT',
      headers: { token: root.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'platform conformance',
        expiresAt: Date.now() + 24 * 60 * 60 * 1000,
        permissions: permissions.results.filter((p) => !p.startsWith('_anything:')),
      }),
    });
    expect(created.status).toBe(201);
    apiKey = ((await created.json()) as { key: string }).key;
  });
  afterAll(async () => {
    await server?.close();
    await client?.services.close();
  });
  return {
    get client() {
      if (!client) throw new Error('the platform is not started');
      return client;
    },
    expectResponse(path, status, method, body) {
      return send({ api_key: apiKey }, path, status, method, body);
    },
    expectResponseAs(token, path, status, method, body) {
      return send({ token }, path, status, method, body);
    },
  };

  async function send(
    auth: Record<string, string>,
    path: string,
    status: number,
    method: Method,
    body?: JsonMap,
  ): Promise<JsonMap> {
    if (!server) throw new Error('the platform is not started');
    const json = JSON.stringify(body ?? {});
    const hasBody = method !== 'GET' && method !== 'DELETE';
    const response = await fetch(`${server.url}/riot-core-services/api${path}`, {
      method,
      headers: { ...auth, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      ...(hasBody ? { body: json } : {}),
    });
    const text = await response.text();
    expect(
      response.status,
      `expected status:${status} actual status:${response.status} input:${json} body:${text}`,
    ).toBe(status);
    return text.trim() === '' ? {} : (JSON.parse(text) as JsonMap);
  }
}

/** The audit entries of row `recordId` of `resource` (action and changes), oldest first. */
export function auditEntriesOf(platform: Platform, resource: string, recordId: number) {
  return platform.client.services.context.db
    .selectFrom('auditEntries')
    .select(['action', 'changes'])
    .where('resource', '=', resource)
    .where('recordId', '=', recordId)
    .orderBy('id')
    .execute();
}

/** The real TestUtils.validateOutputMap: every non-dotted key sent comes back with the same value. */
export function validateOutputMap(input: JsonMap, output: JsonMap, ...ignore: string[]): void {
  for (const [key, value] of Object.entries(input)) {
    if (key.includes('.') || ignore.includes(key)) continue;
    expect(output[key], key).toEqual(value);
  }
}

/** The real TestUtils.validateErrorMap: an error answer says why in `error`. */
export function validateErrorMap(response: JsonMap): void {
  expect(response.error).toBeTruthy();
}

/**
 * A create (`PUT`) or update (`PATCH`) of `map`, checked as the real tests check theirs: an error
 * answer says why; a success answers every key sent (a create's id included: it is set on `map`).
 */
export async function expectWrite(
  platform: Platform,
  path: string,
  status: number,
  method: 'PUT' | 'PATCH',
  map: JsonMap,
): Promise<JsonMap> {
  const response = await platform.expectResponse(path, status, method, map);
  if (method === 'PUT') map.id = response.id;
  if (status > 299) validateErrorMap(response);
  else validateOutputMap(map, response);
  return response;
}

let counter = Date.now();
/** `System.currentTimeMillis() + ""` of the real tests, never twice the same within a run. */
export function millis(): string {
  counter += 1;
  return String(counter);
}

/**
 * The one status Portico answers differently on purpose: the real platform says 400 to an unknown
 * record, Portico 404 (its console and legacy UI depend on it; API.md's compatibility table), with the
 * real text in `message`. Ported cases assert Portico's status and the real message.
 */
export const UNKNOWN_RECORD = 404;

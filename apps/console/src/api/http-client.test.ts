import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-errors.ts';
import {
  KEPT_ANSWER_MS,
  createHttpClient,
  fillPath,
  type HttpClientOptions,
} from './http-client.ts';

interface Captured {
  url: string;
  init: RequestInit;
}

function setup(
  overrides: Partial<HttpClientOptions> = {},
  respond: (url: string) => Response = () => Response.json({ ok: true }),
) {
  const calls: Captured[] = [];
  const onUnauthorized = vi.fn();
  const onRequest = vi.fn();
  const client = createHttpClient({
    baseHost: '',
    getToken: () => 'tok-123',
    getClientId: async () => 'fp-abc',
    getXsrfToken: () => 'xsrf-1',
    onUnauthorized,
    onRequest,
    fetchImpl: async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return respond(String(input));
    },
    ...overrides,
  });
  const headers = (index = 0) => calls[index]!.init.headers as Record<string, string>;
  return { client, calls, headers, onUnauthorized, onRequest };
}

describe('the HTTP client (spec §7)', () => {
  it('puts calls under the core path and fills {key} placeholders, URI-encoded', async () => {
    const { client, calls } = setup();
    await client.request({
      path: '/user/{userId}/field/{field}',
      keys: { userId: 7, field: 'a b' },
      query: { x: 1, skip: undefined },
    });
    expect(calls[0]!.url).toBe('/riot-core-services/api/user/7/field/a%20b?x=1');
  });

  it('calls the host root when the request excludes the core path', async () => {
    const { client, calls } = setup({ baseHost: 'https://platform.example.com' });
    await client.request({ path: '/git.json', excludeCorePath: true });
    expect(calls[0]!.url).toBe('https://platform.example.com/git.json');
  });

  it('refuses a missing placeholder value instead of calling ".../undefined"', () => {
    expect(() => fillPath('/user/{userId}', {})).toThrow(/userId/);
    expect(() => fillPath('/user/{userId}', { userId: '' })).toThrow(/userId/);
  });

  it('sends JSON, no-cache, token and clientId headers, and refreshes timestamps on every request', async () => {
    const { client, headers, onRequest } = setup();
    await client.request({ path: '/user/whoami' });
    expect(headers()).toMatchObject({
      'Content-Type': 'application/json',
      'Cache-Control': 'no-cache',
      token: 'tok-123',
      clientId: 'fp-abc',
    });
    expect(onRequest).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['GET', false],
    ['POST', true],
    ['PUT', true],
    ['PATCH', true],
    ['DELETE', true],
  ] as const)('%s on a relative URL carries X-XSRF-TOKEN: %s', async (method, expected) => {
    const { client, headers } = setup();
    await client.request({ method, path: '/thing' });
    expect('X-XSRF-TOKEN' in headers()).toBe(expected);
  });

  it('never sends the XSRF token to another host', async () => {
    const { client, headers } = setup({ baseHost: 'https://platform.example.com' });
    await client.request({ method: 'POST', path: '/thing', body: {} });
    expect('X-XSRF-TOKEN' in headers()).toBe(false);
  });

  it('omits token and clientId when there are none', async () => {
    const { client, headers } = setup({
      getToken: () => undefined,
      getClientId: async () => undefined,
    });
    await client.request({ path: '/user/whoami' });
    expect('token' in headers()).toBe(false);
    expect('clientId' in headers()).toBe(false);
  });

  it.each([
    [400, 'BAD_REQUEST'],
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [409, 'CONFLICT'],
    [413, 'PAYLOAD_TOO_LARGE'],
    [429, 'TOO_MANY_REQUESTS'],
    [500, 'SERVER_ERROR'],
    [418, 'UNEXPECTED_STATUS'],
  ])('status %i is a typed %s error with the server message and fields', async (status, code) => {
    const { client } = setup({}, () =>
      Response.json(
        { error: 'Nope', fields: { name: 'Required', n: 3 } },
        { status, headers: { 'Retry-After': '12' } },
      ),
    );
    const error = await client.request({ path: '/thing' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code,
      status,
      message: 'Nope',
      fields: { name: 'Required' },
      retryAfter: 12,
    });
  });

  it('a non-JSON error body still gives a typed error', async () => {
    const { client } = setup({}, () => new Response('<html>oops</html>', { status: 500 }));
    await expect(client.request({ path: '/thing' })).rejects.toMatchObject({
      code: 'SERVER_ERROR',
      message: 'Request failed with status 500',
    });
  });

  it.each([502, 504])(
    'a gateway %i (a proxy in front of a platform that is down) is a NetworkError: the services are unreachable',
    async (status) => {
      const { client, onUnauthorized } = setup({}, () =>
        Response.json(
          { error: 'The platform (https://platform.example) could not be reached (ECONNREFUSED)' },
          { status },
        ),
      );
      const error = await client
        .request({ path: '/user/whoami' })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NetworkError);
      expect(error).toMatchObject({
        code: 'NETWORK',
        message: 'The platform (https://platform.example) could not be reached (ECONNREFUSED)',
      });
      const bare = await setup({}, () => new Response('<html>bad gateway</html>', { status }))
        .client.request({ path: '/thing' })
        .catch((caught: unknown) => caught);
      expect(bare).toMatchObject({
        code: 'NETWORK',
        message: `The services could not be reached (GET /riot-core-services/api/thing: HTTP ${status})`,
      });
      expect(onUnauthorized).not.toHaveBeenCalled();
    },
  );

  it('a 401 reaches the unauthorized hook unless the call opts out', async () => {
    const { client, onUnauthorized } = setup({}, () =>
      Response.json({ error: 'Your Session has expired' }, { status: 401 }),
    );
    await expect(client.request({ path: '/thing' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(
      client.request({ path: '/user/login', method: 'POST', skipUnauthorizedHandler: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('an unreachable server is a NetworkError, not a wrong password', async () => {
    const { client } = setup({
      fetchImpl: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const error = await client
      .request({ path: '/user/login', method: 'POST' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'NETWORK' });
  });

  it('parses JSON answers and tolerates empty ones', async () => {
    const { client } = setup({}, (url) =>
      url.includes('empty') ? new Response(null, { status: 204 }) : Response.json({ total: 1 }),
    );
    await expect(client.request({ path: '/thing' })).resolves.toEqual({ total: 1 });
    await expect(client.request({ path: '/empty', method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe("answers kept ahead (a sign-in's reads)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const read = {
    method: 'POST' as const,
    path: '/user/{userId}/visibilityGroups',
    keys: { userId: 7 },
    body: { filters: [{ property: 'resource', operator: 'EQ', values: ['zone'] }] },
  };

  it('the same request with the same token is answered once from memory, then by the network', async () => {
    const { client, calls, onRequest } = setup({}, () => Response.json(['network']));
    client.keep('tok-123', read, ['kept']);
    await expect(client.request(read)).resolves.toEqual(['kept']);
    expect(calls).toHaveLength(0);
    // still a request of the console: the session's timestamps are refreshed (spec §4)
    expect(onRequest).toHaveBeenCalledTimes(1);
    await expect(client.request(read)).resolves.toEqual(['network']);
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['another token', 'tok-other', {}],
    ['another id', 'tok-123', { keys: { userId: 8 } }],
    ['another body', 'tok-123', { body: { filters: [] } }],
    ['another method', 'tok-123', { method: 'GET' as const, body: undefined }],
    ['another query', 'tok-123', { query: { format: 'map' } }],
  ])('%s goes to the network', async (_name, kept, asked) => {
    const { client, calls } = setup({}, () => Response.json(['network']));
    client.keep(kept, read, ['kept']);
    await expect(client.request({ ...read, ...asked })).resolves.toEqual(['network']);
    expect(calls).toHaveLength(1);
  });

  it(`an answer kept longer than ${KEPT_ANSWER_MS} ms is not used`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { client, calls } = setup({}, () => Response.json(['network']));
    client.keep('tok-123', read, ['kept']);
    vi.setSystemTime(Date.now() + KEPT_ANSWER_MS + 1);
    await expect(client.request(read)).resolves.toEqual(['network']);
    expect(calls).toHaveLength(1);
  });

  it('without a token nothing kept is served', async () => {
    const { client, calls } = setup({ getToken: () => undefined }, () =>
      Response.json(['network']),
    );
    client.keep('tok-123', read, ['kept']);
    await expect(client.request(read)).resolves.toEqual(['network']);
    expect(calls).toHaveLength(1);
  });

  it('a request already aborted is not answered', async () => {
    const { client } = setup();
    client.keep('tok-123', read, ['kept']);
    const controller = new AbortController();
    controller.abort();
    await expect(client.request({ ...read, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

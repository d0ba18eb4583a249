import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client.ts';
import { createRequestGate } from './request-gate.ts';

function client(status = 200, body: unknown = { total: 0, results: [] }) {
  const fetch = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(status === 204 ? null : JSON.stringify(body), { status }),
  );
  const onUnauthorized = vi.fn();
  const api = createApiClient({
    apiBase: '/riot-core-services/api/',
    token: 'tok',
    onUnauthorized,
    fetch,
    readCookie: (name) => (name === 'XSRF-TOKEN' ? 'xsrf-1' : undefined),
    origin: 'http://127.0.0.1:8080',
  });
  const headersOf = (call: number) =>
    (fetch.mock.calls[call]?.[1]?.headers ?? {}) as Record<string, string>;
  return { api, fetch, onUnauthorized, headersOf };
}

describe('createApiClient', () => {
  it('runs an explorer request with its own token and answers any status', async () => {
    const { api, fetch, onUnauthorized, headersOf } = client(404, { error: 'gone' });
    const answer = await api.exchange('POST', '/thing?x=1', { name: 'A' });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ error: 'gone' });
    expect(fetch.mock.calls[0]?.[0]).toBe('/riot-core-services/api/thing?x=1');
    expect(headersOf(0)).toMatchObject({ token: 'tok', 'X-XSRF-TOKEN': 'xsrf-1' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(api.exchange('GET', '//evil.test/x')).rejects.toBeInstanceOf(ApiError);
    await expect(api.exchange('GET', '/thing/../../x')).rejects.toBeInstanceOf(ApiError);
    await expect(api.exchange('GET', 'thing')).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
    const expired = client(401, { error: 'expired' });
    expect((await expired.api.exchange('GET', '/openapi.json')).status).toBe(401);
    expect(expired.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('requests made while the gate is held start when it opens, in order', async () => {
    const fetch = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ total: 0, results: [] }), { status: 200 }),
    );
    const gate = createRequestGate();
    const api = createApiClient({
      apiBase: '/api',
      token: 'tok',
      onUnauthorized: vi.fn(),
      fetch,
      gate,
      origin: 'http://127.0.0.1:8080',
    });
    const release = gate.hold();
    const lists = [
      api.list('zone', { pageSize: 5, pageNumber: 1 }),
      api.list('group', { pageSize: 5, pageNumber: 1 }),
    ];
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch).not.toHaveBeenCalled();
    release();
    await expect(Promise.all(lists)).resolves.toHaveLength(2);
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/zone?pageSize=5&pageNumber=1',
      '/api/group?pageSize=5&pageNumber=1',
    ]);
    await api.list('thing', { pageSize: 5, pageNumber: 1 }); // an open gate: at once
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('lists with paging, order and filter, sending the token header but no CSRF header on GET', async () => {
    const { api, fetch, headersOf } = client(200, { total: 3, results: [{ id: 1 }] });
    await expect(
      api.list('zone', { pageSize: 25, pageNumber: 2, order: 'name:desc', filter: 'dock' }),
    ).resolves.toEqual({
      total: 3,
      results: [{ id: 1 }],
    });
    expect(String(fetch.mock.calls[0]?.[0])).toBe(
      '/riot-core-services/api/zone?pageSize=25&pageNumber=2&order=name%3Adesc&filter=dock',
    );
    expect(headersOf(0)).toMatchObject({ token: 'tok' });
    expect(headersOf(0)).not.toHaveProperty('X-XSRF-TOKEN');
  });

  it('exports with the list query and the columns given, in their order', async () => {
    const { api, fetch } = client(200, 'id\r\n');
    await api.exportCsv('thing', {
      order: 'serial:asc',
      filter: 'pallet',
      filters: { status: 'active' },
      columns: ['id', 'serial', 'thingTypeId'],
    });
    await api.exportCsv('thing', { columns: [] });
    expect(fetch.mock.calls.map(([url]) => decodeURIComponent(String(url)))).toEqual([
      '/riot-core-services/api/thing/export.csv?order=serial:asc&filter=pallet&status=active&columns=id,serial,thingTypeId',
      '/riot-core-services/api/thing/export.csv',
    ]);
  });

  it('sends X-XSRF-TOKEN from the cookie on writes to its own origin only', async () => {
    const { api, fetch, headersOf } = client(201, { id: 9 });
    await api.create('zone', { name: 'A' });
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: '{"name":"A"}' });
    expect(headersOf(0)).toMatchObject({
      token: 'tok',
      'X-XSRF-TOKEN': 'xsrf-1',
      'Content-Type': 'application/json',
    });
    const remote = createApiClient({
      apiBase: 'https://api.example.com/riot-core-services/api',
      token: 'tok',
      onUnauthorized: vi.fn(),
      fetch,
      readCookie: () => 'xsrf-1',
      origin: 'http://127.0.0.1:8080',
    });
    await remote.update('zone', 9, { name: 'B' });
    expect(fetch.mock.calls[1]?.[1]?.method).toBe('PATCH');
    expect(fetch.mock.calls[1]?.[1]?.headers).not.toHaveProperty('X-XSRF-TOKEN');
  });

  it('turns a 400 into ApiError with its fields, and a 401 into onUnauthorized', async () => {
    const bad = client(400, { error: 'Invalid input', fields: { name: 'required', n: 3 } });
    const error = await bad.api.create('zone', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid input',
      fields: { name: 'required' },
    });
    expect(bad.onUnauthorized).not.toHaveBeenCalled();
    const expired = client(401, { error: 'Your Session has expired' });
    await expect(expired.api.get('zone', 1)).rejects.toMatchObject({ status: 401 });
    expect(expired.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('DELETE answers 204 without a body', async () => {
    const { api, fetch } = client(204);
    await expect(api.remove('zone', 4)).resolves.toBeUndefined();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/riot-core-services/api/zone/4');
  });
});

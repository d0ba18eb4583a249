import { API_BASE_PATH } from '@portico/core';
// The one HTTP client of the console (spec §7): every call goes through `request`.
import { NetworkError, errorFromResponse, type ApiError } from './api-errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Path below the core path, with `{key}` placeholders: `/user/{userId}`. */
  path: string;
  /** Values for the placeholders; each is URI-encoded. */
  keys?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** A file post: the body is sent as multipart form data, without the JSON content type. */
  form?: FormData;
  /** Calls `{host}{path}` instead of `{host}/riot-core-services/api{path}` (spec §7). */
  excludeCorePath?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A 401 from this call does not trigger the global logout (used by login and logout themselves). */
  skipUnauthorizedHandler?: boolean;
}

export interface HttpClientOptions {
  /** Platform host; '' means the page origin (spec §9). */
  baseHost: string;
  getToken(): string | undefined;
  getClientId(): Promise<string | undefined>;
  getXsrfToken(): string | undefined;
  /**
   * Called for every 401 with the token the request carried (the session layer logs out once however
   * many calls fail together, and ignores late answers of an earlier session).
   */
  onUnauthorized(error: ApiError, requestToken: string | undefined): void;
  /** Called before every request: session and token timestamps are refreshed (spec §4). */
  onRequest(): void;
  fetchImpl?: typeof fetch;
}

/** The parts of a request that name what it reads: an answer kept ahead is served to the same. */
export type ReadRequest = Pick<RequestOptions, 'method' | 'path' | 'keys' | 'query' | 'body'>;

/** How long an answer given ahead waits for its request (a sign-in's reads: asked at once after it). */
export const KEPT_ANSWER_MS = 5000;

export interface HttpClient {
  request<T>(options: RequestOptions): Promise<T>;
  /**
   * Keeps an answer the services gave ahead of its request (a sign-in's reads, core's
   * sign-in-reads.ts): the next request with the same method, URL and body, made with `token`
   * within {@link KEPT_ANSWER_MS}, is answered with it instead of the network, once.
   */
  keep(token: string, request: ReadRequest, answer: unknown): void;
  /** The absolute or origin-relative URL a request would use. */
  url(options: Pick<RequestOptions, 'path' | 'keys' | 'query' | 'excludeCorePath'>): string;
  /**
   * Opens a server-sent event stream (`GET`, the token and client id sent as on every call) and
   * answers its body. Not a use of the console: the session's timestamps are not refreshed. A 401
   * is handled as on any call.
   */
  openStream(path: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
}

/** Replaces `{key}` placeholders; a missing key is a programming error, never a silent "undefined". */
export function fillPath(path: string, keys: Record<string, string | number> = {}): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, key: string) => {
    const value = keys[key];
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path key "${key}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const fetchImpl =
    options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  /** Answers given ahead, by token, method, URL and body; each with the time it is kept until. */
  const kept = new Map<string, { answer: unknown; until: number }>();
  /** When the last kept answer expires: after it, the map is emptied at the next request. */
  let keptUntil = 0;
  const keptKey = (token: string, method: string, target: string, body: string | undefined) =>
    `${token}\n${method} ${target}\n${body ?? ''}`;

  function url(
    request: Pick<RequestOptions, 'path' | 'keys' | 'query' | 'excludeCorePath'>,
  ): string {
    const path = fillPath(request.path, request.keys);
    const base = `${options.baseHost}${request.excludeCorePath ? '' : API_BASE_PATH}`;
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(request.query ?? {}))
      if (value !== undefined) search.set(key, String(value));
    const query = search.toString();
    return `${base}${path}${query ? `?${query}` : ''}`;
  }

  async function request<T>(request: RequestOptions): Promise<T> {
    const method = request.method ?? 'GET';
    const target = url(request);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      ...request.headers,
    };
    if (!request.form) headers['Content-Type'] = 'application/json';
    const token = options.getToken();
    if (token) headers.token = token;
    const clientId = await options.getClientId();
    if (clientId) headers.clientId = clientId;
    const relative = options.baseHost === '';
    if (relative && method !== 'GET') {
      const xsrf = options.getXsrfToken();
      if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    }
    options.onRequest();
    const json = request.body === undefined ? undefined : JSON.stringify(request.body);
    // answers never asked for (a root user's other user request) go once expired: the session's
    // later requests then skip the lookup
    if (kept.size > 0 && Date.now() > keptUntil) kept.clear();
    if (kept.size > 0 && token && !request.form) {
      const key = keptKey(token, method, target, json);
      const ahead = kept.get(key);
      if (ahead !== undefined) {
        kept.delete(key);
        request.signal?.throwIfAborted();
        if (ahead.until >= Date.now()) return ahead.answer as T;
      }
    }

    let response: Response;
    try {
      response = await fetchImpl(target, {
        method,
        headers,
        body: request.form ?? json,
        credentials: relative ? 'same-origin' : 'include',
        cache: 'no-store',
        signal: request.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new NetworkError(`The services could not be reached (${method} ${target})`);
    }

    const text = await response.text();
    let body: unknown = undefined;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    // A gateway's 502/504 (a reverse proxy in front of a platform that is down or silent, as in
    // upstream mode) means the services are unreachable, not that they refused: the unreachable screen.
    if (response.status === 502 || response.status === 504) {
      const reason =
        body !== null &&
        typeof body === 'object' &&
        typeof (body as { error?: unknown }).error === 'string'
          ? (body as { error: string }).error
          : undefined;
      throw new NetworkError(
        reason ??
          `The services could not be reached (${method} ${target}: HTTP ${response.status})`,
      );
    }
    if (!response.ok) {
      const error = errorFromResponse(response.status, body, response.headers.get('Retry-After'));
      if (error.code === 'UNAUTHORIZED' && !request.skipUnauthorizedHandler)
        options.onUnauthorized(error, token);
      throw error;
    }
    return body as T;
  }

  async function openStream(path: string, signal: AbortSignal) {
    const target = url({ path });
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      'Cache-Control': 'no-cache',
    };
    const token = options.getToken();
    if (token) headers.token = token;
    const clientId = await options.getClientId();
    if (clientId) headers.clientId = clientId;
    let response: Response;
    try {
      response = await fetchImpl(target, {
        headers,
        credentials: options.baseHost === '' ? 'same-origin' : 'include',
        cache: 'no-store',
        signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new NetworkError(`The services could not be reached (GET ${target})`);
    }
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => '');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the text itself
      }
      const error = errorFromResponse(response.status, body, response.headers.get('Retry-After'));
      if (error.code === 'UNAUTHORIZED') options.onUnauthorized(error, token);
      throw error;
    }
    return response.body;
  }

  function keep(token: string, read: ReadRequest, answer: unknown): void {
    const now = Date.now();
    for (const [key, entry] of kept) if (entry.until < now) kept.delete(key);
    const json = read.body === undefined ? undefined : JSON.stringify(read.body);
    keptUntil = now + KEPT_ANSWER_MS;
    kept.set(keptKey(token, read.method ?? 'GET', url(read), json), { answer, until: keptUntil });
  }

  return { request, keep, url, openStream };
}

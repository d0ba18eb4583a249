// A server a test started (`startServer` on port 0) and requests to it at its API base: the status,
// the text and the JSON answer (`{}` for an empty or non-JSON one); and one request through node:http
// where a test needs its connection handling (an agent, a fresh connection, a local address).
import { request } from 'node:http';
import type { Agent, IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { startServer } from '../src/index.ts';
import type { RunningServer, StartServerOptions } from '../src/index.ts';

/**
 * A server on a free port of this machine, its data (and empty front-end folders) in `dir`, its log
 * dropped; `options` add to it or replace any of that (a `databaseUrl`, `workers`, a `log`).
 */
export function startLocalServer(
  dir: string,
  options: Partial<StartServerOptions> = {},
): Promise<RunningServer> {
  return startServer({
    host: '127.0.0.1',
    port: 0,
    dataDir: dir,
    consoleDir: dir,
    legacyUiDir: dir,
    log: () => undefined,
    ...options,
  });
}

export async function callServer(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; text: string; json: Record<string, unknown> }> {
  const response = await fetch(`${base}/riot-core-services/api${path}`, {
    method,
    headers: {
      ...(token ? { token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') === true;
  return {
    status: response.status,
    text,
    json: (isJson && text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

/** Signs `username` in with the demo password on the server at `base`: its session token. */
export async function serverToken(base: string, username = 'admin'): Promise<string> {
  const login = await callServer(base, 'POST', '/user/login', undefined, {
    username,
    password: 'demo',
  });
  return String(login.json.token);
}

export interface NodeAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * One request to `url` through node:http: on `agent` (`false`: a connection of its own; none: the
 * default agent), from `localAddress` when given; fails when no answer has come within `timeoutMs`.
 */
export function nodeRequest(
  url: string,
  options: {
    method?: string;
    agent?: Agent | false;
    headers?: OutgoingHttpHeaders;
    body?: string | Buffer;
    localAddress?: string;
    timeoutMs?: number;
  } = {},
): Promise<NodeAnswer> {
  const { method = 'GET', agent, headers, body, localAddress, timeoutMs } = options;
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers, localAddress }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (timeoutMs !== undefined)
      req.setTimeout(timeoutMs, () =>
        req.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs / 1000} s`)),
      );
    req.end(body);
  });
}

// Two separate services instances (each its own startServer, not cluster workers) on one throwaway
// PostgreSQL, for the cross-instance tests. Every request goes out on a fresh connection.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer, StartServerOptions } from '../src/index.ts';
import { startPgCluster } from './pg-cluster.ts';
import type { PgCluster } from './pg-cluster.ts';
import { nodeRequest, startLocalServer } from './server-call.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

/** One HTTP request on a new connection (no keep-alive agent). */
export async function call(
  base: string,
  method: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    localAddress?: string;
  } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const answer = await nodeRequest(`${base}${path}`, {
    method,
    agent: false,
    headers: {
      ...(options.token ? { token: options.token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body,
    localAddress: options.localAddress,
    timeoutMs: 10_000,
  });
  let json: unknown;
  try {
    json = answer.text ? (JSON.parse(answer.text) as unknown) : undefined;
  } catch {
    json = undefined;
  }
  return { ...answer, json };
}

export interface Instance {
  server: RunningServer;
  /** The API base, e.g. http://127.0.0.1:1234/riot-core-services/api */
  api: string;
  logs: string[];
}

export interface TwoInstances {
  pg: PgCluster;
  a: Instance;
  b: Instance;
  close(): Promise<void>;
}

/** `extra`: more options for both instances, or per instance (0 = A, 1 = B). */
export async function startTwoInstances(
  extra: Partial<StartServerOptions> | ((index: number) => Partial<StartServerOptions>) = {},
): Promise<TwoInstances> {
  const pg = await startPgCluster();
  const dir = mkdtempSync(join(tmpdir(), 'portico-instances-'));
  const started: Instance[] = [];
  try {
    // One after the other: the first migrates and seeds, the second finds it done.
    for (let i = 0; i < 2; i += 1) {
      const logs: string[] = [];
      const server = await startLocalServer(dir, {
        databaseUrl: pg.url,
        log: (line) => logs.push(line),
        ...(typeof extra === 'function' ? extra(i) : extra),
      });
      started.push({ server, api: `${server.url}/riot-core-services/api`, logs });
    }
  } catch (error) {
    for (const instance of started) await instance.server.close();
    pg.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const [a, b] = started as [Instance, Instance];
  return {
    pg,
    a,
    b,
    async close() {
      await a.server.close();
      await b.server.close();
      pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

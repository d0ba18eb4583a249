// @portico/services: the riot-core-services-compatible API and static hosting (DESIGN §1).
import type { Hono } from 'hono';
import type { WorkerConfig } from './cluster/cluster-messages.ts';
import { createContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import type { OpenDatabaseOptions } from './db/database.ts';
import { seedDemoData } from './db/seed.ts';
import type { AppEnv, ServicesContext } from './http/app-env.ts';
import { createApp } from './http/create-app.ts';
import { listen } from './listen.ts';

export { DEMO_ACCOUNTS, seedDemoData } from './db/seed.ts';
export type { DemoAccount } from './db/seed.ts';
export { openDatabase } from './db/database.ts';
export type { Dialect, OpenDatabaseOptions, ServicesDb } from './db/database.ts';
export { createApp, API_BASE } from './http/create-app.ts';
export type { AppEnv, ServicesContext, VersionInfo } from './http/app-env.ts';
export { createContext } from './context.ts';
export { DEFAULT_UPSTREAM_TIMEOUT_MS, createUpstreamApp, parseUpstreamUrl, startUpstreamServer } from './upstream/upstream-app.ts';
export type { UpstreamOptions, UpstreamServer } from './upstream/upstream-app.ts';
export type { ContextOptions } from './context.ts';
export type { CacheBus, CacheEvent } from './cluster/cache-bus.ts';

/** Where to listen (port 0 = any free port), the data and the front ends, as each worker gets them. */
export interface StartServerOptions extends WorkerConfig {
  seedScale?: number;
  log?: (line: string) => void;
  /**
   * Processes serving requests. 1 (the default) serves from this process; more forks node:cluster
   * workers that share the port, each with its own database connection and caches kept coherent
   * through this process (cluster/cache-bus.ts).
   */
  workers?: number;
}

export interface RunningServer {
  url: string;
  seeded: boolean;
  /** Processes serving requests. */
  workers: number;
  close(): Promise<void>;
}

/** Opens, migrates and (when new) seeds the database, then listens (in this process or in workers). */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const workers = options.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) throw new Error(`workers must be an integer from 1 to 64, got ${workers}`);
  const database = await openDatabase(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir: options.dataDir });
  let seeded: boolean;
  try {
    seeded = await seedDemoData(database.db, options.seedScale ?? 1);
  } catch (error) {
    await database.close();
    throw error;
  }
  if (workers > 1) {
    // The primary only prepared the database; the workers open their own connections.
    await database.close();
    const { host, port, dataDir, databaseUrl, consoleDir, legacyUiDir, analyticsHost } = options;
    // Loaded only here: the in-memory services also run inside browser-like test environments.
    const { startClusterServer } = await import('./cluster/cluster-server.ts');
    const cluster = await startClusterServer({ host, port, dataDir, databaseUrl, consoleDir, legacyUiDir, analyticsHost }, workers, log);
    return { url: cluster.url, seeded, workers, close: () => cluster.close() };
  }
  const app = createApp(createContext(database, { ...options, log }));
  const server = await listen(app, options.host, options.port).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    seeded,
    workers,
    close() {
      closing ??= server.close().then(() => database.close());
      return closing;
    },
  };
}

export interface InMemoryServicesOptions {
  /** Default true. */
  seed?: boolean;
  consoleDir?: string;
  legacyUiDir?: string;
  kitDir?: string;
  legacyPlainDir?: string;
  analyticsHost?: string;
  log?: (line: string) => void;
}

export interface InMemoryServices {
  app: Hono<AppEnv>;
  fetch: (request: Request) => Promise<Response>;
  context: ServicesContext;
  close(): Promise<void>;
}

/** An instance on an in-memory SQLite database, for tests (`fetch` works as an MSW handler). */
export async function createInMemoryServices(options: InMemoryServicesOptions = {}): Promise<InMemoryServices> {
  const database = await openDatabase({ memory: true } satisfies OpenDatabaseOptions);
  if (options.seed !== false) await seedDemoData(database.db, 1);
  const context = createContext(database, options);
  const app = createApp(context);
  return {
    app,
    context,
    fetch: async (request: Request) => app.fetch(request),
    close: () => database.close(),
  };
}

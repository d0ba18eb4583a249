// @portico/services: the riot-core-services-compatible API and static hosting (DESIGN §1).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
// The repository's build-info script (not a workspace package) computes every part's git.json.
import { buildInfo } from '../../../scripts/build-info.ts';
import { Directory } from './auth/directory.ts';
import { SessionService } from './auth/session-service.ts';
import { openDatabase } from './db/database.ts';
import type { OpenDatabaseOptions, ServicesDb } from './db/database.ts';
import { seedDemoData } from './db/seed.ts';
import type { AppEnv, ServicesContext, VersionInfo } from './http/app-env.ts';
import { createApp } from './http/create-app.ts';

export { DEMO_ACCOUNTS, seedDemoData } from './db/seed.ts';
export type { DemoAccount } from './db/seed.ts';
export { openDatabase } from './db/database.ts';
export type { Dialect, OpenDatabaseOptions, ServicesDb } from './db/database.ts';
export { createApp, API_BASE } from './http/create-app.ts';
export type { AppEnv, ServicesContext, VersionInfo } from './http/app-env.ts';

const SERVICES_VERSION = '0.1.0';
let version: VersionInfo | undefined;

function servicesVersion(): VersionInfo {
  version ??= buildInfo(SERVICES_VERSION);
  return version;
}

export interface ContextOptions {
  consoleDir?: string;
  legacyUiDir?: string;
  analyticsHost?: string;
  log?: (line: string) => void;
}

/** Builds the request context (caches, sessions) over an open database. */
export function createContext(database: ServicesDb, options: ContextOptions = {}): ServicesContext {
  const directory = new Directory(database.db);
  return {
    db: database.db,
    dialect: database.dialect,
    directory,
    sessions: new SessionService(database.db, directory),
    version: servicesVersion(),
    consoleDir: options.consoleDir,
    legacyUiDir: options.legacyUiDir,
    analyticsHost: options.analyticsHost,
    log: options.log ?? ((line) => console.error(line)),
    tableGenerations: new Map(),
  };
}

export interface StartServerOptions {
  host: string;
  /** 0 = any free port. */
  port: number;
  dataDir: string;
  databaseUrl?: string;
  consoleDir: string;
  legacyUiDir: string;
  seedScale?: number;
  analyticsHost?: string;
  log?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  seeded: boolean;
  close(): Promise<void>;
}

/** Opens, migrates and (when new) seeds the database, then listens. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const database = await openDatabase(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir: options.dataDir });
  let seeded: boolean;
  try {
    seeded = await seedDemoData(database.db, options.seedScale ?? 1);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = createApp(createContext(database, { ...options, log }));
  const server = await new Promise<Server>((resolve, reject) => {
    const instance = serve({ fetch: app.fetch, hostname: options.host, port: options.port }) as Server;
    instance.once('listening', () => resolve(instance));
    instance.once('error', reject);
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    seeded,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }).then(() => database.close());
      return closing;
    },
  };
}

export interface InMemoryServicesOptions {
  /** Default true. */
  seed?: boolean;
  consoleDir?: string;
  legacyUiDir?: string;
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

// @portico/services: the riot-core-services-compatible API and static hosting (DESIGN §1).
import type { Hono } from 'hono';
import type { WorkerConfig } from './cluster/cluster-messages.ts';
import { createContext } from './context.ts';
import type { ContextOptions } from './context.ts';
import { openDatabase } from './db/database.ts';
import type { OpenDatabaseOptions } from './db/database.ts';
import { seedDemoData } from './seed/index.ts';
import type { AppEnv, ServicesContext } from './services-context.ts';
import { createApp } from './app.ts';
import { startPurgeSchedule } from './resources/soft-delete.ts';
import { failInterruptedJobs } from './imports/import-jobs.ts';
import { listen } from './listen.ts';
import { LocalCacheBus } from './cluster/cache-bus.ts';
import { openInstanceBus } from './cluster/instance-bus.ts';
import type { InstanceBus } from './cluster/instance-bus.ts';
import { newInstanceId } from './cluster/pg-bus.ts';
import { clusterMetricsText } from './ops/metrics.ts';
import { startMetricsServer } from './ops/metrics-server.ts';
import type { MetricsServer } from './ops/metrics-server.ts';
import type { DestinationStream } from 'pino';
import type { OperationsOptions } from './ops/operations.ts';
import { parseAllowedHosts } from './webhooks/allowed-hosts.ts';
import type { WebhookSettings } from './webhooks/webhook-dispatcher.ts';

export { DEMO_ACCOUNTS, seedDemoData } from './seed/index.ts';
export type { DemoAccount } from './seed/index.ts';
export { openDatabase } from './db/database.ts';
export type { OpenDatabaseOptions, ServicesDb } from './db/database.ts';
export type { Dialect } from './db/dialect.ts';
export { createApp } from './app.ts';
export type { AppEnv, ServicesContext, VersionInfo } from './services-context.ts';
export { SERVICES_VERSION, createContext } from './context.ts';
export {
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  createUpstreamApp,
  parseUpstreamUrl,
  startUpstreamServer,
} from './upstream/upstream-app.ts';
export type { UpstreamOptions, UpstreamServer } from './upstream/upstream-app.ts';
export type { ContextOptions } from './context.ts';
export type { CacheBus, CacheEvent } from './cluster/cache-bus.ts';
export { LOG_LEVELS } from './ops/operations.ts';
export { CopyError, copySqliteToPostgres, parseSqliteSource } from './db/copy.ts';
export type { CopyResult } from './db/copy.ts';
export { parseTrustedProxies } from './ops/client-address.ts';
export { parseAllowedHosts } from './webhooks/allowed-hosts.ts';
export {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  signWebhook,
  verifyWebhookSignature,
} from './webhooks/webhook-signature.ts';

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
  /** Serve the metrics on this port too (METRICS_PORT; 0 = a free one), on `host`. */
  metricsPort?: number;
  /** Where the JSON request logs go in a one-process server (default stdout; workers write to stdout). */
  logDestination?: DestinationStream;
  /**
   * Webhook delivery settings for a one-process server (tests shorten the retries); the allowed
   * hosts default to `webhookAllowedHosts` parsed.
   */
  webhooks?: Partial<WebhookSettings>;
}

export interface RunningServer {
  url: string;
  /** The METRICS_PORT server's URL, when one was asked for. */
  metricsUrl?: string;
  seeded: boolean;
  /** Processes serving requests. */
  workers: number;
  close(): Promise<void>;
}

/** What each worker process is started with: the worker's share of the options, and the instance. */
function workerConfigOf(options: StartServerOptions, instanceId: string): WorkerConfig {
  return {
    host: options.host,
    port: options.port,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    consoleDir: options.consoleDir,
    legacyUiDir: options.legacyUiDir,
    analyticsHost: options.analyticsHost,
    instanceId,
    logLevel: options.logLevel,
    metricsToken: options.metricsToken,
    trustProxy: options.trustProxy,
    version: options.version,
    webhookAllowedHosts: options.webhookAllowedHosts,
  };
}

/** Opens, migrates and (when new) seeds the database, then listens (in this process or in workers). */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const workers = options.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    throw new Error(`workers must be an integer from 1 to 64, got ${workers}`);
  const database = await openDatabase(
    options.databaseUrl ? { databaseUrl: options.databaseUrl, log } : { dataDir: options.dataDir },
  );
  let seeded: boolean;
  try {
    seeded = await seedDemoData(database.db, options.seedScale ?? 1);
    // before any job runs here, and before workers fork: jobs whose process died end failed
    await failInterruptedJobs(database.db, database.dialect, log);
  } catch (error) {
    await database.close();
    throw error;
  }
  const instanceId = options.instanceId ?? newInstanceId();
  if (workers > 1) {
    // The primary only prepared the database; the workers open their own connections.
    await database.close();
    // Loaded only here: the in-memory services also run inside browser-like test environments.
    const { startClusterServer } = await import('./cluster/cluster-server.ts');
    const cluster = await startClusterServer(workerConfigOf(options, instanceId), workers, log);
    const metrics =
      options.metricsPort === undefined
        ? undefined
        : await startMetricsServer(
            options.host,
            options.metricsPort,
            clusterMetricsText,
            log,
          ).catch(async (error: unknown) => {
            await cluster.close();
            throw error;
          });
    let closingCluster: Promise<void> | undefined;
    return {
      url: cluster.url,
      metricsUrl: metrics?.url,
      seeded,
      workers,
      close() {
        closingCluster ??= Promise.all([cluster.close(), metrics?.close()]).then(() => undefined);
        return closingCluster;
      },
    };
  }
  let instanceBus: InstanceBus;
  try {
    instanceBus = await openInstanceBus(database, new LocalCacheBus(), {
      databaseUrl: options.databaseUrl,
      instanceId,
      log,
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const context = createContext(database, {
    ...options,
    bus: instanceBus.bus,
    log,
    webhooks: {
      ...options.webhooks,
      allowedHosts:
        options.webhooks?.allowedHosts ?? parseAllowedHosts(options.webhookAllowedHosts),
    },
  });
  const app = createApp(context);
  let metrics: MetricsServer | undefined;
  let listening: Awaited<ReturnType<typeof listen>> | undefined;
  try {
    listening = await listen(app, options.host, options.port);
    if (options.metricsPort !== undefined)
      metrics = await startMetricsServer(
        options.host,
        options.metricsPort,
        () => context.ops.metricsText(),
        log,
      );
  } catch (error) {
    await listening?.close();
    await instanceBus.close();
    await database.close();
    throw error;
  }
  const server = listening;
  context.webhooks.dispatcher.start();
  context.retention.start();
  const stopPurge = startPurgeSchedule(context);
  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    metricsUrl: metrics?.url,
    seeded,
    workers,
    close() {
      closing ??= Promise.all([server.close(), metrics?.close()])
        .then(() => Promise.all([context.webhooks.dispatcher.stop(), context.retention.stop()]))
        .then(() => stopPurge())
        .then(() => instanceBus.close())
        .then(() => {
          context.ops.logger.flush();
          return database.close();
        });
      return closing;
    },
  };
}

/**
 * An instance's context options (context.ts) that an in-memory instance takes; its webhooks go
 * nowhere by default, and the test's own dispatcher runs only when a test calls it.
 */
export interface InMemoryServicesOptions extends Pick<
  ContextOptions,
  | keyof OperationsOptions
  | 'version'
  | 'consoleDir'
  | 'legacyUiDir'
  | 'kitDir'
  | 'legacyPlainDir'
  | 'analyticsHost'
  | 'log'
  | 'webhooks'
> {
  /** Default true. */
  seed?: boolean;
}

export interface InMemoryServices {
  app: Hono<AppEnv>;
  fetch: (request: Request) => Promise<Response>;
  context: ServicesContext;
  close(): Promise<void>;
}

/** An instance on an in-memory SQLite database, for tests (`fetch` works as an MSW handler). */
export async function createInMemoryServices(
  options: InMemoryServicesOptions = {},
): Promise<InMemoryServices> {
  const database = await openDatabase({ memory: true } satisfies OpenDatabaseOptions);
  if (options.seed !== false) await seedDemoData(database.db, 1);
  await failInterruptedJobs(database.db, database.dialect, options.log ?? (() => undefined));
  const context = createContext(database, options);
  const app = createApp(context);
  const stopPurge = startPurgeSchedule(context);
  return {
    app,
    context,
    fetch: async (request: Request) => app.fetch(request),
    close: () => stopPurge().then(() => database.close()),
  };
}

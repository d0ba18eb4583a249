// The request context of one process: caches, sessions and the cache bus over an open database.
import { randomUUID } from 'node:crypto';
import { Directory } from './auth/directory.ts';
import { SessionService } from './auth/session-service.ts';
import { TableCacheRegistry } from './cache/table-caches.ts';
import { LocalCacheBus } from './cluster/cache-bus.ts';
import type { CacheBus } from './cluster/cache-bus.ts';
import type { ServicesDb } from './db/database.ts';
import { createOperations } from './ops/operations.ts';
import type { OperationsOptions } from './ops/operations.ts';
import type { ServicesContext, VersionInfo } from './services-context.ts';
import { DEFAULT_ANALYTICS_LIMITS } from './analytics/analytics-limits.ts';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher.ts';
import type { WebhookSettings } from './webhooks/webhook-dispatcher.ts';
import { RetentionScheduler } from './retention/retention-purge.ts';
import { LicenseSigner } from './licenses/license-signer.ts';

/** The services' own version number (their package.json's); /git.json shows it as `v0.1.0`. */
export const SERVICES_VERSION = '0.1.0';

/**
 * The version /git.json answers when none is given: this version number, an `unknown` commit (as a
 * build from a tarball reports) and the time the context was made.
 */
function unknownBuild(): VersionInfo {
  return {
    displayVersion: `v${SERVICES_VERSION}`,
    commit: 'unknown',
    date: new Date().toISOString(),
  };
}

export interface ContextOptions extends OperationsOptions {
  /**
   * What /git.json answers (spec §3 "Version info"). `npm start` computes it from git once, in the
   * starting process, and hands it to every worker; default: {@link SERVICES_VERSION} with an
   * `unknown` commit.
   */
  version?: VersionInfo;
  /** How caches hear of writes in other processes; default: this process only. */
  bus?: CacheBus;
  /** This instance's id (shared by its workers); default: a new one per context. */
  instanceId?: string;
  /** How many worker processes serve this instance (the health page shows it); default 1. */
  workers?: number;
  consoleDir?: string;
  legacyUiDir?: string;
  /** Default (routes/kit-routes.ts): this repository's packages/bridge/dist. */
  kitDir?: string;
  /** Default (routes/kit-routes.ts): this repository's apps/legacy-plain/www. */
  legacyPlainDir?: string;
  analyticsHost?: string;
  log?: (line: string) => void;
  /** Where webhooks may go and how they are retried; default: nowhere (no allowed host). */
  webhooks?: WebhookSettings;
  /** How often the scheduled retention purge runs and is checked for (ms); default daily / each minute. */
  retention?: { intervalMs?: number; checkMs?: number };
  /**
   * The license signing key (an Ed25519 PKCS#8 private key, PEM or base64 DER); default: the
   * environment's `LICENSE_SIGNING_KEY`, else one generated once and kept in the database.
   */
  licenseSigningKey?: string;
  /** Default: the environment's `PORTICO_PLATFORM_SHAPES=only` (a test mode: services-context.ts). */
  platformShapesOnly?: boolean;
}

/** Builds the request context (caches, sessions) over an open database. */
export function createContext(database: ServicesDb, options: ContextOptions = {}): ServicesContext {
  const bus = options.bus ?? new LocalCacheBus();
  const ops = createOperations(options);
  database.observeQueries((text, seconds, failed) => ops.metrics.query(text, seconds, failed));
  ops.metrics.watchPool(() => database.poolStats());
  ops.metrics.watchBus(() => bus.isListening());
  const lookup = (cache: string, hit: boolean) => ops.metrics.cacheLookup(cache, hit);
  const directory = new Directory(database.db);
  const sessions = new SessionService(database.db, directory, bus);
  directory.onLookup = lookup;
  sessions.onLookup = lookup;
  const tableCaches = new TableCacheRegistry();
  bus.subscribe((event) => {
    switch (event.type) {
      case 'directory':
        directory.invalidate();
        sessions.forgetAll();
        break;
      case 'table':
        tableCaches.invalidate(event.table);
        break;
      case 'logout':
        sessions.forget(event.tokenHash);
        break;
      case 'apiKey':
        sessions.keys.forget(event.id);
        sessions.forgetKeySessions(event.id);
        break;
    }
  });
  // Events may have been missed (the PostgreSQL listener reconnected): drop everything cached.
  bus.onReset(() => {
    directory.invalidate();
    sessions.forgetAll();
    sessions.keys.forgetAll();
    tableCaches.invalidateAll();
  });
  const log = options.log ?? ((line: string) => console.error(line));
  const webhookSettings: WebhookSettings = options.webhooks ?? { allowedHosts: [] };
  const retention = new RetentionScheduler(
    database.db,
    async (groupId) => {
      const group = (await directory.groupsById()).get(groupId);
      return { groupId, tenantId: group && group.treeLevel > 1 ? groupId : null };
    },
    options.retention?.intervalMs,
    options.retention?.checkMs,
    log,
  );
  return {
    db: database.db,
    dialect: database.dialect,
    directory,
    sessions,
    version: options.version ?? unknownBuild(),
    consoleDir: options.consoleDir,
    legacyUiDir: options.legacyUiDir,
    kitDir: options.kitDir,
    legacyPlainDir: options.legacyPlainDir,
    analyticsHost: options.analyticsHost,
    log,
    tableCaches,
    bus,
    analyticsLimits: { ...DEFAULT_ANALYTICS_LIMITS },
    ops,
    migrations: database.migrations,
    instance: {
      id: options.instanceId ?? randomUUID().slice(0, 8),
      workers: options.workers ?? 1,
      startedAt: Date.now(),
    },
    webhooks: {
      settings: webhookSettings,
      dispatcher: new WebhookDispatcher(database.db, webhookSettings, log),
    },
    retention,
    licenses: new LicenseSigner(
      database.db,
      options.licenseSigningKey ?? process.env.LICENSE_SIGNING_KEY,
    ),
    platformShapesOnly:
      options.platformShapesOnly ?? process.env.PORTICO_PLATFORM_SHAPES === 'only',
  };
}

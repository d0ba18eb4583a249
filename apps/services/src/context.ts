// The request context of one process: caches, sessions and the cache bus over an open database.
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
  consoleDir?: string;
  legacyUiDir?: string;
  /** Default (routes/kit-routes.ts): this repository's packages/bridge/dist. */
  kitDir?: string;
  /** Default (routes/kit-routes.ts): this repository's apps/legacy-plain/www. */
  legacyPlainDir?: string;
  analyticsHost?: string;
  log?: (line: string) => void;
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
    }
  });
  // Events may have been missed (the PostgreSQL listener reconnected): drop everything cached.
  bus.onReset(() => {
    directory.invalidate();
    sessions.forgetAll();
    tableCaches.invalidateAll();
  });
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
    log: options.log ?? ((line) => console.error(line)),
    tableCaches,
    bus,
    analyticsLimits: { ...DEFAULT_ANALYTICS_LIMITS },
    ops,
    migrations: database.migrations,
  };
}

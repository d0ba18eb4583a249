// The request context of one process: caches, sessions and the cache bus over an open database.
// The repository's build-info script (not a workspace package) computes every part's git.json.
import { buildInfo } from '../../../scripts/build-info.ts';
import { Directory } from './auth/directory.ts';
import { SessionService } from './auth/session-service.ts';
import { LocalCacheBus } from './cluster/cache-bus.ts';
import type { CacheBus } from './cluster/cache-bus.ts';
import type { ServicesDb } from './db/database.ts';
import type { ServicesContext, VersionInfo } from './http/app-env.ts';

const SERVICES_VERSION = '0.1.0';
let version: VersionInfo | undefined;

function servicesVersion(): VersionInfo {
  version ??= buildInfo(SERVICES_VERSION);
  return version;
}

export interface ContextOptions {
  /** How caches hear of writes in other processes; default: this process only. */
  bus?: CacheBus;
  consoleDir?: string;
  legacyUiDir?: string;
  /** Default (kit/kit-routes.ts): this repository's packages/bridge/dist. */
  kitDir?: string;
  /** Default (kit/kit-routes.ts): this repository's apps/legacy-plain/www. */
  legacyPlainDir?: string;
  analyticsHost?: string;
  log?: (line: string) => void;
}


/** Builds the request context (caches, sessions) over an open database. */
export function createContext(database: ServicesDb, options: ContextOptions = {}): ServicesContext {
  const bus = options.bus ?? new LocalCacheBus();
  const directory = new Directory(database.db);
  const sessions = new SessionService(database.db, directory, bus);
  const tableGenerations = new Map<string, number>();
  bus.subscribe((event) => {
    switch (event.type) {
      case 'directory':
        directory.invalidate();
        sessions.forgetAll();
        break;
      case 'table':
        tableGenerations.set(event.table, (tableGenerations.get(event.table) ?? 0) + 1);
        break;
      case 'logout':
        sessions.forget(event.tokenHash);
        break;
      case 'login-failure':
        sessions.throttle.fail(event.username, event.address, event.at);
        break;
      case 'login-success':
        sessions.throttle.succeed(event.username, event.address);
        break;
    }
  });
  return {
    db: database.db,
    dialect: database.dialect,
    directory,
    sessions,
    version: servicesVersion(),
    consoleDir: options.consoleDir,
    legacyUiDir: options.legacyUiDir,
    kitDir: options.kitDir,
    legacyPlainDir: options.legacyPlainDir,
    analyticsHost: options.analyticsHost,
    log: options.log ?? ((line) => console.error(line)),
    tableGenerations,
    bus,
  };
}

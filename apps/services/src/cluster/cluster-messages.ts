// What a cluster worker is told at start, and the lifecycle messages between it and the primary
// (the cache messages are in cache-bus.ts).
import type { VersionInfo } from '../services-context.ts';

/** A worker's configuration, passed in its environment as JSON. */
export interface WorkerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  consoleDir: string;
  legacyUiDir: string;
  analyticsHost?: string;
  /** Shared by the processes of one instance (the cross-instance bus ignores its own instance). */
  instanceId?: string;
  /** Request log level (LOG_LEVEL); default silent. */
  logLevel?: string;
  /** /metrics on the public port with this bearer token (METRICS_TOKEN). */
  metricsToken?: string;
  /** Peers whose X-Forwarded-For is believed (TRUST_PROXY). */
  trustProxy?: string[];
  /** What /git.json answers (computed once by the starting process); default: an `unknown` build. */
  version?: VersionInfo;
  /** Where webhooks may go (WEBHOOK_ALLOWED_HOSTS, unparsed); default: nowhere. */
  webhookAllowedHosts?: string;
}

export const WORKER_CONFIG_ENV = 'PORTICO_WORKER_CONFIG';

export type WorkerMessage =
  | { portico: 'listening'; url: string }
  | { portico: 'log'; line: string }
  | { portico: 'failed'; message: string }
  /** A worker serving /metrics asks for the whole instance's. */
  | { portico: 'metrics-request'; id: number };

export type PrimaryMessage =
  { portico: 'shutdown' } | { portico: 'metrics-text'; id: number; text: string };

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  switch (message.portico) {
    case 'listening':
      return typeof message.url === 'string';
    case 'log':
      return typeof message.line === 'string';
    case 'failed':
      return typeof message.message === 'string';
    case 'metrics-request':
      return typeof message.id === 'number';
    default:
      return false;
  }
}

export function isPrimaryMessage(value: unknown): value is PrimaryMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  if (message.portico === 'shutdown') return true;
  return (
    message.portico === 'metrics-text' &&
    typeof message.id === 'number' &&
    typeof message.text === 'string'
  );
}

function isVersionInfo(value: unknown): value is VersionInfo {
  if (typeof value !== 'object' || value === null) return false;
  const version = value as Record<string, unknown>;
  return (['displayVersion', 'commit', 'date'] as const).every(
    (key) => typeof version[key] === 'string',
  );
}

/** Parses and checks a worker's configuration; throws with the reason when it is unusable. */
export function parseWorkerConfig(text: string | undefined): WorkerConfig {
  if (!text)
    throw new Error(
      `${WORKER_CONFIG_ENV} is not set: this file is started by the services' cluster primary`,
    );
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null)
    throw new Error(`${WORKER_CONFIG_ENV} is not an object`);
  const config = value as Record<string, unknown>;
  for (const key of ['host', 'dataDir', 'consoleDir', 'legacyUiDir'] as const) {
    if (typeof config[key] !== 'string')
      throw new Error(`${WORKER_CONFIG_ENV}.${key} must be a string`);
  }
  if (
    typeof config.port !== 'number' ||
    !Number.isInteger(config.port) ||
    config.port < 0 ||
    config.port > 65535
  )
    throw new Error(`${WORKER_CONFIG_ENV}.port must be a port number`);
  for (const key of [
    'databaseUrl',
    'analyticsHost',
    'instanceId',
    'logLevel',
    'metricsToken',
    'webhookAllowedHosts',
  ] as const) {
    if (config[key] !== undefined && typeof config[key] !== 'string')
      throw new Error(`${WORKER_CONFIG_ENV}.${key} must be a string`);
  }
  if (
    config.trustProxy !== undefined &&
    !(
      Array.isArray(config.trustProxy) &&
      config.trustProxy.every((entry) => typeof entry === 'string')
    )
  ) {
    throw new Error(`${WORKER_CONFIG_ENV}.trustProxy must be a list of addresses`);
  }
  if (config.version !== undefined && !isVersionInfo(config.version))
    throw new Error(`${WORKER_CONFIG_ENV}.version must be {displayVersion, commit, date} (text)`);
  return config as unknown as WorkerConfig;
}

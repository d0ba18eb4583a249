// What every instance offers its operator (DESIGN §4 "Operations"): one JSON log line per request
// (pino), Prometheus metrics and the trusted proxies, created once per process. The request
// middleware and the operational routes (/healthz, /readyz, /metrics) are in
// routes/operations-routes.ts.
import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';
import { processMetrics } from './metrics.ts';
import type { Metrics } from './metrics.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

export interface OperationsOptions {
  /** Request log level, one of {@link LOG_LEVELS} (default `silent`; `npm start` passes LOG_LEVEL, default `info`). */
  logLevel?: string;
  /** Where the JSON lines go (default: stdout). */
  logDestination?: DestinationStream;
  /** Serves /metrics on the public port to `Authorization: Bearer <token>` only; unset: no /metrics there. */
  metricsToken?: string;
  /** Direct peers whose X-Forwarded-For is believed (TRUST_PROXY). */
  trustProxy?: readonly string[];
  /** The instance's metrics text (a cluster worker asks its primary); default: this process's. */
  metricsText?: () => Promise<string>;
}

export interface Operations {
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly metricsToken?: string;
  readonly trustedProxies: ReadonlySet<string>;
  metricsText(): Promise<string>;
}

export function createOperations(options: OperationsOptions = {}): Operations {
  const level = options.logLevel ?? 'silent';
  if (!isLogLevel(level))
    throw new Error(`log level must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  const settings = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Nothing below logs these; the redaction is the second lock on the door.
    redact: {
      paths: [
        'token',
        'password',
        'cookie',
        'authorization',
        '*.token',
        '*.password',
        '*.cookie',
        '*.authorization',
      ],
      censor: '[redacted]',
    },
  };
  let logger: Logger;
  if (level === 'silent') logger = pino({ ...settings, enabled: false });
  else
    logger = pino(settings, options.logDestination ?? pino.destination({ dest: 1, sync: false }));
  const metrics = processMetrics();
  return {
    logger,
    metrics,
    metricsToken: options.metricsToken || undefined,
    trustedProxies: new Set(options.trustProxy ?? []),
    metricsText: options.metricsText ?? (() => metrics.registry.metrics()),
  };
}

// Prometheus metrics of this process (prom-client). One registry per process: a cluster's primary
// asks every worker for theirs and sums them (prom-client's AggregatorRegistry), so whoever serves
// the metrics (METRICS_PORT, or /metrics with METRICS_TOKEN) shows the whole instance.
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
} from 'prom-client';

const SECONDS_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
];

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

interface PendingRequests {
  readonly labels: { method: string; route: string; status: string };
  count: number;
}

interface PendingLookups {
  readonly cache: string;
  hits: number;
  misses: number;
}

export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'portico_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
    collect: () => this.flushRequests(),
  });
  readonly httpDuration = new Histogram({
    name: 'portico_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  readonly dbQueries = new Histogram({
    name: 'portico_db_query_duration_seconds',
    help: 'Database statements by kind (select, insert, update, delete, other) and outcome',
    labelNames: ['statement', 'outcome'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  readonly cacheLookups = new Counter({
    name: 'portico_cache_lookups_total',
    help: 'In-memory cache lookups by cache and result (hit, miss); hit ratio = hit / (hit + miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [this.registry],
    collect: () => this.flushLookups(),
  });
  readonly busEcho = new Histogram({
    name: 'portico_cache_bus_echo_seconds',
    help: "Cache bus lag between instances: from a NOTIFY until its echo and every other listener's acknowledgement are back",
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  readonly busListening = new Gauge({
    name: 'portico_cache_bus_listening',
    help: '1 while the cache bus hears every other process (and instance), else 0',
    registers: [this.registry],
    collect: () => {
      if (this.listeningSource) this.busListening.set(this.listeningSource() ? 1 : 0);
    },
  });
  readonly throttled = new Counter({
    name: 'portico_login_throttled_total',
    help: 'Sign-in attempts refused by the login throttle (429)',
    registers: [this.registry],
  });
  readonly workerRestarts = new Counter({
    name: 'portico_worker_restarts_total',
    help: 'Cluster workers that exited and were replaced (counted by the primary)',
    registers: [this.registry],
  });
  readonly dbPool = new Gauge({
    name: 'portico_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
    labelNames: ['state'] as const,
    registers: [this.registry],
    collect: () => this.collectPool(),
  });
  // The per-request counts (requests, cache lookups) are kept in plain numbers and added to their
  // counters when these are read (a scrape, or the cluster primary asking): a labelled `inc`
  // validates and hashes its labels each time, and there are three per request (issue 14). The
  // entries stay, as prom-client's own series do; their labels object is built once.
  private readonly pendingRequests = new Map<string, PendingRequests>();
  private readonly pendingLookups = new Map<string, PendingLookups>();
  // One server per process (tests may start several in turn: the latest is reported).
  private poolSource: (() => PoolStats | undefined) | undefined;
  private listeningSource: (() => boolean) | undefined;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'portico_process_' });
  }

  private collectPool(): void {
    const stats = this.poolSource?.();
    if (!stats) return;
    this.dbPool.set({ state: 'total' }, stats.total);
    this.dbPool.set({ state: 'idle' }, stats.idle);
    this.dbPool.set({ state: 'waiting' }, stats.waiting);
  }

  /** Reports a database pool (PostgreSQL) at every scrape. */
  watchPool(source: () => PoolStats | undefined): void {
    this.poolSource = source;
  }

  /** Reports whether the cache bus listens at every scrape. */
  watchBus(source: () => boolean): void {
    this.listeningSource = source;
  }

  cacheLookup(cache: string, hit: boolean): void {
    let pending = this.pendingLookups.get(cache);
    if (pending === undefined) {
      pending = { cache, hits: 0, misses: 0 };
      this.pendingLookups.set(cache, pending);
    }
    if (hit) pending.hits += 1;
    else pending.misses += 1;
  }

  private flushLookups(): void {
    for (const pending of this.pendingLookups.values()) {
      if (pending.hits > 0)
        this.cacheLookups.inc({ cache: pending.cache, result: 'hit' }, pending.hits);
      if (pending.misses > 0)
        this.cacheLookups.inc({ cache: pending.cache, result: 'miss' }, pending.misses);
      pending.hits = 0;
      pending.misses = 0;
    }
  }

  /** Counts one answered request and observes its duration. */
  request(method: string, route: string, status: number, seconds: number): void {
    const key = `${status} ${method} ${route}`;
    let pending = this.pendingRequests.get(key);
    if (pending === undefined) {
      pending = { labels: { method, route, status: String(status) }, count: 0 };
      this.pendingRequests.set(key, pending);
    }
    pending.count += 1;
    this.httpDuration.observe(pending.labels, seconds);
  }

  private flushRequests(): void {
    for (const pending of this.pendingRequests.values()) {
      if (pending.count > 0) this.httpRequests.inc(pending.labels, pending.count);
      pending.count = 0;
    }
  }

  /** Records one statement's duration from its SQL text. */
  query(sqlText: string, seconds: number, failed: boolean): void {
    const word = /^\s*(\w+)/.exec(sqlText)?.[1]?.toLowerCase() ?? '';
    const statement =
      word === 'select' || word === 'insert' || word === 'update' || word === 'delete'
        ? word
        : 'other';
    this.dbQueries.observe({ statement, outcome: failed ? 'error' : 'ok' }, seconds);
  }
}

let current: Metrics | undefined;

/** This process's metrics (created on first use). */
export function processMetrics(): Metrics {
  current ??= new Metrics();
  return current;
}

let aggregator: AggregatorRegistry<typeof Registry.PROMETHEUS_CONTENT_TYPE> | undefined;

/** In a cluster worker: lets the primary collect this process's metrics. */
export function shareMetricsWithPrimary(): void {
  const { registry } = processMetrics();
  // The primary counts restarts; a worker's zero would be a second series of the same name.
  registry.removeSingleMetric('portico_worker_restarts_total');
  AggregatorRegistry.setRegistries([registry]);
  aggregator ??= new AggregatorRegistry();
}

/** In a cluster primary: every worker's metrics summed, plus the primary's own (restarts). */
export async function clusterMetricsText(): Promise<string> {
  aggregator ??= new AggregatorRegistry();
  const workers = await aggregator.clusterMetrics();
  const own = await processMetrics().registry.getSingleMetricAsString(
    'portico_worker_restarts_total',
  );
  return `${workers.trimEnd()}\n${own.trimEnd()}\n`;
}

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

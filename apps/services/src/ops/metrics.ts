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

type RequestLabels = { method: string; route: string; status: string };

interface PendingRequests {
  readonly labels: RequestLabels;
  count: number;
  readonly durations: DurationSeries;
}

/** One label set's observations: per-bucket counts (not cumulative), their sum and count. */
interface DurationSeries {
  readonly labels: RequestLabels;
  readonly buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * The request duration histogram. prom-client's `observe` validates and hashes the labels object on
 * every call (about 1 µs of whoami's CPU); here the caller keeps each label set's series
 * and an observation is a bucket search and three additions. prom-client reads the series only when
 * the metric is read (a scrape, or the cluster primary asking): `getForPromString` gives them in the
 * shape of prom-client's own histogram (cumulative buckets, +Inf, _sum, _count), and its `get` (the
 * JSON a worker hands its primary) splays that as it does for its own.
 */
const DURATION_NAME = 'portico_http_request_duration_seconds';
const DURATION_HELP = 'Time from a request to its answer, by method, route template and status';

class RequestDurations extends Histogram<'method' | 'route' | 'status'> {
  private readonly series: DurationSeries[] = [];

  constructor(private readonly bounds: readonly number[]) {
    super({
      name: DURATION_NAME,
      help: DURATION_HELP,
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [...bounds],
      registers: [],
    });
  }

  /** A new, empty series for one label set (kept: prom-client keeps its label sets too). */
  createSeries(labels: RequestLabels): DurationSeries {
    const series = { labels, buckets: new Float64Array(this.bounds.length), sum: 0, count: 0 };
    this.series.push(series);
    return series;
  }

  /** Adds one observation (seconds) to a series, into the first bucket whose bound it does not pass. */
  record(series: DurationSeries, seconds: number): void {
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i += 1) {
      if (seconds <= bounds[i]!) {
        series.buckets[i]! += 1;
        break;
      }
    }
    series.sum += seconds;
    series.count += 1;
  }

  // prom-client's (undeclared) reader of a histogram's values, which its registry and `get` call.
  getForPromString(): Promise<unknown> {
    const name = `${DURATION_NAME}_bucket`;
    const values: unknown[] = [];
    for (const series of this.series) {
      let cumulative = 0;
      for (let i = 0; i < this.bounds.length; i += 1) {
        cumulative += series.buckets[i]!;
        values.push({
          labels: { le: this.bounds[i] },
          sharedLabels: series.labels,
          value: cumulative,
          metricName: name,
          exemplar: null,
        });
      }
      values.push(
        {
          labels: { le: '+Inf' },
          sharedLabels: series.labels,
          value: series.count,
          metricName: name,
          exemplar: null,
        },
        {
          labels: {},
          sharedLabels: series.labels,
          value: series.sum,
          metricName: `${DURATION_NAME}_sum`,
          exemplar: undefined,
        },
        {
          labels: {},
          sharedLabels: series.labels,
          value: series.count,
          metricName: `${DURATION_NAME}_count`,
          exemplar: undefined,
        },
      );
    }
    return Promise.resolve({
      name: DURATION_NAME,
      help: DURATION_HELP,
      type: 'histogram',
      values,
      aggregator: 'sum',
    });
  }

  override reset(): void {
    // (prom-client's constructor calls it too, before this class's fields exist)
    for (const series of (this.series as DurationSeries[] | undefined) ?? []) {
      series.buckets.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  }
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
  readonly httpDuration = new RequestDurations(SECONDS_BUCKETS);
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
  // validates and hashes its labels each time, and there are three per request. The
  // entries stay, as prom-client's own series do; their labels object is built once.
  private readonly pendingRequests = new Map<string, PendingRequests>();
  private readonly pendingLookups = new Map<string, PendingLookups>();
  // One server per process (tests may start several in turn: the latest is reported).
  private poolSource: (() => PoolStats | undefined) | undefined;
  private listeningSource: (() => boolean) | undefined;

  constructor() {
    this.registry.registerMetric(this.httpDuration);
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
      const labels = { method, route, status: String(status) };
      pending = { labels, count: 0, durations: this.httpDuration.createSeries(labels) };
      this.pendingRequests.set(key, pending);
    }
    pending.count += 1;
    this.httpDuration.record(pending.durations, seconds);
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

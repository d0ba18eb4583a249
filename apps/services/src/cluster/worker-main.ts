// The entry of a node:cluster worker: opens the (already migrated and seeded) database, serves the
// app on the primary's shared socket, keeps its caches coherent through the primary, and stops on
// the primary's word or when the primary goes away.
import { createContext } from '../context.ts';
import { parseAllowedHosts } from '../webhooks/allowed-hosts.ts';
import { openDatabase } from '../db/database.ts';
import { createApp } from '../app.ts';
import { startPurgeSchedule } from '../resources/soft-delete.ts';
import { listen } from '../listen.ts';
import { WorkerCacheBus } from './cache-bus.ts';
import { openInstanceBus } from './instance-bus.ts';
import { newInstanceId } from './pg-bus.ts';
import { shareMetricsWithPrimary } from '../ops/metrics.ts';
import type { BusMessage } from './cache-bus.ts';
import {
  WORKER_CONFIG_ENV,
  WORKER_COUNT_ENV,
  isPrimaryMessage,
  parseWorkerConfig,
} from './cluster-messages.ts';
import type { WorkerMessage } from './cluster-messages.ts';

function send(message: WorkerMessage | BusMessage): void {
  if (process.connected) process.send?.(message);
}

// What to close on the way out; filled in as start-up proceeds.
let closers: Array<() => Promise<void>> = [];
let stopping = false;

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  // The server first (finish requests in flight), then the database.
  for (const close of closers.reverse()) await close().catch(() => undefined);
  process.exit(0);
}

// Registered before anything slow, so a stop during start-up is not lost.
const metricsWaits = new Map<number, (text: string) => void>();
let metricsSequence = 0;
process.on('message', (message) => {
  if (!isPrimaryMessage(message)) return;
  if (message.portico === 'metrics-text') metricsWaits.get(message.id)?.(message.text);
  else void stop();
});

/** The whole instance's metrics, summed by the primary over every worker. */
function instanceMetrics(): Promise<string> {
  const id = ++metricsSequence;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      metricsWaits.delete(id);
      reject(new Error('the primary did not answer with the metrics within 10 s'));
    }, 10_000);
    metricsWaits.set(id, (text) => {
      clearTimeout(timer);
      metricsWaits.delete(id);
      resolve(text);
    });
    send({ portico: 'metrics-request', id });
  });
}
// The primary is gone (killed, crashed): nobody relays cache events any more, so stop serving.
process.on('disconnect', () => void stop());
// Ctrl+C reaches the whole process group: finish what is in flight rather than die mid-request.
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

async function main(): Promise<void> {
  const config = parseWorkerConfig(process.env[WORKER_CONFIG_ENV]);
  const log = (line: string) => send({ portico: 'log', line });
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, log } : { dataDir: config.dataDir },
  );
  closers.push(() => database.close());
  if (stopping) return;
  const workerBus = new WorkerCacheBus({
    send,
    on: (event, listener) => process.on(event, listener),
  });
  const { bus, close: closeBus } = await openInstanceBus(database, workerBus, {
    databaseUrl: config.databaseUrl,
    instanceId: config.instanceId ?? newInstanceId(),
    log,
  });
  closers.push(closeBus);
  if (stopping) return;
  shareMetricsWithPrimary();
  const workers = Number(process.env[WORKER_COUNT_ENV]);
  const context = createContext(database, {
    ...config,
    bus,
    log,
    metricsText: instanceMetrics,
    ...(Number.isInteger(workers) && workers > 0 ? { workers } : {}),
    webhooks: { allowedHosts: parseAllowedHosts(config.webhookAllowedHosts) },
  });
  closers.push(() => new Promise<void>((resolve) => context.ops.logger.flush(() => resolve())));
  // every worker sends due webhooks; a claim on each outbox row keeps them from sending one twice
  context.webhooks.dispatcher.start();
  closers.push(() => context.webhooks.dispatcher.stop());
  context.retention.start();
  closers.push(() => context.retention.stop());
  const app = createApp(context);
  closers.push(startPurgeSchedule(context));
  const server = await listen(app, config.host, config.port);
  closers = [...closers, () => server.close()];
  if (stopping) return;
  send({ portico: 'listening', url: server.url });
}

main().catch((error: unknown) => {
  send({ portico: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
  setTimeout(() => process.exit(1), 100).unref();
});

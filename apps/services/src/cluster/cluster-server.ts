// The cluster primary: forks the workers that serve (one per core by default), relays their cache
// events, restarts a worker that dies, and stops them all in order. It serves no request itself:
// node:cluster hands each accepted connection to a worker, round robin.
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { CacheRelay } from './cache-bus.ts';
import type { BusMessage, WorkerChannel } from './cache-bus.ts';
import { WORKER_CONFIG_ENV, WORKER_COUNT_ENV, isWorkerMessage } from './cluster-messages.ts';
import type { PrimaryMessage, WorkerConfig } from './cluster-messages.ts';
import { clusterMetricsText, processMetrics } from '../ops/metrics.ts';

const STOP_TIMEOUT_MS = 8_000;
/** More exits than this within RESTART_WINDOW_MS and the primary stops restarting (a crash loop). */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

export interface ClusterServer {
  url: string;
  workers: number;
  close(): Promise<void>;
}

function channel(worker: Worker): WorkerChannel {
  return { id: worker.id, send: (message: BusMessage) => worker.send(message) };
}

export async function startClusterServer(
  config: WorkerConfig,
  count: number,
  log: (line: string) => void,
): Promise<ClusterServer> {
  if (!cluster.isPrimary) throw new Error('startClusterServer runs in the primary process only');
  // The workers accept connections themselves from the shared socket (SCHED_NONE). With node's
  // default round robin the primary accepts each connection and hands it over IPC: a connection
  // in flight to a worker that dies with -9 stayed open in the primary, unanswered.
  // Now a dead worker's connections die with it, and the kernel queues new ones for
  // the living workers.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  // Workers run the same Node with the same loader flags (tsx in development and tests).
  cluster.setupPrimary({
    exec: fileURLToPath(new URL('./worker-main.ts', import.meta.url)),
    execArgv: process.execArgv,
  });
  const ready = new Map<number, Worker>();
  const relay = new CacheRelay(
    () => [...ready.values()].map(channel),
    2_000,
    (ids) => log(`services: worker(s) ${ids.join(', ')} did not confirm a cache event within 2 s`),
  );
  let closing = false;
  const exits: number[] = [];

  const fork = (replacing?: number) =>
    new Promise<string>((resolve, reject) => {
      const worker = cluster.fork({
        [WORKER_CONFIG_ENV]: JSON.stringify(config),
        [WORKER_COUNT_ENV]: String(count),
      });
      let started = false;
      worker.on('message', (message: unknown) => {
        if (isWorkerMessage(message)) {
          if (message.portico === 'log') log(message.line);
          else if (message.portico === 'metrics-request') {
            const answer = (text: string) => {
              if (worker.isConnected())
                worker.send({
                  portico: 'metrics-text',
                  id: message.id,
                  text,
                } satisfies PrimaryMessage);
            };
            clusterMetricsText().then(answer, (error: unknown) =>
              answer(
                `# metrics unavailable: ${error instanceof Error ? error.message : String(error)}\n`,
              ),
            );
          } else if (message.portico === 'listening') {
            started = true;
            ready.set(worker.id, worker);
            if (replacing !== undefined)
              log(`services: worker ${worker.id} started, replacing worker ${replacing}`);
            resolve(message.url);
          } else reject(new Error(`a services worker failed to start: ${message.message}`));
          return;
        }
        relay.message(channel(worker), message);
      });
      worker.on('exit', (code, signal) => {
        ready.delete(worker.id);
        relay.workerGone(worker.id);
        if (!started)
          reject(
            new Error(`a services worker exited while starting (${signal ?? `code ${code}`})`),
          );
        // A first worker failing to start fails the start; a replacement that dies while starting is
        // one more exit of the loop below (else the server could end up with no worker, silently).
        if ((!started && replacing === undefined) || closing) return;
        const now = Date.now();
        exits.push(now);
        while (exits.length > 0 && now - (exits[0] ?? now) > RESTART_WINDOW_MS) exits.shift();
        if (exits.length > MAX_RESTARTS) {
          // A crash loop: replacing workers only repeats it. Say so and stop with a non-zero exit,
          // so a supervisor (systemd, a container runtime) sees the failure.
          log(`services: worker ${worker.id} exited (${signal ?? `code ${code}`})`);
          log(
            `services: crash loop: ${exits.length} worker exits within ${RESTART_WINDOW_MS / 1000} s; stopping the server (exit code 1)`,
          );
          void stop().finally(() => process.exit(1));
          return;
        }
        log(`services: worker ${worker.id} exited (${signal ?? `code ${code}`}); starting another`);
        processMetrics().workerRestarts.inc();
        fork(worker.id).catch((error: unknown) =>
          log(`services: ${error instanceof Error ? error.message : String(error)}`),
        );
      });
    });

  const stop = async () => {
    closing = true;
    const workers = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined,
    );
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const timer = setTimeout(() => worker.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
            worker.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            // A worker still starting may not listen to messages yet; a signal reaches it either way.
            if (!ready.has(worker.id)) {
              worker.process.kill('SIGTERM');
              return;
            }
            try {
              worker.send({ portico: 'shutdown' } satisfies PrimaryMessage);
            } catch {
              worker.process.kill('SIGTERM');
            }
          }),
      ),
    );
  };

  let url: string;
  try {
    const urls = await Promise.all(Array.from({ length: count }, fork));
    url = urls[0] ?? '';
  } catch (error) {
    await stop();
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    url,
    workers: count,
    close() {
      closed ??= stop();
      return closed;
    },
  };
}

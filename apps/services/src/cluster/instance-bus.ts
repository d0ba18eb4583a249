// Chooses a process's cache bus: its own (and its sibling workers') alone on SQLite, plus PostgreSQL
// LISTEN/NOTIFY to the other instances when the database is PostgreSQL (pg-bus.ts).
import { CompiledQuery } from 'kysely';
import type { ServicesDb } from '../db/database.ts';
import type { CacheBus, LocalCacheBus } from './cache-bus.ts';
import { NOTIFY_SQL, PgCacheBus } from './pg-bus.ts';
import { processMetrics } from '../ops/metrics.ts';

export interface InstanceBus {
  bus: CacheBus;
  close(): Promise<void>;
}

export interface InstanceBusOptions {
  databaseUrl?: string;
  instanceId: string;
  log: (line: string) => void;
  onEcho?: (ms: number) => void;
}

/** Opens the bus; on PostgreSQL it resolves once the listener listens. */
export async function openInstanceBus(
  database: ServicesDb,
  inner: LocalCacheBus,
  options: InstanceBusOptions,
): Promise<InstanceBus> {
  if (database.dialect !== 'postgres' || !options.databaseUrl)
    return { bus: inner, close: () => Promise.resolve() };
  const bus = new PgCacheBus(inner, {
    databaseUrl: options.databaseUrl,
    instanceId: options.instanceId,
    log: options.log,
    onEcho: options.onEcho ?? ((ms) => processMetrics().busEcho.observe(ms / 1000)),
    notify: async (channel, payload, ownPid) => {
      const { rows } = await database.db.executeQuery<{ pids: number[] }>(
        CompiledQuery.raw(NOTIFY_SQL, [channel, payload, ownPid]),
      );
      return (rows[0]?.pids ?? []).map(Number);
    },
  });
  await bus.start();
  return { bus, close: () => bus.close() };
}

// The rows a soft delete keeps (db/soft-delete-tables.ts): found for a restore while their undo
// window lasts, and purged by the server after it. The purge runs when a server starts (rows whose
// window ran out while it was down go then) and every PURGE_INTERVAL_MS after, in every process;
// a purge is one idempotent DELETE per table, so processes running it together do no harm.
import type { Kysely } from 'kysely';
import { UNDO_WINDOW_MS, softDeletes } from '../db/soft-delete-tables.ts';
import { HttpError, withPlatformMessage } from '../http/http-error.ts';
import { readableGroups, ownerOf } from '../policies/access.ts';
import type { Caller } from '../auth/directory.ts';
import type { ServicesContext } from '../services-context.ts';
import { RESOURCES } from './definitions/index.ts';
import type { ResourceSpec, Row } from './resource-spec.ts';

type AnyDb = Kysely<Record<string, Row>>;

export const PURGE_INTERVAL_MS = 5_000;

/** The deleted row `id` if its window is still open and the caller may read it; 404 otherwise. */
export async function findRestorableRow(
  reader: AnyDb,
  spec: ResourceSpec,
  id: number,
  caller: Caller,
  now = Date.now(),
): Promise<Row> {
  const row = softDeletes(spec.table)
    ? await reader
        .selectFrom(spec.table)
        .selectAll()
        .where('id', '=', id)
        .where('deletedAt', '>=', now - UNDO_WINDOW_MS)
        .executeTakeFirst()
    : undefined;
  const readable = readableGroups(caller, spec);
  if (!row || (readable && !readable.has(ownerOf(spec, row))))
    throw withPlatformMessage(
      new HttpError(
        404,
        `no deleted ${spec.path} ${id} to restore (an undo lasts ${UNDO_WINDOW_MS / 1000} s)`,
      ),
      `${spec.path}Id[${id}] not found`,
    );
  return row;
}

/** Removes for good every row deleted longer than the undo window ago; how many went. */
export async function purgeExpired(ctx: ServicesContext, now = Date.now()): Promise<number> {
  const db = ctx.db as unknown as AnyDb;
  let purged = 0;
  for (const spec of RESOURCES) {
    if (!softDeletes(spec.table)) continue;
    const result = await db
      .deleteFrom(spec.table)
      .where('deletedAt', 'is not', null)
      .where('deletedAt', '<', now - UNDO_WINDOW_MS)
      .executeTakeFirst();
    purged += Number(result.numDeletedRows);
  }
  return purged;
}

/** Purges now and every `intervalMs`; the returned function stops it (before the database closes). */
export function startPurgeSchedule(
  ctx: ServicesContext,
  intervalMs = PURGE_INTERVAL_MS,
): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    if (stopped) return;
    running = purgeExpired(ctx).catch((error: unknown) => {
      if (!stopped)
        ctx.log(
          `purge of deleted rows failed: ${error instanceof Error ? error.message : String(error)}`,
        );
    });
  };
  run();
  const timer: unknown = setInterval(run, intervalMs);
  // Node's timer does not keep the process alive; a browser-like test environment's is a number
  if (typeof timer === 'object' && timer !== null && 'unref' in timer)
    (timer as { unref(): void }).unref();
  return () => {
    stopped = true;
    clearInterval(timer as Parameters<typeof clearInterval>[0]);
    return running.then(() => undefined);
  };
}

// Cache coherence between the processes of one server. Each process keeps in-memory views (sessions,
// the directory of groups/users/roles, list counts); a write that changes what they
// show publishes an event, and `publish` resolves only once every process has applied it, so an
// answer sent after it can never be contradicted by a stale cache in another worker.
//
// One process: LocalCacheBus applies the event at once. A node:cluster worker: WorkerCacheBus applies
// it here, sends it to the primary, and waits for the primary's acknowledgement; the primary
// (relayCacheEvents) forwards it to every other live worker and acknowledges once each has applied
// it, or after a timeout (a worker that does not answer is dying; it takes its caches with it).

export type CacheEvent =
  /**
   * Groups, group fields, users, user fields or roles changed: drop the directory and the cached
   * sessions. `configGroupId`: the group whose configuration (its group fields) changed, which the
   * open consoles below it are told of (routes/config-event-routes.ts).
   */
  | { type: 'directory'; configGroupId?: number }
  /** Rows of a table changed: drop its cached list counts. */
  | { type: 'table'; table: string }
  /** A session ended. */
  | { type: 'logout'; tokenHash: string }
  /** An API key was revoked: drop its state and the sessions opened with it. */
  | { type: 'apiKey'; id: number };

export type CacheEventHandler = (event: CacheEvent) => void;

export interface CacheBus {
  /** Applies `event` in this process and in every other one; resolves when all have applied it. */
  publish(event: CacheEvent): Promise<void>;
  /** Registers a handler; returns its removal. */
  subscribe(handler: CacheEventHandler): () => void;
  /** False while events from elsewhere may be missed (readyz answers 503 then). */
  isListening(): boolean;
  /**
   * Registers what to do when this process may have missed events (its PostgreSQL listener
   * reconnected, pg-bus.ts): drop every cache. Returns its removal.
   */
  onReset(handler: () => void): () => void;
}

/** True when `value` is a well-formed {@link CacheEvent} (IPC messages are checked like any input). */
export function isCacheEvent(value: unknown): value is CacheEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  const text = (key: string) =>
    typeof event[key] === 'string' && (event[key] as string).length <= 1024;
  switch (event.type) {
    case 'directory':
      return (
        event.configGroupId === undefined ||
        (Number.isSafeInteger(event.configGroupId) && (event.configGroupId as number) > 0)
      );
    case 'table':
      return text('table');
    case 'logout':
      return text('tokenHash');
    case 'apiKey':
      return Number.isSafeInteger(event.id) && (event.id as number) > 0;
    default:
      return false;
  }
}

/** The bus of a single process. */
export class LocalCacheBus implements CacheBus {
  private readonly handlers = new Set<CacheEventHandler>();

  subscribe(handler: CacheEventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Runs every handler; one that throws does not keep the others from running. */
  protected apply(event: CacheEvent): void {
    for (const handler of this.handlers) {
      try {
        handler(event);
      } catch {
        // A cache handler only drops or records entries; a failure there must not block the rest.
      }
    }
  }

  publish(event: CacheEvent): Promise<void> {
    this.apply(event);
    return Promise.resolve();
  }

  /** Applies an event heard from another instance in this process only. */
  deliver(event: CacheEvent): void {
    this.apply(event);
  }

  isListening(): boolean {
    return true;
  }

  private readonly resetHandlers = new Set<() => void>();

  onReset(handler: () => void): () => void {
    this.resetHandlers.add(handler);
    return () => this.resetHandlers.delete(handler);
  }

  /** Runs the reset handlers (this process only). */
  reset(): void {
    for (const handler of this.resetHandlers) {
      try {
        handler();
      } catch {
        // Dropping caches must not stop at one that fails.
      }
    }
  }
}

/** The IPC messages between workers and the primary. */
export type BusMessage =
  | { portico: 'cache-event'; id: number; event: CacheEvent }
  | { portico: 'cache-ack'; id: number }
  | { portico: 'cache-relay'; id: number; event: CacheEvent }
  | { portico: 'cache-applied'; id: number };

function isBusMessage(value: unknown): value is BusMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  if (typeof message.id !== 'number' || !Number.isSafeInteger(message.id)) return false;
  switch (message.portico) {
    case 'cache-event':
    case 'cache-relay':
      return isCacheEvent(message.event);
    case 'cache-ack':
    case 'cache-applied':
      return true;
    default:
      return false;
  }
}

/** A worker's view of its IPC channel to the primary (`process` in a cluster worker). */
export interface ParentChannel {
  send(message: BusMessage): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

/** The bus of a node:cluster worker. */
export class WorkerCacheBus extends LocalCacheBus {
  private sequence = 0;
  private readonly pending = new Map<number, () => void>();

  constructor(
    private readonly channel: ParentChannel,
    private readonly timeoutMs = 5_000,
  ) {
    super();
    channel.on('message', (message) => {
      if (!isBusMessage(message)) return;
      if (message.portico === 'cache-relay') {
        this.apply(message.event);
        channel.send({ portico: 'cache-applied', id: message.id });
      } else if (message.portico === 'cache-ack') {
        this.pending.get(message.id)?.();
      }
    });
  }

  override publish(event: CacheEvent): Promise<void> {
    this.apply(event);
    const id = ++this.sequence;
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve();
      };
      // The primary always answers (it has its own timeout); this one only guards against a primary
      // that is going away, when no other worker is left to be stale either.
      const timer = setTimeout(done, this.timeoutMs);
      timer.unref();
      this.pending.set(id, done);
      try {
        this.channel.send({ portico: 'cache-event', id, event });
      } catch {
        done();
      }
    });
  }
}

/** The primary's view of one worker. */
export interface WorkerChannel {
  readonly id: number;
  send(message: BusMessage): void;
}

/**
 * The primary's relay. `message(from, data)` handles a worker's message; `workerGone(id)` releases the
 * waits on a worker that exited. `timeoutMs` bounds a wait on a worker that does not answer.
 */
export class CacheRelay {
  private sequence = 0;
  /** relay id → the publisher's request and the workers still to answer. */
  private readonly waits = new Map<
    number,
    { from: WorkerChannel; requestId: number; waiting: Set<number>; timer: NodeJS.Timeout }
  >();

  constructor(
    private readonly workers: () => Iterable<WorkerChannel>,
    private readonly timeoutMs = 2_000,
    private readonly onTimeout: (workerIds: number[]) => void = () => undefined,
  ) {}

  message(from: WorkerChannel, data: unknown): void {
    if (!isBusMessage(data)) return;
    if (data.portico === 'cache-event') this.relay(from, data.id, data.event);
    else if (data.portico === 'cache-applied') this.answered(data.id, from.id);
  }

  workerGone(workerId: number): void {
    for (const id of [...this.waits.keys()]) this.answered(id, workerId);
  }

  private relay(from: WorkerChannel, requestId: number, event: CacheEvent): void {
    const others = [...this.workers()].filter((worker) => worker.id !== from.id);
    if (others.length === 0) {
      from.send({ portico: 'cache-ack', id: requestId });
      return;
    }
    const id = ++this.sequence;
    const timer = setTimeout(() => {
      const wait = this.waits.get(id);
      if (!wait) return;
      this.onTimeout([...wait.waiting]);
      this.finish(id);
    }, this.timeoutMs);
    timer.unref();
    this.waits.set(id, {
      from,
      requestId,
      waiting: new Set(others.map((worker) => worker.id)),
      timer,
    });
    for (const worker of others) {
      try {
        worker.send({ portico: 'cache-relay', id, event });
      } catch {
        this.answered(id, worker.id);
      }
    }
  }

  private answered(id: number, workerId: number): void {
    const wait = this.waits.get(id);
    if (!wait) return;
    wait.waiting.delete(workerId);
    if (wait.waiting.size === 0) this.finish(id);
  }

  private finish(id: number): void {
    const wait = this.waits.get(id);
    if (!wait) return;
    clearTimeout(wait.timer);
    this.waits.delete(id);
    try {
      wait.from.send({ portico: 'cache-ack', id: wait.requestId });
    } catch {
      // The publisher exited meanwhile: nobody is waiting.
    }
  }
}

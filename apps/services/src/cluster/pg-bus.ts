// The cache bus between instances: PostgreSQL LISTEN/NOTIFY (when DATABASE_URL is set).
//
// Every serving process holds one listening connection (channel `portico_cache`). A publish sends its
// event with NOTIFY (through the pool, so the other instances hear of it even while this listener is
// down) and waits until its own notification has come back through PostgreSQL *and* every other
// listener that was connected at that moment has acknowledged it (channel `portico_cache_ack`,
// sent after applying it). The echo alone is not enough: PostgreSQL hands a notification to every
// listening backend at once, but each backend passes it on when it is next scheduled, and on a busy
// machine another instance's could still be holding it when the echo is back here (the two-instance
// test saw a logout answered on A and the session still served from B's cache). The listeners are
// found in pg_stat_activity by their application_name, in the same statement as the NOTIFY.
// The wait is bounded (2 s, then a logged warning); a listener that is down does not wait at all
// (it cannot hear the echo or the acknowledgements) and logs a warning.
//
// Workers of one instance already reach each other over the cluster IPC (cache-bus.ts); a
// notification from the same instance but another process is ignored here, so every process applies
// each event exactly once (which the login-failure counts need).
//
// A listener that lost its connection may have missed events: when it is listening again it empties
// every cache of its process (the bus's reset handlers, this process only).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isCacheEvent } from './cache-bus.ts';
import type { CacheBus, CacheEvent, CacheEventHandler, LocalCacheBus } from './cache-bus.ts';

export const NOTIFY_CHANNEL = 'portico_cache';
export const ACK_CHANNEL = 'portico_cache_ack';
/**
 * The listener's `application_name` once it listens (and has emptied its caches after a reconnect),
 * so publishers (and operators, and tests) find it in pg_stat_activity.
 */
export const LISTENER_APPLICATION_NAME = 'portico-cache-bus';
const STARTING_APPLICATION_NAME = 'portico-cache-bus-starting';

/** The statement a publish runs: the NOTIFY and, at that moment, every other listening backend. */
export const NOTIFY_SQL = `select pg_notify($1, $2) as sent, array(select pid from pg_stat_activity where application_name = '${LISTENER_APPLICATION_NAME}' and datname = current_database() and pid <> $3) as pids`;

/** An acknowledgement: publisher process, its sequence number, and the acknowledging backend. */
interface Ack {
  p: string;
  s: number;
  f: number;
}

/** `text` as JSON when it is an object that `fits`; otherwise (not JSON, not an object) undefined. */
function parseObject<T>(
  text: string,
  fits: (value: Record<string, unknown>) => boolean,
): T | undefined {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null) return undefined;
    return fits(value) ? (value as unknown as T) : undefined;
  } catch {
    return undefined;
  }
}

function parseAck(text: string): Ack | undefined {
  return parseObject<Ack>(
    text,
    (value) =>
      typeof value.p === 'string' && typeof value.s === 'number' && typeof value.f === 'number',
  );
}

/** One notification's payload (PostgreSQL caps payloads at 8,000 bytes; events are far smaller). */
interface Envelope {
  /** The instance (a primary and its workers share it). */
  i: string;
  /** The publishing process. */
  p: string;
  /** The publisher's sequence number. */
  s: number;
  e: CacheEvent;
}

function parseEnvelope(text: string): Envelope | undefined {
  return parseObject<Envelope>(
    text,
    (value) =>
      typeof value.i === 'string' &&
      typeof value.p === 'string' &&
      typeof value.s === 'number' &&
      isCacheEvent(value.e),
  );
}

/** A publish waiting for its echo and its acknowledgements. */
interface Pending {
  started: number;
  echoed: boolean;
  /** The listeners to hear from (known once the NOTIFY statement answered). */
  members: number[] | undefined;
  acked: Set<number>;
  done: () => void;
}

export interface PgBusOptions {
  databaseUrl: string;
  /** Shared by the processes of one instance (workers get their primary's). */
  instanceId: string;
  /**
   * Runs {@link NOTIFY_SQL} on a pooled connection with (channel, payload, this listener's backend
   * pid or 0) and returns the other listeners' pids.
   */
  notify: (channel: string, payload: string, ownPid: number) => Promise<number[]>;
  log: (line: string) => void;
  /** How long a publish waits for its own notification (default 2 s). */
  echoTimeoutMs?: number;
  /** Reconnect back-off bounds (default 50 ms doubling to 2 s). */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** Observes a publish's round trip through PostgreSQL, in ms (metrics). */
  onEcho?: (ms: number) => void;
}

/** Creates a random id for an instance. */
export function newInstanceId(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * The bus of a process whose instance shares PostgreSQL with others: `inner` (this process, and its
 * sibling workers over IPC) plus LISTEN/NOTIFY to every other instance.
 */
export class PgCacheBus implements CacheBus {
  private readonly processId = newInstanceId();
  private sequence = 0;
  private readonly pending = new Map<number, Pending>();
  private client: pg.Client | undefined;
  private backendPid = 0;
  private listeningNow = false;
  private closed = false;
  private everListened = false;
  private reconnectDelay: number;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private connecting: Promise<void> | undefined;
  /** Counts the connections that reached LISTEN (tests and metrics read it). */
  connections = 0;

  constructor(
    private readonly inner: LocalCacheBus,
    private readonly options: PgBusOptions,
  ) {
    this.reconnectDelay = options.reconnectMinMs ?? 50;
  }

  /** Connects and listens; resolves once listening (rejects when the first attempt fails). */
  start(): Promise<void> {
    return this.connect();
  }

  isListening(): boolean {
    return this.listeningNow;
  }

  subscribe(handler: CacheEventHandler): () => void {
    return this.inner.subscribe(handler);
  }

  onReset(handler: () => void): () => void {
    return this.inner.onReset(handler);
  }

  async publish(event: CacheEvent): Promise<void> {
    await Promise.all([this.inner.publish(event), this.notify(event)]);
  }

  private async notify(event: CacheEvent): Promise<void> {
    const s = ++this.sequence;
    const payload = JSON.stringify({
      i: this.options.instanceId,
      p: this.processId,
      s,
      e: event,
    } satisfies Envelope);
    const listening = this.listeningNow;
    const wait = listening ? this.expect(s) : undefined;
    let members: number[];
    try {
      members = await this.options.notify(NOTIFY_CHANNEL, payload, listening ? this.backendPid : 0);
    } catch (error) {
      this.pending.get(s)?.done();
      this.options.log(
        `services: cache event not sent to other instances (${error instanceof Error ? error.message : String(error)}); they see it when their caches expire`,
      );
      return;
    }
    if (!listening) {
      this.options.log(
        `services: the cache bus listener is down; a ${event.type} event was sent to other instances without waiting for its delivery`,
      );
      return;
    }
    const pending = this.pending.get(s);
    if (pending) {
      pending.members = members;
      this.settle(s, pending);
    }
    await wait;
  }

  private expect(s: number): Promise<void> {
    const timeoutMs = this.options.echoTimeoutMs ?? 2_000;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        const pending = this.pending.get(s);
        if (!pending) return;
        this.pending.delete(s);
        const missing = pending.members?.filter((pid) => !pending.acked.has(pid)) ?? [];
        this.options.log(
          `services: a cache event was not confirmed through PostgreSQL within ${timeoutMs} ms (${pending.echoed ? '' : 'no echo; '}${missing.length ? `no acknowledgement from backend(s) ${missing.join(', ')}` : 'acknowledged'}); answering anyway`,
        );
        resolve();
      }, timeoutMs);
      timer.unref();
      this.pending.set(s, {
        started: performance.now(),
        echoed: false,
        members: undefined,
        acked: new Set(),
        done: () => {
          clearTimeout(timer);
          this.pending.delete(s);
          resolve();
        },
      });
    });
  }

  /** Resolves a publish once its echo is back and every listener of the moment acknowledged it. */
  private settle(s: number, pending: Pending): void {
    if (!pending.echoed || !pending.members) return;
    if (pending.members.some((pid) => !pending.acked.has(pid))) return;
    this.options.onEcho?.(performance.now() - pending.started);
    pending.done();
  }

  private received(channel: string, payload: string | undefined, client: pg.Client): void {
    if (payload === undefined) return;
    if (channel === ACK_CHANNEL) {
      const ack = parseAck(payload);
      if (!ack || ack.p !== this.processId) return;
      const pending = this.pending.get(ack.s);
      if (!pending) return;
      pending.acked.add(ack.f);
      this.settle(ack.s, pending);
      return;
    }
    const envelope = parseEnvelope(payload);
    if (!envelope) return;
    if (envelope.p === this.processId) {
      const pending = this.pending.get(envelope.s);
      if (pending) {
        pending.echoed = true;
        this.settle(envelope.s, pending);
      }
      return;
    }
    // The same instance's other processes heard it over IPC already (and the publisher waits for that).
    if (envelope.i !== this.options.instanceId) this.inner.deliver(envelope.e);
    // Applied (handlers are synchronous): tell the publisher.
    client
      .query('select pg_notify($1, $2)', [
        ACK_CHANNEL,
        JSON.stringify({ p: envelope.p, s: envelope.s, f: this.backendPid } satisfies Ack),
      ])
      .catch(() => undefined);
  }

  private connect(): Promise<void> {
    this.connecting ??= this.openListener().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async openListener(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: STARTING_APPLICATION_NAME,
      keepAlive: true,
    });
    client.on('notification', (message) => this.received(message.channel, message.payload, client));
    const lost = (reason: string) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.listeningNow = false;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      // Waits on an echo that can no longer come: the others got the NOTIFY; answer now.
      for (const wait of [...this.pending.values()]) wait.done();
      if (this.closed) return;
      this.options.log(
        `services: the cache bus listener lost its PostgreSQL connection (${reason}); reconnecting`,
      );
      this.scheduleReconnect();
    };
    client.on('error', (error) => lost(error.message));
    client.on('end', () => lost('connection ended'));
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      await client.query(`LISTEN ${ACK_CHANNEL}`);
      this.backendPid =
        (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    if (this.everListened) {
      // Events sent while this listener was away are lost: forget everything cached.
      this.inner.reset();
      this.options.log('services: the cache bus listener is back; caches emptied');
    }
    // Publishers wait for this listener's acknowledgements from now on.
    try {
      await client.query(`set application_name = '${LISTENER_APPLICATION_NAME}'`);
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    this.listeningNow = true;
    this.connections += 1;
    this.reconnectDelay = this.options.reconnectMinMs ?? 50;
    this.everListened = true;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(delay * 2, this.options.reconnectMaxMs ?? 2_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect().catch((error: unknown) => {
        if (this.closed) return;
        this.options.log(
          `services: the cache bus listener could not reconnect (${error instanceof Error ? error.message : String(error)}); retrying`,
        );
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    this.listeningNow = false;
    for (const wait of [...this.pending.values()]) wait.done();
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}

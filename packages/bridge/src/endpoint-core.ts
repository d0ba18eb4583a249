/**
 * What the host and frame endpoints share: the trust checks on every received message, request /
 * reply correlation with a timeout, the outgoing queue, and handler dispatch. Untyped inside; the
 * host and frame endpoints put the typed faces on it.
 */
import type * as z from 'zod/mini';
import {
  BridgeError,
  BridgeHandlerError,
  BridgeRemoteError,
  BridgeTimeoutError,
} from './errors.ts';
import { BRIDGE_PROTOCOL, BRIDGE_VERSION, REPLY_ACTION } from './protocol.ts';
import { assertExactOrigin } from './transport.ts';
import type { BridgeIncomingEvent, BridgeTransport } from './transport.ts';

/** Where the bridge reports dropped messages and handler failures (default: `console`). */
export interface BridgeLogger {
  warn(message: string, detail?: unknown): void;
}

/** Options shared by both endpoints. */
export interface EndpointOptions {
  /** How messages move (see `createWindowTransport`, `createMemoryTransportPair`). */
  transport: BridgeTransport;
  /** The peer's exact origin, e.g. `http://127.0.0.1:8080`: the only origin accepted and posted to. */
  peerOrigin: string;
  /** Request timeout in ms (default 10,000, spec §9). */
  timeoutMs?: number;
  /** Receives a warning for every dropped message (default `console`). */
  logger?: BridgeLogger;
}

/** Per-request options. */
export interface RequestOptions {
  /** Overrides the endpoint's timeout for this request. */
  timeoutMs?: number;
}

interface Envelope {
  protocol: typeof BRIDGE_PROTOCOL;
  version: typeof BRIDGE_VERSION;
  id: string;
  kind: 'event' | 'request' | 'reply' | 'error';
  action: string;
  replyTo?: string;
  payload?: unknown;
  error?: { code: string; message: string };
}

interface Pending {
  action: string;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
  sent: boolean;
}

type RequestHandler = (payload: unknown, answer: (reply: unknown) => void) => unknown;
type EventHandler = (payload: unknown) => void;

/** @internal The shared machinery; see `createHostEndpoint` and `createFrameEndpoint`. */
export interface EndpointCore {
  readonly connected: boolean;
  setConnected(value: boolean): void;
  send(action: string, payload: unknown): void;
  request(
    action: string,
    payload: unknown,
    options?: RequestOptions & { bypassQueue?: boolean },
  ): Promise<unknown>;
  reply(request: { id: string; action: string }, payload: unknown): void;
  /** Listens to an event (the ends' interfaces type each action's payload; the core checks it). */
  on(action: string, handler: (payload: never) => void): () => void;
  /** Answers a request (typed by the ends' interfaces, as `on`). */
  handle(
    action: string,
    handler: (payload: never, answer: (reply: unknown) => void) => unknown,
  ): () => void;
  flush(): void;
  rejectSent(error: () => Error): void;
  close(): void;
  readonly closed: boolean;
  readonly logger: BridgeLogger;
}

/** @internal */
export interface CoreConfig extends EndpointOptions {
  side: 'host' | 'frame';
  incoming: z.ZodMiniType;
  outgoing: z.ZodMiniType;
  /** Sees a valid request before the handlers; returns true when it took care of it. */
  intercept?: (message: Envelope & { kind: 'request' }) => boolean;
}

const PREFIX = 'portico-bridge:';

let sequence = 0;
function newId(side: string): string {
  sequence += 1;
  return `${side}-${Math.random().toString(36).slice(2, 10)}-${sequence.toString(36)}`;
}

/** @internal */
export function createEndpointCore(config: CoreConfig): EndpointCore {
  assertExactOrigin(config.peerOrigin);
  const { transport, peerOrigin, side, incoming, outgoing } = config;
  const timeoutMs = config.timeoutMs ?? 10_000;
  const logger: BridgeLogger = config.logger ?? console;
  const pending = new Map<string, Pending>();
  const eventHandlers = new Map<string, Set<EventHandler>>();
  const requestHandlers = new Map<string, RequestHandler>();
  let queue: Envelope[] = [];
  let connected = false;
  let closed = false;

  function drop(reason: string, detail: unknown): void {
    // The data itself is never logged: an untrusted sender controls it, and a trusted one may carry a token.
    logger.warn(`${PREFIX} dropped a message (${reason})`, detail);
  }

  function envelope(kind: Envelope['kind'], action: string, extra: Partial<Envelope>): Envelope {
    return {
      protocol: BRIDGE_PROTOCOL,
      version: BRIDGE_VERSION,
      id: newId(side),
      kind,
      action,
      ...extra,
    };
  }

  function validateOutgoing(message: Envelope): void {
    const result = outgoing.safeParse(message);
    if (!result.success) {
      throw new BridgeError(
        'BRIDGE_INVALID_MESSAGE',
        `${side} may not send this "${message.action}" ${message.kind}: ${result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
      );
    }
  }

  function transmit(message: Envelope): void {
    transport.post(message, peerOrigin);
    const entry = message.kind === 'request' ? pending.get(message.id) : undefined;
    if (entry) entry.sent = true;
  }

  function post(message: Envelope, bypassQueue: boolean): void {
    if (closed) throw new BridgeError('BRIDGE_CLOSED', 'The bridge endpoint is closed');
    validateOutgoing(message);
    if (connected || bypassQueue) transmit(message);
    else queue.push(message);
  }

  function answer(request: { id: string; action: string }, payload: unknown): void {
    const replyAction = (REPLY_ACTION as Record<string, string>)[request.action] ?? request.action;
    try {
      post(envelope('reply', replyAction, { replyTo: request.id, payload }), true);
    } catch (error) {
      logger.warn(
        `${PREFIX} the "${request.action}" handler answered with an invalid reply`,
        error,
      );
      answerError(request, 'HANDLER_FAILED', `The "${request.action}" handler failed`);
    }
  }

  function answerError(request: { id: string }, code: string, message: string): void {
    try {
      post(
        envelope('error', 'error', {
          replyTo: request.id,
          error: { code, message: message.slice(0, 1000) },
        }),
        true,
      );
    } catch (error) {
      logger.warn(`${PREFIX} could not send an error reply`, error);
    }
  }

  function dispatchRequest(message: Envelope & { kind: 'request' }): void {
    if (config.intercept?.(message)) return;
    const handler = requestHandlers.get(message.action);
    if (!handler) {
      answerError(message, 'NO_HANDLER', `No handler for "${message.action}"`);
      return;
    }
    // The handler runs now, so handlers see requests and events in arrival order. A plain value is
    // answered at once, in the same task: the reply is queued before anything the handler started
    // (the peer's next step waits on it); a promise is answered when it settles.
    // A handler may also answer before it returns (`answer`, at most once): the reply then goes
    // out at that moment, and what the handler returns or throws afterwards is not sent.
    let answered = false;
    const answerNow = (reply: unknown) => {
      if (answered || closed) return;
      answered = true;
      answer(message, reply);
    };
    let result: unknown;
    try {
      result = handler(message.payload, answerNow);
    } catch (error) {
      if (answered) {
        logger.warn(`${PREFIX} the "${message.action}" handler failed after answering`, error);
        return;
      }
      result = Promise.reject(error);
    }
    if (answered) {
      if (isThenable(result)) Promise.resolve(result).catch(() => undefined);
      return;
    }
    answered = true;
    if (!isThenable(result)) {
      if (!closed) answer(message, result);
      return;
    }
    Promise.resolve(result).then(
      (result) => {
        if (!closed) answer(message, result);
      },
      (error: unknown) => {
        if (closed) return;
        if (error instanceof BridgeHandlerError)
          answerError(message, error.code.slice(0, 64) || 'HANDLER_FAILED', error.message);
        else {
          logger.warn(`${PREFIX} the "${message.action}" handler failed`, error);
          answerError(message, 'HANDLER_FAILED', `The "${message.action}" handler failed`);
        }
      },
    );
  }

  function settle(message: Envelope): void {
    const replyTo = message.replyTo ?? '';
    const entry = pending.get(replyTo);
    if (!entry) {
      drop('a reply to no pending request', { action: message.action, replyTo });
      return;
    }
    if (
      message.kind === 'reply' &&
      (REPLY_ACTION as Record<string, string>)[entry.action] !== message.action
    ) {
      drop(`a "${message.action}" reply to a "${entry.action}" request`, { replyTo });
      return;
    }
    pending.delete(replyTo);
    clearTimeout(entry.timer);
    if (message.kind === 'reply') entry.resolve(message.payload);
    else
      entry.reject(
        new BridgeRemoteError(message.error?.code ?? 'UNKNOWN', message.error?.message ?? ''),
      );
  }

  function receive(event: BridgeIncomingEvent): void {
    if (closed) return;
    if (event.origin !== peerOrigin) {
      drop('unexpected origin', { origin: event.origin, expected: peerOrigin });
      return;
    }
    const peer = transport.peer();
    if (
      event.source === null ||
      event.source === undefined ||
      peer === null ||
      event.source !== peer
    ) {
      drop('unexpected source window', { origin: event.origin });
      return;
    }
    const parsed = incoming.safeParse(event.data);
    if (!parsed.success) {
      drop('not a valid protocol message', {
        origin: event.origin,
        issues: parsed.error.issues
          .slice(0, 5)
          .map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      });
      return;
    }
    const message = parsed.data as Envelope;
    switch (message.kind) {
      case 'event':
        for (const handler of [...(eventHandlers.get(message.action) ?? [])]) {
          try {
            handler(message.payload);
          } catch (error) {
            logger.warn(`${PREFIX} a "${message.action}" listener failed`, error);
          }
        }
        break;
      case 'request':
        dispatchRequest(message as Envelope & { kind: 'request' });
        break;
      default:
        settle(message);
    }
  }

  const unlisten = transport.listen(receive);

  return {
    get connected() {
      return connected;
    },
    get closed() {
      return closed;
    },
    logger,
    setConnected(value) {
      connected = value;
    },
    send(action, payload) {
      post(envelope('event', action, { payload }), false);
    },
    request(action, payload, options = {}) {
      const message = envelope('request', action, { payload });
      const limit = options.timeoutMs ?? timeoutMs;
      return new Promise((resolve, reject) => {
        // Validate before registering, so a malformed request rejects without leaving a timer behind.
        try {
          if (closed) throw new BridgeError('BRIDGE_CLOSED', 'The bridge endpoint is closed');
          validateOutgoing(message);
        } catch (error) {
          reject(error as Error);
          return;
        }
        const timer = setTimeout(() => {
          pending.delete(message.id);
          queue = queue.filter((queued) => queued.id !== message.id);
          reject(new BridgeTimeoutError(action, limit));
        }, limit);
        pending.set(message.id, { action, resolve, reject, timer, sent: false });
        try {
          post(message, options.bypassQueue === true);
        } catch (error) {
          clearTimeout(timer);
          pending.delete(message.id);
          reject(error as Error);
        }
      });
    },
    reply: answer,
    on(action, typedHandler) {
      const handler = typedHandler as EventHandler;
      let handlers = eventHandlers.get(action);
      if (!handlers) {
        handlers = new Set();
        eventHandlers.set(action, handlers);
      }
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    handle(action, typedHandler) {
      const handler = typedHandler as unknown as RequestHandler;
      requestHandlers.set(action, handler);
      return () => {
        if (requestHandlers.get(action) === handler) requestHandlers.delete(action);
      };
    },
    flush() {
      const waiting = queue;
      queue = [];
      for (const message of waiting) {
        try {
          transmit(message);
        } catch (error) {
          logger.warn(`${PREFIX} could not send a queued "${message.action}"`, error);
        }
      }
    },
    rejectSent(error) {
      for (const [id, entry] of pending) {
        if (!entry.sent) continue;
        pending.delete(id);
        clearTimeout(entry.timer);
        entry.reject(error());
      }
    },
    close() {
      if (closed) return;
      closed = true;
      unlisten();
      queue = [];
      for (const entry of pending.values()) {
        clearTimeout(entry.timer);
        entry.reject(new BridgeError('BRIDGE_CLOSED', 'The bridge endpoint is closed'));
      }
      pending.clear();
      eventHandlers.clear();
      requestHandlers.clear();
    },
  };
}

function isThenable(value: unknown): boolean {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  try {
    return typeof (value as { then?: unknown }).then === 'function';
  } catch {
    return true; // a throwing `then` getter: Promise.resolve turns it into a rejection
  }
}

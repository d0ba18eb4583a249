/**
 * The legacy UI's end of the bridge. Create one per page load.
 */
import { BridgeError, BridgeTimeoutError } from './errors.ts';
import { createEndpointCore } from './endpoint-core.ts';
import type { EndpointOptions, RequestOptions } from './endpoint-core.ts';
import { frameToHostMessageSchema, hostToFrameMessageSchema } from './protocol.ts';
import type {
  FrameEventAction,
  FrameEventPayload,
  FrameRequestAction,
  FrameRequestPayload,
  FrameRequestReply,
  HostEventAction,
  HostEventPayload,
  HostRequestAction,
  HostRequestPayload,
  HostRequestReply,
} from './protocol.ts';

/** Frame requests other than the handshake. */
export type FrameSentRequest = Exclude<FrameRequestAction, 'ready'>;

/** The legacy UI's end of the bridge. */
export interface FrameEndpoint {
  /** Random per page load; sent in `ready` so the host can tell a reload from a retry. */
  readonly instanceId: string;
  /** False when there is no parent window (the page is not inside a frame). */
  readonly framed: boolean;
  /** True once the host acknowledged `ready`. Until then `send` and `request` queue. */
  readonly ready: boolean;
  /**
   * Sends `ready` (re-sent every `readyRetryMs` until acknowledged) and resolves when the host answers;
   * then flushes queued messages in order. Rejects with `BridgeTimeoutError` when no host answers
   * within the timeout, or `BridgeError` `BRIDGE_NO_PEER` when the page is not framed.
   */
  connect(): Promise<void>;
  /** Sends an event to the host; queued until `ready`. */
  send<A extends FrameEventAction>(action: A, payload: FrameEventPayload<A>): void;
  /** Sends a request (`fetchSessionData`, `fetchUserInfo`); the timeout counts from this call. */
  request<A extends FrameSentRequest>(
    action: A,
    payload: FrameRequestPayload<A>,
    options?: RequestOptions,
  ): Promise<FrameRequestReply<A>>;
  /** Listens to a host event; returns an unsubscribe function. */
  on<A extends HostEventAction>(
    action: A,
    listener: (payload: HostEventPayload<A>) => void,
  ): () => void;
  /**
   * Answers a host request (`router`: show the path, then return `{path}`, sent as `routerSuccess`).
   * The handler may instead call `answer` before it returns (at most once; later calls and the
   * return value are ignored): the reply leaves at that moment, e.g. as soon as the page is in the
   * DOM, before the work the page then starts.
   */
  handle<A extends HostRequestAction>(
    action: A,
    handler: (
      payload: HostRequestPayload<A>,
      answer: (reply: HostRequestReply<A>) => void,
    ) => HostRequestReply<A> | Promise<HostRequestReply<A>> | void,
  ): () => void;
  /** Stops listening; pending requests reject with `BRIDGE_CLOSED`. */
  close(): void;
}

/** Options of {@link createFrameEndpoint}. */
export interface FrameEndpointOptions extends EndpointOptions {
  /** The console's exact origin. */
  peerOrigin: string;
  /** The route the frame shows now, sent in `ready` (default: none). */
  currentPath?: () => string | null;
  /** How often `ready` is re-sent while unanswered, in ms (default 1,000). */
  readyRetryMs?: number;
}

function randomInstanceId(): string {
  return `frame-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Creates the legacy UI's end of the bridge.
 * @example
 * const frame = createFrameEndpoint({
 *   transport: createWindowTransport(window, () => (window.parent === window ? null : window.parent)),
 *   peerOrigin: window.location.origin,
 *   currentPath: () => location.hash.slice(1) || null,
 * });
 */
export function createFrameEndpoint(options: FrameEndpointOptions): FrameEndpoint {
  const instanceId = randomInstanceId();
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retryMs = Math.max(1, Math.min(options.readyRetryMs ?? 1_000, timeoutMs));
  const core = createEndpointCore({
    ...options,
    side: 'frame',
    incoming: hostToFrameMessageSchema,
    outgoing: frameToHostMessageSchema,
  });
  let connecting: Promise<void> | null = null;

  async function handshake(): Promise<void> {
    if (options.transport.peer() === null) {
      throw new BridgeError('BRIDGE_NO_PEER', 'This page is not inside the console frame');
    }
    const attempts = Math.ceil(timeoutMs / retryMs);
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const remaining = timeoutMs - retryMs * (attempt - 1);
      try {
        await core.request(
          'ready',
          { path: options.currentPath?.() ?? null, instanceId },
          { timeoutMs: Math.min(retryMs, remaining), bypassQueue: true },
        );
        core.setConnected(true);
        core.flush();
        return;
      } catch (error) {
        if (!(error instanceof BridgeTimeoutError)) throw error;
      }
    }
    throw new BridgeTimeoutError('ready', timeoutMs);
  }

  return {
    instanceId,
    get framed() {
      return options.transport.peer() !== null;
    },
    get ready() {
      return core.connected;
    },
    connect() {
      connecting ??= handshake();
      return connecting;
    },
    send: core.send,
    request(action, payload, requestOptions) {
      if (options.transport.peer() === null) {
        return Promise.reject(
          new BridgeError('BRIDGE_NO_PEER', 'This page is not inside the console frame'),
        );
      }
      return core.request(action, payload, requestOptions) as Promise<
        FrameRequestReply<typeof action>
      >;
    },
    on: core.on,
    handle: core.handle,
    close: core.close,
  };
}

/**
 * The console's end of the bridge. Create one per legacy iframe.
 */
import { BridgeError } from './errors.ts';
import { createEndpointCore } from './endpoint-core.ts';
import type { BridgeLogger, EndpointOptions, RequestOptions } from './endpoint-core.ts';
import {
  framePayloadSchemas,
  frameToHostMessageSchema,
  hostToFrameMessageSchema,
} from './protocol.ts';
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

/** What the host learns from a frame's `ready`. */
export interface FrameReadyInfo {
  /** The legacy route the frame shows on arrival (its `location.hash` route), or null. */
  path: string | null;
  /** Random per frame page load: a new id means the frame reloaded. */
  instanceId: string;
  /** True when an earlier frame instance had already shaken hands (a reload). */
  reloaded: boolean;
}

/** Frame requests the host answers (everything but the `ready` handshake, which the endpoint answers). */
export type HostHandledRequest = Exclude<FrameRequestAction, 'ready'>;

/** The console's end of the bridge. */
export interface HostEndpoint {
  /** True once a frame has sent `ready`. Until then `send` and `request` queue. */
  readonly ready: boolean;
  /** The current frame instance id, or null before the first `ready`. */
  readonly frameInstanceId: string | null;
  /**
   * Pushes an event to the frame; queued until `ready`. State events (`permissions`, `language`,
   * `timezoneUpdated`, `dateFormatUpdated`, `calendarFormatUpdated`, `groupConfigs`, `theme`, `userFieldUpdated`
   * per field) are remembered and re-sent to a frame that reloads.
   * @throws BridgeError `BRIDGE_INVALID_MESSAGE` when the payload does not match the protocol.
   */
  send<A extends HostEventAction>(action: A, payload: HostEventPayload<A>): void;
  /**
   * Sends a request (only `router` today) and resolves with the frame's reply; rejects with
   * `BridgeTimeoutError` after the timeout, `BridgeRemoteError` on an error reply, or
   * `BridgeError` `BRIDGE_FRAME_RELOADED` when the frame reloads before answering.
   */
  request<A extends HostRequestAction>(
    action: A,
    payload: HostRequestPayload<A>,
    options?: RequestOptions,
  ): Promise<HostRequestReply<A>>;
  /** `request('router', {path})`: shows `path` in the frame; resolves with the `routerSuccess` payload. */
  navigate(path: string, options?: RequestOptions): Promise<HostRequestReply<'router'>>;
  /** Listens to a frame event; returns an unsubscribe function. */
  on<A extends FrameEventAction>(
    action: A,
    listener: (payload: FrameEventPayload<A>) => void,
  ): () => void;
  /**
   * Answers a frame request (`fetchSessionData`, `fetchUserInfo`). Throw `BridgeHandlerError` to
   * answer with a chosen error code; any other failure answers `HANDLER_FAILED`.
   */
  handle<A extends HostHandledRequest>(
    action: A,
    handler: (
      payload: FrameRequestPayload<A>,
    ) => FrameRequestReply<A> | Promise<FrameRequestReply<A>>,
  ): () => void;
  /** Called after every handshake (first load and every reload), after queued messages were flushed. */
  onReady(listener: (info: FrameReadyInfo) => void): () => void;
  /** Stops listening; pending requests reject with `BRIDGE_CLOSED`. */
  close(): void;
}

/** Options of {@link createHostEndpoint}. */
export interface HostEndpointOptions extends EndpointOptions {
  /** The legacy UI's exact origin (where the iframe's page comes from). */
  peerOrigin: string;
}

const STATE_ACTIONS: ReadonlySet<string> = new Set([
  'permissions',
  'language',
  'timezoneUpdated',
  'dateFormatUpdated',
  'calendarFormatUpdated',
  'groupConfigs',
  'userFieldUpdated',
  'theme',
]);

/**
 * Creates the console's end of the bridge.
 * @example
 * const host = createHostEndpoint({
 *   transport: createWindowTransport(window, () => iframe.contentWindow),
 *   peerOrigin: new URL(legacyUrl, location.href).origin,
 * });
 */
export function createHostEndpoint(options: HostEndpointOptions): HostEndpoint {
  let instanceId: string | null = null;
  const readyListeners = new Set<(info: FrameReadyInfo) => void>();
  // Latest payload of each state event, in first-sent order, replayed to a reloaded frame.
  const state = new Map<string, { action: string; payload: unknown }>();
  const logger: BridgeLogger = options.logger ?? console;

  const core = createEndpointCore({
    ...options,
    logger,
    side: 'host',
    incoming: frameToHostMessageSchema,
    outgoing: hostToFrameMessageSchema,
    intercept(message) {
      if (message.action !== 'ready') return false;
      const payload = framePayloadSchemas.ready.parse(message.payload);
      if (payload.instanceId === instanceId) {
        // A retried `ready` from the frame we already know: acknowledge again, nothing else.
        core.reply(message, {});
        return true;
      }
      const reloaded = instanceId !== null;
      instanceId = payload.instanceId;
      if (reloaded) {
        core.rejectSent(
          () =>
            new BridgeError('BRIDGE_FRAME_RELOADED', 'The legacy frame reloaded before answering'),
        );
      }
      core.reply(message, {});
      core.setConnected(true);
      if (reloaded) {
        for (const entry of state.values()) {
          try {
            core.send(entry.action, entry.payload);
          } catch (error) {
            logger.warn('portico-bridge: could not replay state to the reloaded frame', error);
          }
        }
      }
      core.flush();
      const info: FrameReadyInfo = { path: payload.path, instanceId: payload.instanceId, reloaded };
      for (const listener of [...readyListeners]) {
        try {
          listener(info);
        } catch (error) {
          logger.warn('portico-bridge: an onReady listener failed', error);
        }
      }
      return true;
    },
  });

  return {
    get ready() {
      return core.connected;
    },
    get frameInstanceId() {
      return instanceId;
    },
    send(action, payload) {
      core.send(action, payload);
      if (STATE_ACTIONS.has(action)) {
        const key =
          action === 'userFieldUpdated'
            ? `${action}:${(payload as { field: string }).field}`
            : action;
        state.set(key, { action, payload });
      }
    },
    request(action, payload, requestOptions) {
      return core.request(action, payload, requestOptions) as Promise<
        HostRequestReply<typeof action>
      >;
    },
    navigate(path, requestOptions) {
      return core.request('router', { path }, requestOptions) as Promise<
        HostRequestReply<'router'>
      >;
    },
    on: core.on,
    handle: core.handle,
    onReady(listener) {
      readyListeners.add(listener);
      return () => {
        readyListeners.delete(listener);
      };
    },
    close() {
      core.close();
      readyListeners.clear();
      state.clear();
    },
  };
}

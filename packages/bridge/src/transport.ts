/**
 * The transport under an endpoint: how messages leave and arrive. The endpoint, not the transport,
 * decides what to trust (origin, source, schema), so every transport gets the same checks.
 */
import { BridgeError } from './errors.ts';

/** One received message, as a `MessageEvent` carries it. */
export interface BridgeIncomingEvent {
  readonly data: unknown;
  readonly origin: string;
  readonly source: unknown;
}

/** Moves messages between this window and its peer. */
export interface BridgeTransport {
  /** Posts `data` to the peer window, delivered only if the peer's origin is exactly `targetOrigin`. */
  post(data: unknown, targetOrigin: string): void;
  /** Calls `listener` for every message arriving at this side, trusted or not; returns an unsubscribe. */
  listen(listener: (event: BridgeIncomingEvent) => void): () => void;
  /** The peer's window object (compared by identity with `event.source`), or null when there is none. */
  peer(): unknown;
}

/** The subset of `Window` the window transport uses (so tests can pass a fake). */
export interface BridgeWindowLike {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** A window the transport can post to. */
export interface BridgePostTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/**
 * A transport over `window.postMessage`.
 * @param self the window that receives (the console's `window`, or the legacy UI's `window`)
 * @param peer returns the peer window each time it is needed: `() => iframe.contentWindow` on the
 *   console side, `() => (window.parent === window ? null : window.parent)` on the legacy side.
 */
export function createWindowTransport(
  self: BridgeWindowLike,
  peer: () => BridgePostTarget | null | undefined,
): BridgeTransport {
  return {
    post(data, targetOrigin) {
      assertExactOrigin(targetOrigin);
      const target = peer();
      if (!target) throw new BridgeError('BRIDGE_NO_PEER', 'There is no peer window to post to');
      target.postMessage(data, targetOrigin);
    },
    listen(listener) {
      const handleMessage = (event: MessageEvent) => {
        listener({ data: event.data as unknown, origin: event.origin, source: event.source });
      };
      self.addEventListener('message', handleMessage);
      return () => self.removeEventListener('message', handleMessage);
    },
    peer: () => peer() ?? null,
  };
}

/**
 * Throws {@link BridgeError} `BRIDGE_CONFIG` unless `origin` is a serialized origin such as
 * `https://console.example.com` or `http://127.0.0.1:8080` (never `*`, never a path, never `null`).
 */
export function assertExactOrigin(origin: string): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(origin);
  } catch {
    parsed = undefined;
  }
  if (!parsed || parsed.origin === 'null' || parsed.origin !== origin) {
    throw new BridgeError('BRIDGE_CONFIG', `Not an exact origin: ${JSON.stringify(origin)}`);
  }
}

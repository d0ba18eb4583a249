/**
 * An in-memory pair of transports with postMessage semantics (asynchronous delivery, structured
 * clone, origin filtering by the sender's target origin), for tests and benchmarks.
 */
import { assertExactOrigin } from './transport.ts';
import type { BridgeIncomingEvent, BridgeTransport } from './transport.ts';

/** A pair of connected in-memory transports, plus hooks to inject arbitrary (untrusted) events. */
export interface MemoryTransportPair {
  /** The console side's transport: posts reach `frame`. */
  readonly host: BridgeTransport;
  /** The legacy side's transport: posts reach `host`. */
  readonly frame: BridgeTransport;
  /** The object standing for the host's window (the `source` of messages the host posts). */
  readonly hostWindow: object;
  /** The object standing for the frame's window (the `source` of messages the frame posts). */
  readonly frameWindow: object;
  /** Delivers `event` to the host's listeners as if any window had posted it. */
  injectToHost(event: BridgeIncomingEvent): void;
  /** Delivers `event` to the frame's listeners as if any window had posted it. */
  injectToFrame(event: BridgeIncomingEvent): void;
  /** Every message posted by either side, in order (for assertions). */
  readonly log: { from: 'host' | 'frame'; data: unknown; targetOrigin: string }[];
  /** Resolves after the deliveries scheduled so far, and the microtask chains they start, have run. */
  settle(): Promise<void>;
  /** While true, posts are dropped (a frame that never answers, or one that is reloading). */
  paused: { host: boolean; frame: boolean };
}

/** Options of {@link createMemoryTransportPair}. */
export interface MemoryTransportOptions {
  /** Origin of the host side (default `http://console.test`). */
  hostOrigin?: string;
  /** Origin of the frame side (default `http://legacy.test`). */
  frameOrigin?: string;
}

/** Creates two connected in-memory transports. */
export function createMemoryTransportPair(
  options: MemoryTransportOptions = {},
): MemoryTransportPair {
  const hostOrigin = options.hostOrigin ?? 'http://console.test';
  const frameOrigin = options.frameOrigin ?? 'http://legacy.test';
  const hostWindow = { name: 'host-window' };
  const frameWindow = { name: 'frame-window' };
  const hostListeners = new Set<(event: BridgeIncomingEvent) => void>();
  const frameListeners = new Set<(event: BridgeIncomingEvent) => void>();
  const log: MemoryTransportPair['log'] = [];
  const paused = { host: false, frame: false };

  function deliver(
    listeners: Set<(event: BridgeIncomingEvent) => void>,
    event: BridgeIncomingEvent,
  ): void {
    queueMicrotask(() => {
      for (const listener of [...listeners]) listener(event);
    });
  }

  function makeTransport(
    side: 'host' | 'frame',
    ownListeners: Set<(event: BridgeIncomingEvent) => void>,
    peerListeners: Set<(event: BridgeIncomingEvent) => void>,
    ownOrigin: string,
    peerOrigin: string,
    ownWindow: object,
    peerWindow: object,
  ): BridgeTransport {
    return {
      post(data, targetOrigin) {
        assertExactOrigin(targetOrigin);
        log.push({ from: side, data, targetOrigin });
        // postMessage silently drops a message whose target origin does not match the receiver.
        if (paused[side] || targetOrigin !== peerOrigin) return;
        deliver(peerListeners, {
          data: structuredClone(data),
          origin: ownOrigin,
          source: ownWindow,
        });
      },
      listen(listener) {
        ownListeners.add(listener);
        return () => ownListeners.delete(listener);
      },
      peer: () => peerWindow,
    };
  }

  return {
    host: makeTransport(
      'host',
      hostListeners,
      frameListeners,
      hostOrigin,
      frameOrigin,
      hostWindow,
      frameWindow,
    ),
    frame: makeTransport(
      'frame',
      frameListeners,
      hostListeners,
      frameOrigin,
      hostOrigin,
      frameWindow,
      hostWindow,
    ),
    hostWindow,
    frameWindow,
    injectToHost: (event) => deliver(hostListeners, event),
    injectToFrame: (event) => deliver(frameListeners, event),
    log,
    paused,
    async settle() {
      // Deliveries are microtasks, and so are the replies of async handlers: running a bounded number
      // of microtask turns drains every chain a test can start, without touching (possibly fake) timers.
      for (let turn = 0; turn < 200; turn += 1) await Promise.resolve();
    },
  };
}

/**
 * Typed errors of the bridge. Each carries a `code` so callers branch on it, never on the message.
 */

/** Codes of {@link BridgeError}. */
export type BridgeErrorCode =
  /** No answer within the request timeout. */
  | 'BRIDGE_TIMEOUT'
  /** The peer answered with an error message; see {@link BridgeRemoteError.remoteCode}. */
  | 'BRIDGE_REMOTE'
  /** The frame re-handshook (reloaded) while the request was in flight; its answer will never come. */
  | 'BRIDGE_FRAME_RELOADED'
  /** The endpoint was closed. */
  | 'BRIDGE_CLOSED'
  /** There is no peer window (the legacy UI is not inside a frame, or the iframe is gone). */
  | 'BRIDGE_NO_PEER'
  /** A message this side tried to send does not match the protocol (a programming error). */
  | 'BRIDGE_INVALID_MESSAGE'
  /** The endpoint options are unsafe or malformed (for example a `*` target origin). */
  | 'BRIDGE_CONFIG';

/** Base class of every bridge error. */
export class BridgeError extends Error {
  /** What went wrong, machine-readable. */
  readonly code: BridgeErrorCode;

  constructor(code: BridgeErrorCode, message: string) {
    super(message);
    this.name = 'BridgeError';
    this.code = code;
  }
}

/** A request got no answer within its timeout (10,000 ms by default, spec §9). */
export class BridgeTimeoutError extends BridgeError {
  /** The request's action. */
  readonly action: string;
  /** The timeout that elapsed, in milliseconds. */
  readonly timeoutMs: number;

  constructor(action: string, timeoutMs: number) {
    super('BRIDGE_TIMEOUT', `No answer to "${action}" within ${timeoutMs} ms`);
    this.name = 'BridgeTimeoutError';
    this.action = action;
    this.timeoutMs = timeoutMs;
  }
}

/** The peer answered a request with an error message. */
export class BridgeRemoteError extends BridgeError {
  /** The code the peer sent (for example `NO_HANDLER`, `HANDLER_FAILED`, or one a handler chose). */
  readonly remoteCode: string;

  constructor(remoteCode: string, message: string) {
    super('BRIDGE_REMOTE', message);
    this.name = 'BridgeRemoteError';
    this.remoteCode = remoteCode;
  }
}

/**
 * Thrown by a request handler to answer with a specific error code and message (sent to the peer as is).
 * Any other thrown value is answered with code `HANDLER_FAILED` and a generic message.
 */
export class BridgeHandlerError extends Error {
  /** The code sent to the peer. */
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'BridgeHandlerError';
    this.code = code;
  }
}

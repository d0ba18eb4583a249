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

/**
 * An error with a machine-readable code. The name is given as text: a minified frame kit renames
 * classes, and callers and logs read `name`.
 */
class CodedError<Code extends string> extends Error {
  readonly code: Code;

  constructor(name: string, code: Code, message: string) {
    super(message);
    this.name = name;
    this.code = code;
  }
}

/** Base class of every bridge error; `code` says what went wrong. */
export class BridgeError extends CodedError<BridgeErrorCode> {
  constructor(code: BridgeErrorCode, message: string) {
    super('BridgeError', code, message);
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
export class BridgeHandlerError extends CodedError<string> {
  /** `code` is sent to the peer. */
  constructor(code: string, message: string) {
    super('BridgeHandlerError', code, message);
  }
}

import { isRecord } from '@portico/core';
// Typed errors by status (spec §7, §8; DESIGN §4 HTTP). Callers branch on `code`, not on messages.

export type ApiErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVER_ERROR'
  | 'UNEXPECTED_STATUS'
  | 'NETWORK'
  /** An answer lacks a field the console needs (api/platform-shapes.ts). */
  | 'INCOMPATIBLE_PLATFORM';

const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
};

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  /** Field messages of a 400/409 answer (`{"fields": {...}}`). */
  readonly fields: Readonly<Record<string, string>>;
  /** Seconds from a 429's Retry-After header. */
  readonly retryAfter?: number;
  /** The body's machine-readable `code`, when the services give one (e.g. `PASSWORD_EXPIRED`). */
  readonly reason?: string;

  constructor(
    code: ApiErrorCode,
    status: number,
    message: string,
    fields: Record<string, string> = {},
    retryAfter?: number,
    reason?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = fields;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
    if (reason !== undefined) this.reason = reason;
  }
}

/** The services could not be reached at all (offline, DNS, refused, CORS). */
export class NetworkError extends ApiError {
  constructor(message: string) {
    super('NETWORK', 0, message);
    this.name = 'NetworkError';
  }
}

function codeFor(status: number): ApiErrorCode {
  if (CODE_BY_STATUS[status]) return CODE_BY_STATUS[status];
  if (status >= 500) return 'SERVER_ERROR';
  return 'UNEXPECTED_STATUS';
}

/** Builds the typed error for a non-2xx response from its status and (possibly non-JSON) body. */
export function errorFromResponse(
  status: number,
  body: unknown,
  retryAfterHeader: string | null,
): ApiError {
  const message =
    isRecord(body) && typeof body.error === 'string'
      ? body.error
      : `Request failed with status ${status}`;
  const fields: Record<string, string> = {};
  if (isRecord(body) && isRecord(body.fields)) {
    for (const [key, value] of Object.entries(body.fields))
      if (typeof value === 'string') fields[key] = value;
  }
  // a 429 says when to retry in its Retry-After header (seconds), or in the body's retryAfter
  const bodyRetry =
    isRecord(body) && typeof body.retryAfter === 'number' ? body.retryAfter : undefined;
  const retry =
    retryAfterHeader === null || retryAfterHeader.trim() === ''
      ? bodyRetry
      : Number(retryAfterHeader);
  const reason = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
  return new ApiError(
    codeFor(status),
    status,
    message,
    fields,
    retry !== undefined && Number.isFinite(retry) ? retry : undefined,
    reason,
  );
}

// Errors that map to an HTTP status and the `{error, fields?}` JSON body of the shared contracts.
import type { z } from 'zod';

export class HttpError extends Error {
  readonly code: string;
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** More keys of the JSON body (e.g. `retryAfter` of a 429). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = `HTTP_${status}`;
  }
}

export const NOT_AUTHENTICATED = 'Not Authenticated, Access Denied';
export const SESSION_EXPIRED = 'Your Session has expired';

/** Parses `value` with `schema` or throws a 400 whose message and `fields` name every bad field. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || where;
    fields[path] ??= issue.message;
  }
  const summary = Object.entries(fields)
    .slice(0, 5)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  throw new HttpError(400, `Invalid ${where}: ${summary}`, fields);
}

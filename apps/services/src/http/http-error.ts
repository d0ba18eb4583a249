// Errors that map to an HTTP status and the `{error, fields?}` JSON body of the shared contracts.
import type { z } from 'zod';
import type { AuthError } from '../auth/auth-error.ts';

export class HttpError extends Error {
  readonly code: string;
  /**
   * The real platform's text for this refusal (`ThingId[7] not found`), answered as `message` beside
   * Portico's `error` (real clients read `message`); no `message` when unset (the platform's
   * `{"error"}` bodies, such as its 401s, keep their exact shape).
   */
  platformMessage?: string;
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 503,
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

/** The HTTP answer to a refusal of auth/: the platform's statuses and bodies. */
export function httpErrorOfAuth(error: AuthError): HttpError {
  switch (error.code) {
    case 'NOT_AUTHENTICATED':
    case 'SESSION_EXPIRED':
      return new HttpError(401, error.message);
    case 'INVALID_CREDENTIALS':
      return withPlatformMessage(
        new HttpError(401, error.message),
        'Username and/or password incorrect.',
      );
    case 'THROTTLED': {
      const seconds = error.retryAfterSeconds ?? 1;
      return new HttpError(
        429,
        error.message,
        undefined,
        { 'Retry-After': String(seconds) },
        { retryAfter: seconds },
      );
    }
    case 'PASSWORD_EXPIRED':
      return new HttpError(403, error.message, undefined, undefined, { code: 'PASSWORD_EXPIRED' });
    case 'USERNAME_TAKEN':
      return new HttpError(409, error.message, { username: 'taken' });
  }
}

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

/** `error` with the real platform's text for it (see HttpError.platformMessage). */
export function withPlatformMessage(error: HttpError, message: string): HttpError {
  error.platformMessage = message;
  return error;
}

/** The platform's name of a resource in its messages: `thingType` → `ThingType`. */
export function platformModelName(path: string): string {
  return path.charAt(0).toUpperCase() + path.slice(1);
}

/** A 400 naming one field of the body: `Invalid body: {field}: {problem}`, `fields` that one. */
export function invalidField(
  field: string,
  problem: string,
  details?: Record<string, unknown>,
): HttpError {
  return new HttpError(
    400,
    `Invalid body: ${field}: ${problem}`,
    { [field]: problem },
    undefined,
    details,
  );
}

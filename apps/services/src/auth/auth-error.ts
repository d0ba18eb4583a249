// What auth/ refuses, in its own terms: the HTTP edge (app.ts) maps each code to a status and body
// (http/http-error.ts, httpErrorOfAuth), so nothing in auth/ knows about HTTP.

export const NOT_AUTHENTICATED = 'Not Authenticated, Access Denied';
export const SESSION_EXPIRED = 'Your Session has expired';
/** The answer to the right password of an expired one. */
export const PASSWORD_EXPIRED = 'Your password has expired: ask an administrator to set a new one';
export const USERNAME_TAKEN =
  'This username is taken: usernames are unique across all tenants, without regard to case';

export type AuthErrorCode =
  /** No token, an unknown or ended one, or its user is gone or archived. */
  | 'NOT_AUTHENTICATED'
  /** The session was idle longer than its tenant's timeout. */
  | 'SESSION_EXPIRED'
  /** Wrong username, password or API key (one message for all). */
  | 'INVALID_CREDENTIALS'
  /** Too many sign-in attempts: `retryAfterSeconds` says when to try again. */
  | 'THROTTLED'
  /** The right password, but it has expired. */
  | 'PASSWORD_EXPIRED'
  /** Another user holds this username (in any case). */
  | 'USERNAME_TAKEN';

export class AuthError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    /** For THROTTLED: seconds until the next attempt is allowed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

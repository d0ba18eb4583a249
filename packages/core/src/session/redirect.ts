/** The application root (spec §2). */
export const APP_ROOT = '/app';
/** The login route (spec §2). */
export const LOGIN_ROUTE = '/login';
/** The welcome route, full form (spec §2). */
export const WELCOME_ROUTE = '/app/home/welcome';

function normalise(url: string): string {
  return url.length > 1 ? url.replace(/\/+$/, '') : url;
}

/**
 * Guard (a) of spec §2: remember the requested URL for a redirect after login, unless it is /app.
 * Only application URLs are worth remembering (never /login or the empty path).
 */
export function shouldRememberRedirect(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  const path = normalise(url);
  return path.startsWith(`${APP_ROOT}/`) && path !== APP_ROOT;
}

/** What the redirect-after-login rule needs (spec §4 "Login success"). */
export interface RedirectInput {
  /** The stored REDIRECT_URL, if any. */
  redirectUrl: string | null | undefined;
  /** The stored LAST_ID (session storage), if any. */
  lastId: string | null | undefined;
  /** The user who just signed in. */
  userId: string;
  /** The user's default landing URL (spec §2 "default landing page"). */
  defaultUrl: string;
  /** The default session URL the redirect must start with; `/app` unless a deployment says otherwise. */
  sessionRoot?: string;
}

/**
 * Spec §4: the stored redirect is used only if the last stored user id is absent or equals the
 * current user, and only if it starts with the default session URL (`/app`) and is not `/app`
 * itself; otherwise the default URL. (A redirect left by another user is never followed: it
 * could reveal what they were looking at.)
 */
export function resolveRedirectAfterLogin(input: RedirectInput): string {
  const root = input.sessionRoot ?? APP_ROOT;
  const redirect = input.redirectUrl ? normalise(input.redirectUrl) : '';
  const sameUser = !input.lastId || input.lastId === input.userId;
  if (sameUser && redirect.startsWith(`${root}/`) && redirect !== root) return redirect;
  return input.defaultUrl;
}

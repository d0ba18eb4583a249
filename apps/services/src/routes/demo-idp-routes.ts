// The demo identity provider (API.md "Demo identity provider"): GET /demo-idp/authorize shows a
// sign-in form for the demo accounts; POST checks them with the platform's own login (password,
// throttle, expiry), opens a session as POST /user/login does and sends the browser back to the console with the OAuth return's cookies (spec §2 "OAuth
// return"): `$oauth_status`, `token`, and the console's `state` echoed in `$oauth_state`.
//
// CSRF of the form: a random form token in a hidden field, bound to an HttpOnly, SameSite=Strict
// cookie of this path (double submit), and the POST's Origin, when sent, must be this host. A page
// on another site cannot read the token nor send the cookie; a page on another port of this host
// can plant the cookie but fails the Origin check (an origin includes its port).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DEMO_IDP_PREFIX, pickSignInLanguage, type Language } from '@portico/core';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AuthError } from '../auth/auth-error.ts';
import { clientAddress } from '../http/client-address.ts';
import { addAnswerCookie } from '../http/answer-headers.ts';
import { requestCookie, requestHeader } from '../http/request-headers.ts';
import {
  DEMO_IDP_CSP,
  idpMessage,
  renderIdpError,
  renderIdpForm,
  type IdpMessageKey,
} from '../presenters/demo-idp-page.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';

const AUTHORIZE = `${DEMO_IDP_PREFIX}authorize`;
const FORM_COOKIE = 'demo_idp_form';
/** The OAuth return's cookies live this long: the console reads and clears them at once. */
const RETURN_COOKIE_SECONDS = 300;
/** The console's state: 16 to 256 base64url characters (it sends 43). */
const STATE = /^[A-Za-z0-9_-]{16,256}$/;
const MAX_FORM_BYTES = 16 * 1024;

const pageHeaders = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': DEMO_IDP_CSP,
  'Cache-Control': 'no-store',
  // not no-referrer: with it, browsers send `Origin: null` on the form's POST
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** The page's language: the console's `ui_locales` (OpenID Connect), else the browser's. */
function pageLanguage(c: Context, uiLocales: string | undefined): Language {
  const accepted = (requestHeader(c, 'accept-language') ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean);
  return pickSignInLanguage(null, [...(uiLocales ?? '').split(' ').filter(Boolean), ...accepted]);
}

/**
 * The return address, when it is one of this host's pages (an absolute URL of this host, or a path
 * here): never an open redirect. Its hash is dropped (the console's route is its own business).
 */
function validRedirect(c: Context, value: string | undefined): string | undefined {
  if (!value || value.length > 2048) return undefined;
  const host = new URL(c.req.url).host;
  let url: URL;
  try {
    url = new URL(value, 'http://relative.invalid');
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const relative = url.host === 'relative.invalid';
  if (relative ? !/^\/(?!\/)/.test(value) : url.host !== host) return undefined;
  url.hash = '';
  return relative ? `${url.pathname}${url.search}` : url.href;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The POST comes from this host's own page (the Origin header, when the browser sends one). */
function sameOrigin(c: Context): boolean {
  const origin = requestHeader(c, 'origin');
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === new URL(c.req.url).host;
  } catch {
    return false;
  }
}

export function registerDemoIdpRoutes(app: Hono<AppEnv>, ctx: ServicesContext): void {
  const secure = (c: Context) => (c.req.url.startsWith('https:') ? '; Secure' : '');

  /** The form token of this browser: its cookie's, or a new one set now. */
  const formToken = (c: Context): string => {
    const existing = requestCookie(c, FORM_COOKIE);
    if (existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing)) return existing;
    const token = randomBytes(24).toString('base64url');
    addAnswerCookie(
      c,
      `${FORM_COOKIE}=${token}; Path=${DEMO_IDP_PREFIX}; HttpOnly; SameSite=Strict${secure(c)}`,
    );
    return token;
  };

  const page = (c: Context, status: 200 | 400 | 401 | 403 | 429, html: string) =>
    c.body(html, status, pageHeaders);

  const refuse = (c: Context, language: Language, status: 400 | 403, key: IdpMessageKey) =>
    page(c, status, renderIdpError(language, key));

  /** Back to the console with the OAuth return's cookies (spec §2): the status, the state, the token. */
  const returnToConsole = (
    c: Context,
    redirectUri: string,
    state: string,
    status: 'ok' | 'cancelled',
    token?: string,
  ) => {
    const attributes = `; Path=/; Max-Age=${RETURN_COOKIE_SECONDS}; SameSite=Lax${secure(c)}`;
    addAnswerCookie(c, `$oauth_status=${status}${attributes}`);
    addAnswerCookie(c, `$oauth_state=${state}${attributes}`);
    if (token) addAnswerCookie(c, `token=${token}${attributes}`);
    return c.body(null, 303, { Location: redirectUri, 'Cache-Control': 'no-store' });
  };

  app.get(AUTHORIZE, (c) => {
    const language = pageLanguage(c, c.req.query('ui_locales'));
    const state = c.req.query('state') ?? '';
    const redirectUri = validRedirect(c, c.req.query('redirect_uri'));
    if (!STATE.test(state) || redirectUri === undefined)
      return refuse(c, language, 400, 'badRequest');
    return page(c, 200, renderIdpForm({ language, state, redirectUri, formToken: formToken(c) }));
  });

  const limit = bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: (c) => c.text('Request body too large', 413, { Connection: 'close' }),
  });
  app.post(AUTHORIZE, limit, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const text = (name: string) => {
      const value = (form as Record<string, unknown>)[name];
      return typeof value === 'string' ? value : undefined;
    };
    const language = pageLanguage(c, text('ui_locales'));
    const state = text('state') ?? '';
    const redirectUri = validRedirect(c, text('redirect_uri'));
    if (!STATE.test(state) || redirectUri === undefined)
      return refuse(c, language, 400, 'badRequest');
    const cookie = requestCookie(c, FORM_COOKIE) ?? '';
    const sent = text('form_token') ?? '';
    if (!sameOrigin(c) || !cookie || !sent || !sameSecret(cookie, sent))
      return refuse(c, language, 403, 'formExpired');

    if (text('action') === 'cancel') return returnToConsole(c, redirectUri, state, 'cancelled');

    const username = (text('username') ?? '').trim().slice(0, 256);
    const password = (text('password') ?? '').slice(0, 1024);
    const again = (status: 400 | 401 | 429, error: string) =>
      page(
        c,
        status,
        renderIdpForm({ language, state, redirectUri, formToken: cookie, username, error }),
      );
    if (!username || !password) return again(400, idpMessage(language, 'missing'));
    try {
      // the platform's own sign-in: throttle, password check, expiry, a session like any other
      const { token } = await ctx.sessions.login({ username, password }, clientAddress(c));
      return returnToConsole(c, redirectUri, state, 'ok', token);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      if (error.code === 'THROTTLED') {
        c.header('Retry-After', String(error.retryAfterSeconds ?? 60));
        return again(429, idpMessage(language, 'throttled', error.retryAfterSeconds ?? 60));
      }
      if (error.code === 'PASSWORD_EXPIRED')
        return again(401, idpMessage(language, 'passwordExpired'));
      return again(401, idpMessage(language, 'invalidCredentials'));
    }
  });
}

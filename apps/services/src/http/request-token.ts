// Where a request's session token comes from: the `token` header, else the RIOT_TK cookie.
import type { Context } from 'hono';
import { isRecord } from '@portico/core';
import { getCookie } from 'hono/cookie';

export interface RequestToken {
  token: string | undefined;
  fromCookie: boolean;
}

export function readRequestToken(c: Context): RequestToken {
  const header = c.req.header('token');
  if (header) return { token: header, fromCookie: false };
  const cookie = getCookie(c, 'RIOT_TK');
  if (!cookie) return { token: undefined, fromCookie: false };
  // hono's getCookie already URI-decodes; the console stores JSON {token, timestamp}.
  if (cookie.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(cookie);
      const token = isRecord(parsed) ? parsed.token : undefined;
      return { token: typeof token === 'string' ? token : undefined, fromCookie: true };
    } catch {
      return { token: undefined, fromCookie: true };
    }
  }
  return { token: cookie, fromCookie: true };
}

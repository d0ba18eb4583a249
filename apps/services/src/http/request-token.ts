// Where a request's session token comes from: the `token` header, else the RIOT_TK cookie.
import type { Context } from 'hono';
import { isRecord } from '@portico/core';
import { requestCookie, requestHeader } from './request-headers.ts';

export interface RequestToken {
  token: string | undefined;
  fromCookie: boolean;
}

export function readRequestToken(c: Context): RequestToken {
  const header = requestHeader(c, 'token');
  if (header) return { token: header, fromCookie: false };
  const cookie = requestCookie(c, 'RIOT_TK');
  if (!cookie) return { token: undefined, fromCookie: false };
  // the cookie is already URI-decoded; the console stores JSON {token, timestamp}.
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

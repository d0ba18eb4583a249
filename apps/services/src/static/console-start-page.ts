// Which page the console's root (`/`) answers with. A visitor without a session gets the sign-in
// form already in the HTML (the console's build pre-renders it per language, sign-in/<lang>.html),
// in the language the browser asks for: the one the page's own script would choose from
// navigator.languages, so that it takes the form over without redrawing it. A visitor whose browser
// holds a session (the console mirrors its token in the RIOT_TK cookie) gets index.html, which
// fetches the console's code at once instead.
import type { Context } from 'hono';
import { parseAcceptLanguage, pickSignInLanguage } from '@portico/core';
import { requestCookie, requestHeader } from '../http/request-headers.ts';

export const CONSOLE_START_PAGE = {
  choose(c: Context): string | undefined {
    if (requestCookie(c, 'RIOT_TK')) return undefined;
    const language = pickSignInLanguage(
      null,
      parseAcceptLanguage(requestHeader(c, 'accept-language')),
    );
    return `sign-in/${language}.html`;
  },
  vary: 'Accept-Language, Cookie',
};

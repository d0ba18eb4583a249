// The demo identity provider (API.md "Demo identity provider"): its page, its CSRF rule, and an
// OAuth return whose token is a session like any other.
import { describe, expect, it } from 'vitest';
import { API, freshClients, type TestClient } from './helpers.ts';

const ORIGIN = 'http://portico.test';
const AUTHORIZE = `${ORIGIN}/demo-idp/authorize`;
const STATE = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

const fresh = freshClients();

function query(params: Record<string, string>): string {
  return `${AUTHORIZE}?${new URLSearchParams(params).toString()}`;
}

/** The cookies an answer sets, by name (value only). */
function setCookies(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    cookies.set(pair.slice(0, index), pair.slice(index + 1));
  }
  return cookies;
}

/** Opens the form as a browser would: its form token (hidden field) and cookie. */
async function openForm(
  client: TestClient,
  params: Record<string, string> = { state: STATE, redirect_uri: `${ORIGIN}/` },
  headers: Record<string, string> = {},
): Promise<{ response: Response; html: string; formToken: string; cookie: string }> {
  const response = await client.services.fetch(new Request(query(params), { headers }));
  const html = await response.text();
  const formToken = /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const cookie = `demo_idp_form=${setCookies(response).get('demo_idp_form') ?? ''}`;
  return { response, html, formToken, cookie };
}

function post(
  client: TestClient,
  fields: Record<string, string>,
  headers: Record<string, string>,
  address = '203.0.113.7',
): Promise<Response> {
  return Promise.resolve(
    client.services.app.fetch(
      new Request(AUTHORIZE, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      }),
      { incoming: { socket: { remoteAddress: address } } },
    ),
  );
}

describe('GET /demo-idp/authorize', () => {
  it('shows an accessible sign-in form under a strict CSP, with no script', async () => {
    const client = await fresh();
    const { response, html, formToken } = await openForm(client);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    // same-origin, not no-referrer: with no-referrer, browsers send `Origin: null` with the form
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<label for="username">Username</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('role="alert"');
    expect(html).toContain(`name="state" value="${STATE}"`);
    expect(formToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // the form token's cookie: HttpOnly, SameSite=Strict, this path only
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('demo_idp_'));
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).toMatch(/Path=\/demo-idp\//);
  });

  it.each([
    ['fr', 'Se connecter avec SSO', "Nom d'utilisateur"],
    ['es', 'Iniciar sesión con SSO', 'Nombre de usuario'],
    ['pt-BR', 'Entrar com SSO', 'Nome de usuário'],
    ['it', 'Accedi con SSO', 'Nome utente'],
  ])(
    'speaks the console language it is given (ui_locales=%s)',
    async (language, heading, label) => {
      const client = await fresh();
      const { html } = await openForm(client, {
        state: STATE,
        redirect_uri: '/',
        ui_locales: language,
      });
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toContain(`<h1>${heading.replace(/'/g, '&#39;')}</h1>`);
      expect(html).toContain(label.replace(/'/g, '&#39;'));
    },
  );

  it('else the browser language', async () => {
    const client = await fresh();
    const { html } = await openForm(
      client,
      { state: STATE, redirect_uri: '/' },
      { 'accept-language': 'it-IT,it;q=0.9,en;q=0.5' },
    );
    expect(html).toContain('<html lang="it">');
  });

  it.each([
    ['no state', { redirect_uri: '/' }],
    ['a short state', { state: 'short', redirect_uri: '/' }],
    ['a state with markup', { state: `${STATE}"><b>`, redirect_uri: '/' }],
    ['no return address', { state: STATE }],
    ['another host', { state: STATE, redirect_uri: 'https://evil.example/' }],
    ['a protocol-relative address', { state: STATE, redirect_uri: '//evil.example/' }],
    ['a script address', { state: STATE, redirect_uri: 'javascript:alert(1)' }],
  ])('refuses %s (400, no form)', async (_label, params) => {
    const client = await fresh();
    const { response, html } = await openForm(client, params);
    expect(response.status).toBe(400);
    expect(html).not.toContain('<form');
    expect(html).toContain('This sign-in link is not valid.');
  });
});

describe('POST /demo-idp/authorize', () => {
  it('signs a demo account in: the OAuth return cookies, the state echoed, a working session token', async () => {
    const client = await fresh();
    const { formToken, cookie } = await openForm(client);
    const response = await post(
      client,
      {
        state: STATE,
        redirect_uri: `${ORIGIN}/`,
        form_token: formToken,
        username: 'admin',
        password: 'demo',
      },
      { cookie, origin: ORIGIN },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/`);
    const cookies = setCookies(response);
    expect(cookies.get('$oauth_status')).toBe('ok');
    expect(cookies.get('$oauth_state')).toBe(STATE);
    const token = cookies.get('token') ?? '';
    expect(token.length).toBeGreaterThan(20);
    // readable by the console (not HttpOnly), short-lived, for the whole site
    const tokenLine = response.headers.getSetCookie().find((line) => line.startsWith('token='));
    expect(tokenLine).not.toMatch(/HttpOnly/);
    expect(tokenLine).toMatch(/Path=\/;/);
    expect(tokenLine).toMatch(/Max-Age=300/);
    // a session like the platform's login opens
    const whoami = await client.call('GET', '/user/whoami', { token });
    expect(whoami.status).toBe(200);
    expect(((await whoami.json()) as { username: string }).username).toBe('admin');
  });

  it('a wrong password shows the form again with a message, and sets no cookie of the return', async () => {
    const client = await fresh();
    const { formToken, cookie } = await openForm(client);
    const response = await post(
      client,
      {
        state: STATE,
        redirect_uri: '/',
        form_token: formToken,
        username: 'admin',
        password: 'wrong',
      },
      { cookie, origin: ORIGIN },
    );
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('Invalid username or password.');
    expect(html).toContain('value="admin"');
    expect(setCookies(response).has('token')).toBe(false);
    expect(setCookies(response).has('$oauth_status')).toBe(false);
  });

  it("the platform's sign-in throttle applies (429 with Retry-After after five failures)", async () => {
    const client = await fresh();
    const { formToken, cookie } = await openForm(client);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let attempt = 0; attempt < 6; attempt++) {
      last = await post(
        client,
        {
          state: STATE,
          redirect_uri: '/',
          form_token: formToken,
          username: 'operator',
          password: `wrong-${attempt}`,
        },
        { cookie, origin: ORIGIN },
      );
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last?.text()).toMatch(/Too many sign-in attempts\. Try again in \d+ seconds\./);
    // and so does the API's login for the same name and address
    const api = await Promise.resolve(
      client.services.app.fetch(
        new Request(`${API}/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'operator', password: 'demo' }),
        }),
        { incoming: { socket: { remoteAddress: '203.0.113.7' } } },
      ),
    );
    expect(api.status).toBe(429);
  });

  it('Cancel returns with $oauth_status and no token', async () => {
    const client = await fresh();
    const { formToken, cookie } = await openForm(client);
    const response = await post(
      client,
      { state: STATE, redirect_uri: '/', form_token: formToken, action: 'cancel' },
      { cookie, origin: ORIGIN },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    const cookies = setCookies(response);
    expect(cookies.get('$oauth_status')).toBe('cancelled');
    expect(cookies.has('token')).toBe(false);
  });

  it.each([
    ['no form token', (token: string, cookie: string) => ({ fields: {}, headers: { cookie } })],
    [
      'no cookie',
      (token: string) => ({ fields: { form_token: token }, headers: {} as Record<string, string> }),
    ],
    [
      'a token of another browser',
      (_token: string, cookie: string) => ({
        fields: { form_token: 'x'.repeat(32) },
        headers: { cookie },
      }),
    ],
    [
      'another origin (another port of this host)',
      (token: string, cookie: string) => ({
        fields: { form_token: token },
        headers: { cookie, origin: 'http://portico.test:8081' },
      }),
    ],
    [
      'an opaque origin (a sandboxed frame)',
      (token: string, cookie: string) => ({
        fields: { form_token: token },
        headers: { cookie, origin: 'null' },
      }),
    ],
  ])('refuses a POST with %s (403, no session)', async (_label, make) => {
    const client = await fresh();
    const { formToken, cookie } = await openForm(client);
    const { fields, headers } = make(formToken, cookie);
    const response = await post(
      client,
      { state: STATE, redirect_uri: '/', username: 'admin', password: 'demo', ...fields },
      headers,
    );
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('This form has expired.');
    expect(setCookies(response).has('token')).toBe(false);
  });

  it('refuses a return address of another host even with a valid form', async () => {
    const client = await fresh();
    const { formToken, cookie } = await openForm(client);
    const response = await post(
      client,
      {
        state: STATE,
        redirect_uri: 'https://evil.example/',
        form_token: formToken,
        username: 'admin',
        password: 'demo',
      },
      { cookie, origin: ORIGIN },
    );
    expect(response.status).toBe(400);
    expect(setCookies(response).has('token')).toBe(false);
  });
});

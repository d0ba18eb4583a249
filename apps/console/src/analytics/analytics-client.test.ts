import { describe, expect, it, vi } from 'vitest';
import { PORTAL_LOAD_EVENT, getAnalyticsEventData } from '@portico/core';
import type { PlatformUser } from '../api/platform-api.ts';
import {
  ANALYTICS_CLIENT_VERSION,
  createAnalyticsClient,
  type AnalyticsClientDeps,
} from './analytics-client.ts';

const PERSON =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const ADMIN = {
  id: 2,
  username: 'admin',
  group: { id: 2, name: 'Acme Logistics', treeLevel: 2 },
} as PlatformUser;
const OPERATOR = {
  id: 5,
  username: 'operator',
  group: { id: 2, name: 'Acme Logistics', treeLevel: 2 },
} as PlatformUser;
const COOKIE = 'ph_phc_test_posthog';
const MINUTE = 60_000;

interface Sent {
  url: string;
  init: RequestInit;
  body: Record<string, unknown> & { properties: Record<string, unknown> };
}

/** One browser: a cookie jar that refuses public suffixes, a clock, timers run by hand. */
function browser(options: { userAgent?: string; webdriver?: boolean } = {}) {
  const jar = new Map<string, { value: string; domain: string | undefined }>();
  const state = {
    now: Date.UTC(2026, 10, 24, 9),
    seed: 1,
    responses: [] as Array<() => Promise<Response>>,
    sent: [] as Sent[],
    beacons: [] as Array<{ url: string; body: string }>,
    timers: new Map<number, { run: () => void; at: number }>(),
    nextTimer: 1,
    leave: [] as Array<() => void>,
    warnings: [] as unknown[][],
  };
  const deps = (): Partial<AnalyticsClientDeps> => ({
    logger: { warn: (...args: unknown[]) => void state.warnings.push(args) },
    fetch: vi.fn((url: string | URL | Request, init?: RequestInit) => {
      state.sent.push({
        url: String(url),
        init: init ?? {},
        body: JSON.parse(String(init?.body)) as Sent['body'],
      });
      const next = state.responses.shift();
      return next ? next() : Promise.resolve(new Response('{"status":1}', { status: 200 }));
    }) as unknown as typeof fetch,
    now: () => state.now,
    randomBytes: (count) => Uint8Array.from({ length: count }, () => (state.seed++ * 37) & 0xff),
    visitor: {
      userAgent: options.userAgent ?? PERSON,
      webdriver: options.webdriver ?? false,
    } as Navigator,
    location: { origin: 'https://console.example.com', hostname: 'console.example.com' },
    cookies: {
      get: (name) => jar.get(name)?.value,
      set: (name, value, domain) => void jar.set(name, { value, domain }),
      remove: (name) => void jar.delete(name),
      firstAcceptedDomain: (candidates) => candidates.find((domain) => domain.includes('.')),
    },
    setTimeout: (run, ms) => {
      const id = state.nextTimer++;
      state.timers.set(id, { run, at: state.now + ms });
      return id as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimeout: (timer) => void state.timers.delete(timer as unknown as number),
    onLeave: (flush) => void state.leave.push(flush),
    sendBeacon: (url, body) => (state.beacons.push({ url, body }), true),
  });
  const client = () => createAnalyticsClient({ key: 'phc_test', host: '' }, deps());
  /** Moves the clock and runs the timers that are due. */
  const advance = async (ms: number) => {
    state.now += ms;
    for (const [id, timer] of [...state.timers]) {
      if (timer.at > state.now) continue;
      state.timers.delete(id);
      timer.run();
    }
    await vi.waitFor(() => Promise.resolve());
  };
  const cookie = (): Record<string, unknown> | undefined => {
    const entry = jar.get(COOKIE);
    return entry
      ? { ...(JSON.parse(entry.value) as Record<string, unknown>), domain: entry.domain }
      : undefined;
  };
  return { state, jar, client, advance, cookie };
}

const login = (user: PlatformUser, token: string, capture = true) => ({
  user,
  token,
  clientId: 'fp-1',
  capture,
});

describe('the analytics client sends one "Portal Load" in PostHog\'s format (spec §3, §9)', () => {
  it('a new login: one POST to /analytics/e/ with the identity, the event data and the user data', async () => {
    const page = browser();
    page.client().identify(login(ADMIN, 'token-1'));
    await vi.waitFor(() => expect(page.state.sent).toHaveLength(1));
    const [sent] = page.state.sent;
    expect(sent?.url).toBe(
      `https://console.example.com/analytics/e/?ip=0&_=${page.state.now}&ver=${ANALYTICS_CLIENT_VERSION}`,
    );
    expect(sent?.init).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      keepalive: true,
    });
    expect(sent?.init.signal).toBeInstanceOf(AbortSignal);
    expect(sent?.body).toMatchObject({
      event: PORTAL_LOAD_EVENT,
      distinct_id: 'admin@Acme Logistics',
      api_key: 'phc_test',
      timestamp: new Date(page.state.now).toISOString(),
      $set: { username: 'admin', tenant: 'Acme Logistics' },
      properties: {
        origin: 'legacy',
        clientId: 'fp-1',
        tokenHash: getAnalyticsEventData({ origin: 'legacy', clientId: '', token: 'token-1' })
          .tokenHash,
        username: 'admin',
        tenant: 'Acme Logistics',
        token: 'phc_test',
        $is_identified: true,
      },
    });
    expect(sent?.body.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(JSON.stringify(sent?.body)).not.toContain('token-1');
    // the identity lives in PostHog's cookie, on the site's domain (across subdomains)
    expect(page.cookie()).toMatchObject({
      distinct_id: 'admin@Acme Logistics',
      $user_state: 'identified',
      $device_id: sent?.body.properties.$device_id,
      $sesid: [page.state.now, sent?.body.properties.$session_id, page.state.now],
      origin: 'legacy',
      domain: 'example.com',
    });
  });

  it('identify without a new login sends nothing', async () => {
    const page = browser();
    page.client().identify(login(ADMIN, 'token-1', false));
    await page.advance(0);
    expect(page.state.sent).toHaveLength(0);
    expect(page.cookie()).toMatchObject({ distinct_id: 'admin@Acme Logistics' });
  });

  it('a reload keeps the device and the session; 31 idle minutes start a new session', async () => {
    const page = browser();
    page.client().identify(login(ADMIN, 'token-1'));
    await page.advance(5 * MINUTE);
    page.client().identify(login(ADMIN, 'token-2'));
    await page.advance(31 * MINUTE);
    page.client().identify(login(ADMIN, 'token-3'));
    await vi.waitFor(() => expect(page.state.sent).toHaveLength(3));
    const [first, second, third] = page.state.sent.map((sent) => sent.body.properties);
    expect(second?.$device_id).toBe(first?.$device_id);
    expect(second?.$session_id).toBe(first?.$session_id);
    expect(third?.$device_id).toBe(first?.$device_id);
    expect(third?.$session_id).not.toBe(first?.$session_id);
  });

  it('another user in the same browser starts a new identity (new device id)', async () => {
    const page = browser();
    page.client().identify(login(ADMIN, 'token-1'));
    page.client().identify(login(OPERATOR, 'token-2'));
    await vi.waitFor(() => expect(page.state.sent).toHaveLength(2));
    const [admin, operator] = page.state.sent.map((sent) => sent.body);
    expect(operator?.distinct_id).toBe('operator@Acme Logistics');
    expect(operator?.properties.$device_id).not.toBe(admin?.properties.$device_id);
  });

  it('reset ends the identity: a new anonymous id, nothing sent', async () => {
    const page = browser();
    const client = page.client();
    client.identify(login(ADMIN, 'token-1', false));
    const before = page.cookie();
    client.reset();
    await page.advance(0);
    const after = page.cookie();
    expect(after?.$user_state).toBe('anonymous');
    expect(after?.distinct_id).not.toBe('admin@Acme Logistics');
    expect(after?.$device_id).not.toBe(before?.$device_id);
    expect(after?.origin).toBeUndefined(); // registered properties go with the identity
    expect(page.state.sent).toHaveLength(0);
  });

  it('keeps an identity posthog-js stored in this browser before', async () => {
    const page = browser();
    page.jar.set(COOKIE, {
      value: JSON.stringify({
        distinct_id: 'admin@Acme Logistics',
        $device_id: '0190aaaa-device',
        $user_state: 'identified',
        $sesid: [page.state.now - MINUTE, '0190aaaa-session', page.state.now - 2 * MINUTE],
      }),
      domain: 'example.com',
    });
    page.client().identify(login(ADMIN, 'token-1'));
    await vi.waitFor(() => expect(page.state.sent).toHaveLength(1));
    expect(page.state.sent[0]?.body.properties).toMatchObject({
      $device_id: '0190aaaa-device',
      $session_id: '0190aaaa-session',
    });
  });

  it('a broken cookie starts a new identity instead of failing', async () => {
    const page = browser();
    page.jar.set(COOKIE, { value: '{"distinct_id":', domain: undefined });
    page.client().identify(login(ADMIN, 'token-1'));
    await vi.waitFor(() => expect(page.state.sent).toHaveLength(1));
    expect(page.state.warnings).toEqual([]);
  });

  it.each([
    ['headless Chromium', { userAgent: PERSON.replace('Chrome/', 'HeadlessChrome/') }],
    ['a crawler', { userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0)' }],
    ['an automated browser', { webdriver: true }],
  ])('%s records nothing and stores nothing', async (_case, visitor) => {
    const page = browser(visitor);
    const client = page.client();
    client.identify(login(ADMIN, 'token-1'));
    client.reset();
    await page.advance(0);
    expect(page.state.sent).toHaveLength(0);
    expect(page.jar.size).toBe(0);
  });
});

describe('delivery: retries, the rate limit, the timeout, leaving the page', () => {
  it('a network failure is retried after 3 s, then 6 s; the event is sent once it gets through', async () => {
    const page = browser();
    page.state.responses.push(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(new Response('', { status: 503 })),
    );
    page.client().identify(login(ADMIN, 'token-1'));
    await vi.waitFor(() => expect(page.state.timers.size).toBe(1));
    await page.advance(2_999);
    expect(page.state.sent).toHaveLength(1);
    await page.advance(1);
    await vi.waitFor(() => expect(page.state.sent).toHaveLength(2));
    await vi.waitFor(() => expect(page.state.timers.size).toBe(1));
    await page.advance(6_000);
    await vi.waitFor(() => expect(page.state.sent).toHaveLength(3));
    expect(new Set(page.state.sent.map((sent) => sent.body.uuid)).size).toBe(1); // one event
    await page.advance(60 * MINUTE);
    expect(page.state.sent).toHaveLength(3);
  });

  it("a 429 waits the server's Retry-After, or 60 s without one (spec §9 rate limit)", async () => {
    const page = browser();
    page.state.responses.push(
      () => Promise.resolve(new Response('', { status: 429, headers: { 'Retry-After': '7' } })),
      () => Promise.resolve(new Response('', { status: 429 })),
    );
    page.client().identify(login(ADMIN, 'token-1'));
    await vi.waitFor(() => expect(page.state.timers.size).toBe(1));
    await page.advance(7_000);
    await vi.waitFor(() => expect(page.state.sent).toHaveLength(2));
    await vi.waitFor(() => expect(page.state.timers.size).toBe(1));
    await page.advance(59_999);
    expect(page.state.sent).toHaveLength(2);
    await page.advance(1);
    await vi.waitFor(() => expect(page.state.sent).toHaveLength(3));
  });

  it('a 400 is not retried (it cannot change); a warning says the event was dropped', async () => {
    const page = browser();
    page.state.responses.push(() => Promise.resolve(new Response('', { status: 400 })));
    page.client().identify(login(ADMIN, 'token-1'));
    await vi.waitFor(() => expect(page.state.warnings).toHaveLength(1));
    await page.advance(60 * MINUTE);
    expect(page.state.sent).toHaveLength(1);
  });

  it('gives up after 10 attempts', async () => {
    const page = browser();
    for (let i = 0; i < 12; i += 1)
      page.state.responses.push(() => Promise.reject(new TypeError('Failed to fetch')));
    page.client().identify(login(ADMIN, 'token-1'));
    for (let i = 0; i < 12; i += 1) await page.advance(31 * MINUTE);
    await vi.waitFor(() => expect(page.state.warnings).toHaveLength(1));
    expect(page.state.sent).toHaveLength(10);
  });

  it('leaving the page sends an event still waiting for its retry as a beacon', async () => {
    const page = browser();
    page.state.responses.push(() => Promise.reject(new TypeError('Failed to fetch')));
    page.client().identify(login(ADMIN, 'token-1'));
    await vi.waitFor(() => expect(page.state.timers.size).toBe(1));
    for (const flush of page.state.leave) flush();
    expect(page.state.beacons).toHaveLength(1);
    expect(JSON.parse(page.state.beacons[0]?.body ?? '{}')).toEqual(page.state.sent[0]?.body);
    expect(page.state.beacons[0]?.url).toContain('/analytics/e/');
    await page.advance(60 * MINUTE);
    expect(page.state.sent).toHaveLength(1); // the retry was cancelled
  });

  it('the request gives up after 60 s (spec §9 request timeout)', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const page = browser();
    page.client().identify(login(ADMIN, 'token-1'));
    await vi.waitFor(() => expect(page.state.sent).toHaveLength(1));
    expect(timeout).toHaveBeenCalledWith(60_000);
    timeout.mockRestore();
  });

  it('cookies that cannot be written do not break the console', async () => {
    const page = browser();
    const client = createAnalyticsClient(
      { key: 'phc_test', host: '' },
      {
        logger: { warn: (...args: unknown[]) => void page.state.warnings.push(args) },
        visitor: { userAgent: PERSON, webdriver: false } as Navigator,
        fetch: vi.fn() as unknown as typeof fetch,
        location: { origin: 'https://c.example.com', hostname: 'c.example.com' },
        onLeave: () => undefined,
        cookies: {
          get: () => undefined,
          set: () => {
            throw new Error('cookies disabled');
          },
          remove: () => undefined,
          firstAcceptedDomain: () => undefined,
        },
      },
    );
    expect(() => client.identify(login(ADMIN, 'token-1'))).not.toThrow();
    expect(() => client.reset()).not.toThrow();
    expect(page.state.warnings.length).toBeGreaterThan(0);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_DEFAULTS } from './analytics-identity.ts';
import * as CaptureRules from './capture-rules.ts';
import type { AnalyticsState, VisitorLike } from './capture-rules.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe('spec §9 "a bot/crawler block list"', () => {
  it.each<[string, VisitorLike | undefined, boolean]>([
    ['a person in Chrome', { userAgent: CHROME, webdriver: false }, false],
    ['no navigator', undefined, false],
    ['an empty user agent', { userAgent: '' }, false],
    ['headless Chromium', { userAgent: CHROME.replace('Chrome/', 'HeadlessChrome/') }, true],
    ['Googlebot, any case', { userAgent: 'Mozilla/5.0 (compatible; GoogleBot/2.1)' }, true],
    ['a generic crawler', { userAgent: 'SomeCrawler 1.0' }, true],
    ['a "bot/" token', { userAgent: 'examplebot/3.2 (+http://x)' }, true],
    ['Lighthouse', { userAgent: `${CHROME} Chrome-Lighthouse` }, true],
    ['webdriver set', { userAgent: CHROME, webdriver: true }, true],
    [
      'a blocked client-hint brand',
      { userAgent: CHROME, userAgentData: { brands: [{ brand: 'HeadlessChrome' }] } },
      true,
    ],
    [
      'ordinary brands',
      { userAgent: CHROME, userAgentData: { brands: [{ brand: 'Chromium' }, null] } },
      false,
    ],
    ["the Pinterest app's own browser", { userAgent: `${CHROME} [Pinterest/iOS]` }, false],
  ])('%s -> %s', (_case, visitor, expected) => {
    expect(CaptureRules.isLikelyBot(visitor)).toBe(expected);
  });
});

describe('spec §9 "property string max length 65535"', () => {
  it('cuts every string at any depth and leaves the rest alone', () => {
    const long = 'x'.repeat(70_000);
    const out = CaptureRules.truncateStrings({
      a: long,
      b: [long, 3, null],
      c: { d: { e: long } },
      f: true,
    });
    expect(out).toEqual({
      a: 'x'.repeat(65_535),
      b: ['x'.repeat(65_535), 3, null],
      c: { d: { e: 'x'.repeat(65_535) } },
      f: true,
    });
  });
  it('uses the limit it is given and does not change its input', () => {
    const input = { name: 'abcdef' };
    expect(CaptureRules.truncateStrings(input, 3)).toEqual({ name: 'abc' });
    expect(input.name).toBe('abcdef');
  });
  it('cuts a cycle off instead of following it', () => {
    const cyclic: Record<string, unknown> = { name: 'n' };
    cyclic.self = cyclic;
    expect(CaptureRules.truncateStrings(cyclic)).toEqual({ name: 'n', self: undefined });
  });
  it('never leaves a string longer than the limit (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 20 }), (value, max) => {
        const strings: string[] = [];
        const collect = (item: unknown): void => {
          if (typeof item === 'string') strings.push(item);
          else if (item && typeof item === 'object') Object.values(item).forEach(collect);
        };
        collect(CaptureRules.truncateStrings(value, max));
        return strings.every((text) => text.length <= max);
      }),
    );
  });
});

describe('spec §9 "cookie persistence with a cross-subdomain cookie"', () => {
  it('names the cookie as PostHog does, so an identity posthog-js stored is kept', () => {
    expect(CaptureRules.analyticsCookieName('phc_abc')).toBe('ph_phc_abc_posthog');
  });
  it.each<[string, string[]]>([
    ['app.example.com', ['com', 'example.com', 'app.example.com']],
    ['Console.Acme.co.uk.', ['uk', 'co.uk', 'acme.co.uk', 'console.acme.co.uk']],
    ['localhost', []],
    ['portal.localhost', []],
    ['127.0.0.1', []],
    ['10.1.2.3', []],
    ['::1', []],
    ['intranet', []],
    ['a..b', []],
    ['', []],
    [
      'a.b.c.d.e.f.g.h.i.j',
      [
        'j',
        'i.j',
        'h.i.j',
        'g.h.i.j',
        'f.g.h.i.j',
        'e.f.g.h.i.j',
        'd.e.f.g.h.i.j',
        'c.d.e.f.g.h.i.j',
      ],
    ],
  ])('%s -> %j', (hostname, expected) => {
    expect(CaptureRules.cookieDomainCandidates(hostname)).toEqual(expected);
  });
});

describe('the analytics cookie', () => {
  const state: AnalyticsState = {
    distinctId: 'admin@Acme Logistics',
    deviceId: 'dev-1',
    identified: true,
    session: { id: 'ses-1', startedAt: 1_000, lastActivityAt: 2_000 },
    superProperties: { origin: 'legacy', tokenHash: 42 },
  };
  it('round-trips', () => {
    expect(CaptureRules.parseAnalyticsState(CaptureRules.serializeAnalyticsState(state))).toEqual(
      state,
    );
  });
  it('round-trips an anonymous identity without a session', () => {
    const anonymous = CaptureRules.anonymousAnalyticsState(() => 'anon-1');
    const text = CaptureRules.serializeAnalyticsState(anonymous);
    expect(JSON.parse(text)).toEqual({
      distinct_id: 'anon-1',
      $device_id: 'anon-1',
      $user_state: 'anonymous',
    });
    expect(CaptureRules.parseAnalyticsState(text)).toEqual(anonymous);
  });
  it("reads posthog-js's own cookie", () => {
    const posthog = JSON.stringify({
      distinct_id: 'admin@Acme Logistics',
      $device_id: '019a-device',
      $user_state: 'identified',
      $sesid: [1_700_000_100_000, '019a-session', 1_700_000_000_000],
      origin: 'legacy',
    });
    expect(CaptureRules.parseAnalyticsState(posthog)).toEqual({
      distinctId: 'admin@Acme Logistics',
      deviceId: '019a-device',
      identified: true,
      session: {
        id: '019a-session',
        startedAt: 1_700_000_000_000,
        lastActivityAt: 1_700_000_100_000,
      },
      superProperties: { origin: 'legacy' },
    });
  });
  it.each<[string, string | undefined]>([
    ['absent', undefined],
    ['empty', ''],
    ['not JSON', '{"distinct_id":'],
    ['an array', '["a"]'],
    ['no distinct id', '{"$device_id":"d"}'],
    ['an empty distinct id', '{"distinct_id":""}'],
    ['a number for the distinct id', '{"distinct_id":5}'],
  ])('%s -> a new identity (null)', (_case, text) => {
    expect(CaptureRules.parseAnalyticsState(text)).toBeNull();
  });
  it.each<[string, unknown]>([
    ['not an array', 'x'],
    ['a string time', ['1', 's', 2]],
    ['an empty id', [1, '', 2]],
    ['too short', [1, 's']],
  ])('a broken session (%s) loses only the session', (_case, sesid) => {
    const parsed = CaptureRules.parseAnalyticsState(
      JSON.stringify({ distinct_id: 'd', $sesid: sesid }),
    );
    expect(parsed).toMatchObject({ distinctId: 'd', deviceId: 'd', session: null });
  });
  it('a new anonymous identity uses one id for the person and the device', () => {
    expect(CaptureRules.anonymousAnalyticsState(() => 'id-1')).toEqual({
      distinctId: 'id-1',
      deviceId: 'id-1',
      identified: false,
      session: null,
      superProperties: {},
    });
  });
});

describe('spec §4 "the analytics session renews after an idle timeout or after 24 hours"', () => {
  const start = 1_700_000_000_000;
  const idleMs = ANALYTICS_DEFAULTS.sessionIdleTimeoutSeconds * 1000;
  const current = { id: 'old', startedAt: start, lastActivityAt: start + 10_000 };
  it.each<[string, typeof current | null, number, unknown, 'kept' | 'renewed']>([
    ['no session yet', null, start, undefined, 'renewed'],
    ['active a second ago', current, start + 11_000, undefined, 'kept'],
    ['idle exactly the timeout', current, start + 10_000 + idleMs, undefined, 'kept'],
    ['idle past the timeout', current, start + 10_001 + idleMs, undefined, 'renewed'],
    ['a configured 60 s timeout', current, start + 70_001, 60, 'renewed'],
    ['a timeout below the bounds is 60 s', current, start + 69_000, 1, 'kept'],
    [
      'busy but older than 24 h',
      { ...current, lastActivityAt: start + ANALYTICS_DEFAULTS.maxSessionLengthMs },
      start + ANALYTICS_DEFAULTS.maxSessionLengthMs + 1,
      undefined,
      'renewed',
    ],
    ['a clock that went back', current, start - 1, undefined, 'renewed'],
  ])('%s -> %s', (_case, session, now, idle, expected) => {
    const next = CaptureRules.touchAnalyticsSession(session, now, () => 'new', idle);
    expect(next.lastActivityAt).toBe(now);
    if (expected === 'kept') expect(next).toEqual({ ...current, lastActivityAt: now });
    else expect(next).toEqual({ id: 'new', startedAt: now, lastActivityAt: now });
  });
});

describe('uuidv7', () => {
  it('is a version 7, RFC variant UUID with the time in front', () => {
    const id = CaptureRules.uuidv7(
      0x0190_1234_5678,
      [0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa, 0x99, 0x88, 0x77, 0x66],
    );
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(id.startsWith('01901234-5678-')).toBe(true);
  });
  it('is well formed for any time and bytes, and ordered by time (property)', () => {
    const bytes = fc.uint8Array({ minLength: 10, maxLength: 10 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 47 }),
        fc.nat(1000),
        bytes,
        bytes,
        (t, d, a, b) => {
          const first = CaptureRules.uuidv7(t, a);
          const later = CaptureRules.uuidv7(t + d + 1, b);
          return (
            /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(first) &&
            first.slice(0, 13) < later.slice(0, 13)
          );
        },
      ),
    );
  });
  it('refuses too few random bytes', () => {
    expect(() => CaptureRules.uuidv7(1, [1, 2, 3])).toThrow(RangeError);
  });
});

describe('one capture request (PostHog capture API)', () => {
  const state: AnalyticsState = {
    distinctId: 'admin@Acme Logistics',
    deviceId: 'dev-1',
    identified: true,
    session: null,
    superProperties: { origin: 'legacy', clientId: 'fp', tokenHash: 7 },
  };
  it('carries the key, the identity, the session, the registered and the event properties', () => {
    const body = CaptureRules.captureRequestBody({
      key: 'phc_k',
      event: 'Portal Load',
      uuid: 'u-1',
      now: Date.UTC(2026, 10, 24, 12),
      state,
      sessionId: 'ses-1',
      properties: { username: 'admin', tenant: 'Acme Logistics', origin: 'overridden' },
      set: { username: 'admin' },
      libVersion: '1.2.3',
    });
    expect(body).toEqual({
      uuid: 'u-1',
      event: 'Portal Load',
      distinct_id: 'admin@Acme Logistics',
      api_key: 'phc_k',
      timestamp: '2026-11-24T12:00:00.000Z',
      $set: { username: 'admin' },
      properties: {
        origin: 'overridden',
        clientId: 'fp',
        tokenHash: 7,
        username: 'admin',
        tenant: 'Acme Logistics',
        token: 'phc_k',
        distinct_id: 'admin@Acme Logistics',
        $device_id: 'dev-1',
        $session_id: 'ses-1',
        $is_identified: true,
        $lib: 'portico-web',
        $lib_version: '1.2.3',
        $time: Date.UTC(2026, 10, 24, 12) / 1000,
      },
    });
  });
  /** The smallest input: one event, no properties, no $set. */
  const minimal = {
    key: 'k',
    event: 'e',
    uuid: 'u',
    now: 0,
    state,
    sessionId: 's',
    properties: {},
    libVersion: '1',
  };
  it('leaves $set out when there is none', () => {
    const body = CaptureRules.captureRequestBody(minimal);
    expect(body).not.toHaveProperty('$set');
  });
  it('cuts long strings in properties and $set', () => {
    const body = CaptureRules.captureRequestBody({
      ...minimal,
      properties: { note: 'abcdef' },
      set: { note: 'abcdef' },
      maxStringLength: 4,
    });
    expect((body.properties as Record<string, unknown>).note).toBe('abcd');
    expect(body.$set).toEqual({ note: 'abcd' });
  });
});

describe('after a capture attempt (retries, spec §9 "request timeout 60000", "rate limit 60 s")', () => {
  it.each<
    [
      string,
      Parameters<typeof CaptureRules.nextCaptureStep>[0],
      number,
      ReturnType<typeof CaptureRules.nextCaptureStep>,
    ]
  >([
    ['sent', { kind: 'sent' }, 1, { kind: 'done' }],
    ['network failure, first attempt', { kind: 'failed' }, 1, { kind: 'retry', delayMs: 3000 }],
    ['network failure, third attempt', { kind: 'failed' }, 3, { kind: 'retry', delayMs: 12_000 }],
    ['a 503', { kind: 'refused', status: 503 }, 2, { kind: 'retry', delayMs: 6000 }],
    [
      'the ninth attempt waits 12.8 min',
      { kind: 'failed' },
      9,
      { kind: 'retry', delayMs: 768_000 },
    ],
    [
      'too many attempts',
      { kind: 'failed' },
      CaptureRules.CAPTURE_MAX_ATTEMPTS,
      { kind: 'give-up' },
    ],
    ['a 400 cannot change by retrying', { kind: 'refused', status: 400 }, 1, { kind: 'give-up' }],
    ['a 413', { kind: 'refused', status: 413 }, 1, { kind: 'give-up' }],
    [
      'a 429 with Retry-After',
      { kind: 'refused', status: 429, retryAfter: '7' },
      1,
      { kind: 'retry', delayMs: 7000 },
    ],
    [
      'a 429 without',
      { kind: 'refused', status: 429, retryAfter: null },
      1,
      { kind: 'retry', delayMs: 60_000 },
    ],
    [
      'a 429 with a date',
      { kind: 'refused', status: 429, retryAfter: 'Wed, 21 Oct' },
      1,
      { kind: 'retry', delayMs: 60_000 },
    ],
    [
      'a 429 with zero',
      { kind: 'refused', status: 429, retryAfter: '0' },
      1,
      { kind: 'retry', delayMs: 1000 },
    ],
    [
      'a 429 asking a day',
      { kind: 'refused', status: 429, retryAfter: '86400' },
      1,
      { kind: 'retry', delayMs: 3_600_000 },
    ],
  ])('%s -> %j', (_case, outcome, attempt, expected) => {
    expect(CaptureRules.nextCaptureStep(outcome, attempt)).toEqual(expected);
  });
});

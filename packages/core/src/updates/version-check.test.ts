import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  UPDATE_CHECK_FAILED_MESSAGE,
  VERSION_CHANNEL_NAME,
  VERSION_RELOAD_THROTTLE_MS,
  createVersionSignal,
  decideReload,
  decideVersionCheck,
  isReloadThrottled,
  parseTimestamp,
  parseVersionSignal,
  shouldReloadOnSignal,
  versionIdentity,
  type VersionCheckInput,
} from './version-check.ts';

const A = '"etag-a"';
const B = '"etag-b"';
const MON = 'Mon, 01 Jan 2024 00:00:00 GMT';
const TUE = 'Tue, 02 Jan 2024 00:00:00 GMT';

describe('spec §4 "App version reload": the ETag comparison', () => {
  it.each<
    [
      string,
      VersionCheckInput,
      { outcome: string; reload: boolean; store: unknown; running: string | null },
    ]
  >([
    [
      '304: already latest',
      { status: 304, storedEtag: A, running: A },
      { outcome: 'latest', reload: false, store: null, running: A },
    ],
    [
      '304 on the first check of a tab: runs the stored version',
      { status: 304, storedEtag: A, running: null },
      { outcome: 'latest', reload: false, store: null, running: A },
    ],
    [
      '304 after another tab stored a newer version (signal missed)',
      { status: 304, storedEtag: B, running: A },
      { outcome: 'new-version', reload: true, store: null, running: A },
    ],
    [
      '304 with nothing stored (server ignored the missing validators)',
      { status: 304, running: A },
      { outcome: 'latest', reload: false, store: null, running: A },
    ],
    [
      'first check, nothing stored: store, no reload',
      { status: 200, etag: A, lastModified: MON },
      { outcome: 'first', reload: false, store: { etag: A, lastModified: MON }, running: A },
    ],
    [
      'first check of a tab, older version stored: store, no reload',
      { status: 200, etag: B, storedEtag: A, running: null },
      { outcome: 'first', reload: false, store: { etag: B, lastModified: null }, running: B },
    ],
    [
      'nothing stored but the tab runs a version (storage cleared)',
      { status: 200, etag: B, running: A },
      { outcome: 'first', reload: false, store: { etag: B, lastModified: null }, running: A },
    ],
    [
      '200 with a different ETag: new version, reload',
      {
        status: 200,
        etag: B,
        lastModified: TUE,
        storedEtag: A,
        storedLastModified: MON,
        running: A,
      },
      { outcome: 'new-version', reload: true, store: { etag: B, lastModified: TUE }, running: A },
    ],
    [
      '200 with the same ETag (validators ignored): latest',
      { status: 200, etag: A, storedEtag: A, running: A },
      { outcome: 'latest', reload: false, store: null, running: A },
    ],
    [
      '200, stored newer than running, same as server: this tab is behind',
      { status: 200, etag: B, storedEtag: B, running: A },
      { outcome: 'new-version', reload: true, store: null, running: A },
    ],
    [
      '200, ETag unchanged but Last-Modified new: ETag wins',
      {
        status: 200,
        etag: A,
        lastModified: TUE,
        storedEtag: A,
        storedLastModified: MON,
        running: A,
      },
      { outcome: 'latest', reload: false, store: null, running: A },
    ],
    [
      'no ETag: Last-Modified identifies the version',
      { status: 200, lastModified: TUE, storedLastModified: MON, running: MON },
      {
        outcome: 'new-version',
        reload: true,
        store: { etag: null, lastModified: TUE },
        running: MON,
      },
    ],
    [
      'no validator at all: cannot tell',
      { status: 200, etag: '  ', storedEtag: A, running: A },
      { outcome: 'unknown', reload: false, store: null, running: A },
    ],
    [
      'network failure',
      { status: 0, storedEtag: A, running: A },
      { outcome: 'failed', reload: false, store: null, running: A },
    ],
    [
      'server error',
      { status: 503, storedEtag: A, running: A },
      { outcome: 'failed', reload: false, store: null, running: A },
    ],
    [
      'redirect answered as such',
      { status: 302, running: null },
      { outcome: 'failed', reload: false, store: null, running: null },
    ],
  ])('%s', (_case, input, expected) => {
    expect(decideVersionCheck(input)).toEqual(expected);
  });

  it('a 200 reloads exactly when the server version differs from the running one (after the first check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(A, B, '"c"'),
        fc.constantFrom(A, B, '"c"'),
        fc.constantFrom(A, B, '"c"'),
        (etag, storedEtag, running) => {
          const decision = decideVersionCheck({ status: 200, etag, storedEtag, running });
          expect(decision.reload).toBe(etag !== running);
          expect(decision.store === null).toBe(etag === storedEtag);
        },
      ),
    );
  });

  it('identifies a version by ETag, else Last-Modified', () => {
    expect(versionIdentity(A, MON)).toBe(A);
    expect(versionIdentity(null, MON)).toBe(MON);
    expect(versionIdentity(undefined, undefined)).toBeNull();
    expect(UPDATE_CHECK_FAILED_MESSAGE).toBe('Failed to check for updates');
  });
});

describe('spec §9 "Version reload throttle: 10 s"', () => {
  const now = 1_700_000_000_000;
  it.each<[string, number | null, boolean]>([
    ['never reloaded', null, false],
    ['reloaded 1 s ago', now - 1000, true],
    ['reloaded 9.999 s ago', now - 9999, true],
    ['reloaded exactly 10 s ago', now - 10_000, false],
    ['reloaded a minute ago', now - 60_000, false],
    ['last refresh 5 s in the future (clock moved back)', now + 5000, true],
    ['last refresh an hour in the future', now + 3_600_000, false],
  ])('%s → throttled %s', (_case, lastRefresh, throttled) => {
    expect(isReloadThrottled(lastRefresh, now)).toBe(throttled);
  });

  it.each([
    [
      'unsafe: defer to the next safe navigation',
      { now, lastRefresh: null, safe: false },
      { action: 'defer' },
    ],
    [
      'unsafe and throttled: still defer',
      { now, lastRefresh: now - 1000, safe: false },
      { action: 'defer' },
    ],
    ['safe, never reloaded: reload', { now, lastRefresh: null, safe: true }, { action: 'reload' }],
    [
      'safe, reloaded 3 s ago: wait 7 s',
      { now, lastRefresh: now - 3000, safe: true },
      { action: 'wait', retryInMs: 7000 },
    ],
    [
      'safe, last refresh in the future: wait a full span',
      { now, lastRefresh: now + 2000, safe: true },
      { action: 'wait', retryInMs: VERSION_RELOAD_THROTTLE_MS },
    ],
    [
      'custom throttle',
      { now, lastRefresh: now - 3000, safe: true, throttleMs: 2000 },
      { action: 'reload' },
    ],
  ])('%s', (_case, input, expected) => {
    expect(decideReload(input)).toEqual(expected);
  });

  it('never reloads twice within the throttle', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30_000 }), (elapsed) => {
        const decision = decideReload({ now: now + elapsed, lastRefresh: now, safe: true });
        expect(decision.action === 'reload').toBe(elapsed >= VERSION_RELOAD_THROTTLE_MS);
        if (decision.action === 'wait')
          expect(elapsed + decision.retryInMs).toBe(VERSION_RELOAD_THROTTLE_MS);
      }),
    );
  });

  it.each([
    ['1700000000000', 1_700_000_000_000],
    [' 42 ', 42],
    ['', null],
    ['abc', null],
    ['-5', null],
    ['1.5', null],
    [null, null],
    [undefined, null],
  ])('parseTimestamp(%j) = %j', (value, expected) => {
    expect(parseTimestamp(value)).toBe(expected);
  });
});

describe('cross-tab signal over BroadcastChannel "portico-version"', () => {
  it('round-trips the announced version', () => {
    expect(VERSION_CHANNEL_NAME).toBe('portico-version');
    expect(parseVersionSignal(createVersionSignal(B))).toBe(B);
  });

  it.each([
    null,
    undefined,
    'portico-version',
    42,
    {},
    { type: 'logout' },
    { type: 'portico-version' },
    { type: 'portico-version', version: 7 },
    { type: 'portico-version', version: ' ' },
  ])('ignores %j', (data) => {
    expect(parseVersionSignal(data)).toBeNull();
  });

  it.each<[string | null, string | null, boolean]>([
    [B, A, true],
    [A, A, false],
    [B, null, true],
    [null, A, false],
  ])('announced %s while running %s → reload %s', (announced, running, expected) => {
    expect(shouldReloadOnSignal(announced, running)).toBe(expected);
  });
});

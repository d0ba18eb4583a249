import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as SessionExpiry from './session-expiry.ts';
import {
  decideDraftOffer,
  draftKeysToDelete,
  draftRecordPath,
  draftStorageKey,
  parseStoredDraft,
  type StoredDraft,
} from './unsaved-draft.ts';

const MIN = 60_000;

describe('the session lifetime of the sessionTimeout group field', () => {
  it.each([
    ['30', 30 * MIN],
    [1, MIN],
    [' 5 ', 5 * MIN],
    ['0', 30 * MIN],
    [-4, 30 * MIN],
    ['1.5', 30 * MIN],
    [1.5, 30 * MIN],
    ['ten', 30 * MIN],
    [null, 30 * MIN],
    [undefined, 30 * MIN],
    [{ value: 1 }, 30 * MIN],
    [99_999_999, 60 * 24 * 30 * MIN],
  ] as const)('%j -> %i ms', (field, expected) => {
    expect(SessionExpiry.sessionTimeoutMs(field)).toBe(expected);
  });
});

describe('when the warning shows and how often activity extends', () => {
  it.each([
    // timeout, warning lead, extension throttle
    [MIN, 30_000, 15_000],
    [2 * MIN, 60_000, 30_000],
    [4 * MIN, 120_000, 60_000],
    [30 * MIN, 120_000, 60_000],
    [24 * 60 * MIN, 120_000, 60_000],
  ])(
    'a %i ms session warns %i ms before its end and extends at most every %i ms',
    (t, lead, th) => {
      expect(SessionExpiry.sessionWarningLeadMs(t)).toBe(lead);
      expect(SessionExpiry.sessionExtendThrottleMs(t)).toBe(th);
    },
  );
});

describe('the phase of a session (fake clock: last use at 1,000,000)', () => {
  const lastUse = 1_000_000;
  it.each([
    // timeout, now - lastUse, phase, remaining (WARNING only)
    [30 * MIN, 0, 'ACTIVE', null],
    [30 * MIN, 28 * MIN - 1, 'ACTIVE', null],
    [30 * MIN, 28 * MIN, 'WARNING', 2 * MIN],
    [30 * MIN, 29 * MIN + 59_000, 'WARNING', 1000],
    [30 * MIN, 30 * MIN, 'EXPIRED', null],
    [30 * MIN, 31 * MIN, 'EXPIRED', null],
    [MIN, 29_999, 'ACTIVE', null],
    [MIN, 30_000, 'WARNING', 30_000],
    [MIN, 59_999, 'WARNING', 1],
    [MIN, 60_000, 'EXPIRED', null],
  ] as const)(
    'timeout %i, %i ms after the last use: %s',
    (timeoutMs, elapsed, phase, remaining) => {
      const result = SessionExpiry.sessionExpiryPhase({
        now: lastUse + elapsed,
        lastUse,
        timeoutMs,
      });
      expect(result.phase).toBe(phase);
      expect(result.endsAt).toBe(lastUse + timeoutMs);
      if (result.phase === 'WARNING') expect(result.remainingMs).toBe(remaining);
    },
  );
});

describe('activity extends without a dialog, throttled', () => {
  const lastUse = 5_000_000;
  it.each([
    // timeout, now - lastUse, last extension asked (relative to lastUse) or null, decision
    [30 * MIN, 10_000, null, 'NONE'], // used 10 s ago: nothing to extend
    [30 * MIN, 59_999, null, 'NONE'],
    [30 * MIN, 60_000, null, 'EXTEND'],
    [30 * MIN, 5 * MIN, null, 'EXTEND'],
    [30 * MIN, 5 * MIN, 4 * MIN + 30_000, 'NONE'], // asked 30 s ago (no answer yet): once a minute
    [30 * MIN, 5 * MIN, 4 * MIN, 'EXTEND'],
    [30 * MIN, 28 * MIN, null, 'NONE'], // the warning shows: only "Stay signed in" extends
    [30 * MIN, 30 * MIN, null, 'NONE'], // over
    [MIN, 14_999, null, 'NONE'],
    [MIN, 15_000, null, 'EXTEND'], // a one-minute session: every 15 s, before the warning at 30 s
    [MIN, 30_000, null, 'NONE'],
  ] as const)('timeout %i, %i ms after the last use, last asked %j: %s', (t, elapsed, asked, d) => {
    expect(
      SessionExpiry.decideActivityExtension({
        now: lastUse + elapsed,
        lastUse,
        timeoutMs: t,
        lastExtensionAt: asked === null ? null : lastUse + asked,
      }),
    ).toBe(d);
  });

  it('never extends twice within the throttle, whatever the activity (model: fake clock)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(MIN, 5 * MIN, 30 * MIN),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 200 }),
        (timeoutMs, gaps) => {
          let now = 0;
          let lastUse = 0;
          let lastExtensionAt: number | null = null;
          const extensions: number[] = [];
          for (const gap of gaps) {
            now += gap;
            if (now - lastUse >= timeoutMs) break;
            if (
              SessionExpiry.decideActivityExtension({
                now,
                lastUse,
                timeoutMs,
                lastExtensionAt,
              }) === 'EXTEND'
            ) {
              extensions.push(now);
              lastExtensionAt = now;
              lastUse = now; // the extension answered
            }
          }
          const throttle = SessionExpiry.sessionExtendThrottleMs(timeoutMs);
          for (let i = 1; i < extensions.length; i++)
            expect(extensions[i]! - extensions[i - 1]!).toBeGreaterThanOrEqual(throttle);
        },
      ),
    );
  });
});

describe('the countdown as announced to screen readers', () => {
  it.each([
    [120_000, 'minutes', 2],
    [119_001, 'minutes', 2],
    [61_000, 'minutes', 2],
    [60_000, 'minutes', 1],
    [45_000, 'minutes', 1],
    [30_000, 'seconds', 30],
    [29_001, 'seconds', 30],
    [11_000, 'seconds', 30],
    [10_000, 'seconds', 10],
    [1, 'seconds', 10],
    [0, 'seconds', 10],
    [300_000, 'minutes', 5],
    [250_000, 'minutes', 5],
  ] as const)('%i ms left: %s %i', (remaining, unit, count) => {
    expect(SessionExpiry.countdownAnnouncement(remaining)).toEqual({ unit, count });
  });

  it('changes only a few times over a two-minute countdown', () => {
    const texts = new Set<string>();
    for (let ms = 120_000; ms >= 0; ms -= 1000)
      texts.add(JSON.stringify(SessionExpiry.countdownAnnouncement(ms)));
    expect(texts.size).toBe(4);
  });
});

describe('kept drafts', () => {
  const draft: StoredDraft = {
    userId: '2',
    path: '/things/thing/7?page=2&q=pallet',
    values: { name: 'Pallet 7 (half typed)' },
    savedAt: 1_000_000,
  };
  it('are keyed by user', () => {
    expect(draftStorageKey(2)).toBe('UNSAVED_DRAFT.2');
    expect(draftRecordPath('/things/thing/7?page=2')).toBe('/things/thing/7');
    expect(draftRecordPath('/things/thing/7')).toBe('/things/thing/7');
  });
  it.each([
    [draft, 2, '/things/thing/7?page=2&q=pallet', 1_000_000, 'OFFER'],
    [draft, '2', '/things/thing/7', 1_000_000 + 60_000, 'OFFER'],
    [draft, 3, '/things/thing/7', 1_000_000, 'DELETE'], // another user: never shown, deleted
    [draft, 2, '/things/thing/8', 1_000_000, 'KEEP'], // another record: kept for its own
    [draft, 2, '/things/thing/7', 1_000_000 + 24 * 60 * MIN + 1, 'DELETE'], // over a day old
    [draft, 2, '/things/thing/7', 1_000_000 - 2 * MIN, 'DELETE'], // from the future
    [null, 2, '/things/thing/7', 1_000_000, 'DELETE'],
  ] as const)('%j for user %j at %s (now %i): %s', (stored, userId, path, now, decision) => {
    expect(decideDraftOffer({ draft: stored, userId, path, now })).toBe(decision);
  });
  it("another user's sign-in deletes every draft but theirs", () => {
    expect(
      draftKeysToDelete(
        ['UNSAVED_DRAFT.2', 'UNSAVED_DRAFT.3', 'LAST_ID', 'UNSAVED_DRAFT.22', 'REDIRECT_URL'],
        3,
      ),
    ).toEqual(['UNSAVED_DRAFT.2', 'UNSAVED_DRAFT.22']);
  });
  it.each([
    [JSON.stringify(draft), draft],
    [JSON.stringify({ ...draft, extra: true }), draft],
    ['{', null],
    ['null', null],
    ['', null],
    [JSON.stringify({ ...draft, userId: 2 }), null],
    [JSON.stringify({ ...draft, path: 'things' }), null],
    [JSON.stringify({ ...draft, values: { name: 7 } }), null],
    [JSON.stringify({ ...draft, values: ['a'] }), null],
    [JSON.stringify({ ...draft, values: { '': 'x' } }), null],
    [JSON.stringify({ ...draft, values: { name: 'x'.repeat(20_001) } }), null],
    [JSON.stringify({ ...draft, savedAt: 'yesterday' }), null],
  ])('parses %s', (text, expected) => {
    expect(parseStoredDraft(text)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { cronPreview } from './cron-preview.ts';

const NOW = Date.parse('2026-01-02T20:50:00Z');
const CHICAGO = { timeZone: 'America/Chicago', dateFormat: 'MM/DD/YYYY', calendarFormat: '12h' };
const BERLIN = { timeZone: 'Europe/Berlin', dateFormat: 'DD.MM.YYYY', calendarFormat: '24h' };

describe('the cron field’s preview', () => {
  it.each([
    ['', CHICAGO, { kind: 'empty' }],
    ['  ', CHICAGO, { kind: 'empty' }],
    ['* *', CHICAGO, { kind: 'problem', code: 'fieldCount' }],
    ['0 24 * * *', BERLIN, { kind: 'problem', code: 'invalidField' }],
    ['0 0 31 2 *', BERLIN, { kind: 'problem', code: 'neverRuns' }],
  ] as const)('%j in %o: %o', (expression, preferences, expected) => {
    expect(cronPreview(expression, preferences, NOW)).toEqual(expected);
  });

  it('gives the next five runs in the tenant’s zone, date format and clock', () => {
    // 9:00 on weekdays, read in Chicago: Friday 20:50 UTC is 14:50 there, so Monday comes next
    expect(cronPreview('0 9 * * 1-5', CHICAGO, NOW)).toEqual({
      kind: 'runs',
      runs: [
        '01/05/2026 9:00 AM',
        '01/06/2026 9:00 AM',
        '01/07/2026 9:00 AM',
        '01/08/2026 9:00 AM',
        '01/09/2026 9:00 AM',
      ],
      at: [
        '2026-01-05T15:00:00.000Z',
        '2026-01-06T15:00:00.000Z',
        '2026-01-07T15:00:00.000Z',
        '2026-01-08T15:00:00.000Z',
        '2026-01-09T15:00:00.000Z',
      ],
    });
  });

  it('reads the same expression in another tenant’s zone', () => {
    const preview = cronPreview('*/30 22 * * *', BERLIN, NOW);
    expect(preview.kind === 'runs' && preview.runs).toEqual([
      '02.01.2026 22:00',
      '02.01.2026 22:30',
      '03.01.2026 22:00',
      '03.01.2026 22:30',
      '04.01.2026 22:00',
    ]);
  });
});

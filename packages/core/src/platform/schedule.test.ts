import { describe, expect, it } from 'vitest';
import { CRON_PREVIEW_RUNS, MAX_CRON_LENGTH, cronProblem, nextCronRuns } from './schedule.ts';

const FRIDAY_EVENING = Date.parse('2026-01-02T20:50:00Z');
const iso = (times: number[]) => times.map((time) => new Date(time).toISOString());
/** The next five 09:00 UTC after FRIDAY_EVENING. */
const NINE_UTC = [
  '2026-01-03T09:00:00.000Z',
  '2026-01-04T09:00:00.000Z',
  '2026-01-05T09:00:00.000Z',
  '2026-01-06T09:00:00.000Z',
  '2026-01-07T09:00:00.000Z',
];

describe('cron expressions', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    [`0 0 * * * ${'1,'.repeat(60)}1`, 'tooLong'],
    ['* * *', 'fieldCount'],
    ['* * * * * * *', 'fieldCount'],
    ['61 * * * *', 'invalidField'],
    ['x * * * *', 'invalidField'],
    ['*/0 * * * *', 'invalidField'],
    ['0 0 30 2 *', 'neverRuns'],
  ])('refuses %j (%s)', (expression, code) => {
    const problem = cronProblem(expression);
    expect(problem?.code).toBe(code);
    expect(problem?.detail).not.toMatch(/^CronPattern/);
    expect(problem?.detail.length).toBeGreaterThan(0);
  });

  it.each([
    '*/15 9-17 * * 1-5',
    '0 0 * * MON',
    '0 0 ? * MON',
    '30 0 6 * * *',
    '@daily',
    '  0 3 1 * *  ',
  ])('accepts %j', (expression) => {
    expect(cronProblem(expression)).toBeNull();
    expect(cronProblem(expression, 'Europe/Rome')).toBeNull();
  });

  it('gives the length limit in its detail', () => {
    expect(cronProblem('1 '.repeat(MAX_CRON_LENGTH))?.detail).toContain(String(MAX_CRON_LENGTH));
  });

  it.each([
    [
      'America/La_Paz',
      '*/15 9-17 * * 1-5',
      [
        '2026-01-02T21:00:00.000Z',
        '2026-01-02T21:15:00.000Z',
        '2026-01-02T21:30:00.000Z',
        '2026-01-02T21:45:00.000Z',
        '2026-01-05T13:00:00.000Z',
      ],
    ],
    ['UTC', '0 9 * * *', NINE_UTC],
    // an unknown zone reads as UTC, as dates do
    ['Nowhere/City', '0 9 * * *', NINE_UTC],
    ['Europe/Rome', '0 9 * * *', ['2026-01-03T08:00:00.000Z', '2026-01-04T08:00:00.000Z']],
  ])('in %s, %s runs next at %j', (zone, expression, expected) => {
    expect(iso(nextCronRuns(expression, zone, FRIDAY_EVENING, expected.length))).toEqual(expected);
  });

  it('gives five runs by default and none for a refused expression', () => {
    expect(nextCronRuns('* * * * *', 'UTC', FRIDAY_EVENING)).toHaveLength(CRON_PREVIEW_RUNS);
    expect(nextCronRuns('61 * * * *', 'UTC', FRIDAY_EVENING)).toEqual([]);
    expect(nextCronRuns('0 0 30 2 *', 'UTC', FRIDAY_EVENING)).toEqual([]);
  });
});

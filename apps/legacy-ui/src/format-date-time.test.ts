import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time.ts';

const instant = Date.UTC(2024, 10, 21, 19, 5); // 2024-11-21 19:05 UTC

describe('formatDateTime', () => {
  it('uses the shell time zone, date format and calendar format', () => {
    expect(
      formatDateTime(instant, { timeZone: 'UTC', dateFormat: 'DD/MM/YYYY', calendarFormat: '24h' }),
    ).toBe('21/11/2024 19:05');
    expect(
      formatDateTime(instant, {
        timeZone: 'Europe/Madrid',
        dateFormat: 'YYYY-MM-DD',
        calendarFormat: '24h',
      }),
    ).toBe('2024-11-21 20:05');
    expect(
      formatDateTime(instant, {
        timeZone: 'EST5EDT',
        dateFormat: 'MM/DD/YYYY',
        calendarFormat: '12h',
      }),
    ).toBe('11/21/2024 2:05 PM');
    expect(
      formatDateTime(instant, {
        timeZone: 'Asia/Tokyo',
        dateFormat: 'DD.MM.YYYY',
        calendarFormat: '24h',
      }),
    ).toBe('22.11.2024 04:05');
  });

  it('is empty for missing values and survives unknown zones and formats', () => {
    const prefs = { timeZone: 'Not/AZone', dateFormat: 'weird', calendarFormat: '24h' };
    expect(formatDateTime(null, prefs)).toBe('');
    expect(formatDateTime('garbage', prefs)).toBe('');
    expect(formatDateTime(instant, prefs)).toBe('11/21/2024 19:05');
  });
});

describe('formatDateTime formatters', () => {
  it('builds one formatter per zone and hour cycle, and interleaved zones stay right', () => {
    const Original = Intl.DateTimeFormat;
    let built = 0;
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        built += 1;
      }
    }
    Intl.DateTimeFormat = Counting as typeof Intl.DateTimeFormat;
    try {
      const at = (timeZone: string, calendarFormat: string) =>
        formatDateTime(instant, { timeZone, dateFormat: 'YYYY-MM-DD', calendarFormat });
      const rows = Array.from({ length: 50 }, (_, i) =>
        i % 2 ? at('Pacific/Auckland', '24h') : at('America/Lima', '12h'),
      );
      expect(new Set(rows)).toEqual(new Set(['2024-11-22 08:05', '2024-11-21 2:05 PM']));
      expect(built).toBe(2);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});

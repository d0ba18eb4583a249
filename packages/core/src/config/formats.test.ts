import { describe, expect, it } from 'vitest';
import * as Formats from './formats.ts';

describe('known configuration values (spec §5, §9)', () => {
  it('defaults are en and EST5EDT', () => {
    expect(Formats.DEFAULT_LANGUAGE).toBe('en');
    expect(Formats.DEFAULT_TIME_ZONE).toBe('EST5EDT');
  });
  it.each([
    ['en', true],
    ['pt-BR', true],
    ['it', true],
    ['pt', false],
    ['de', false],
    [undefined, false],
  ])('language %s -> %s', (value, expected) => {
    expect(Formats.isSupportedLanguage(value)).toBe(expected);
  });
  it.each([
    ['America/Chicago', true],
    ['EST5EDT', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
    [12, false],
    ['x'.repeat(65), false],
  ])('time zone %s -> %s', (value, expected) => {
    expect(Formats.isValidTimeZone(value)).toBe(expected);
  });
  it.each([
    ['YYYY-MM-DD', true],
    ['yyyy', false],
  ])('date format %s -> %s', (value, expected) => {
    expect(Formats.isDateFormat(value)).toBe(expected);
  });
  it.each([
    ['24h', true],
    ['25h', false],
  ])('calendar format %s -> %s', (value, expected) => {
    expect(Formats.isCalendarFormat(value)).toBe(expected);
  });
});

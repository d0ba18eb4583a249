import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  isCalendarFormat,
  isDateFormat,
  isSupportedLanguage,
  isValidTimeZone,
} from './formats.ts';

describe('known configuration values (spec §5, §9)', () => {
  it('defaults are en and EST5EDT', () => {
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(DEFAULT_TIME_ZONE).toBe('EST5EDT');
  });
  it.each([
    ['en', true],
    ['pt-BR', true],
    ['it', true],
    ['pt', false],
    ['de', false],
    [undefined, false],
  ])('language %s -> %s', (value, expected) => {
    expect(isSupportedLanguage(value)).toBe(expected);
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
    expect(isValidTimeZone(value)).toBe(expected);
  });
  it.each([
    ['YYYY-MM-DD', true],
    ['yyyy', false],
  ])('date format %s -> %s', (value, expected) => {
    expect(isDateFormat(value)).toBe(expected);
  });
  it.each([
    ['24h', true],
    ['25h', false],
  ])('calendar format %s -> %s', (value, expected) => {
    expect(isCalendarFormat(value)).toBe(expected);
  });
});

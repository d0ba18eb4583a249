import { describe, expect, it } from 'vitest';
import {
  MAX_PASSWORD_LENGTH,
  PASSWORD_PROBLEMS,
  PASSWORD_PROBLEM_TEXT,
  checkPasswordRules,
  isCommonPasswordIn,
  passwordProblemOf,
} from './password-rules.ts';
import type { PasswordProblem } from './password-rules.ts';

const LIST = new Set(['password', 'baseball', 'football', 'abc', 'letmein']);
const isCommon = (password: string) => isCommonPasswordIn(LIST, password);

describe('isCommonPasswordIn', () => {
  it.each([
    ['password', true],
    ['PASSWORD', true],
    ['  Baseball ', true],
    ['baseball1', true],
    ['football2024!', true],
    ['football_', true],
    ['abc1', false], // a base under 4 characters is no common password with digits
    ['footballer', false],
    ['1football', false],
    ['tangerine volcano', false],
  ])('%s → %s', (password, expected) => {
    expect(isCommonPasswordIn(LIST, password)).toBe(expected);
  });
});

describe('checkPasswordRules', () => {
  it.each<[string, string | undefined, PasswordProblem | null]>([
    ['', 'someone', 'tooShort'],
    ['1111', 'someone', 'tooShort'],
    ['seven77', 'someone', 'tooShort'],
    ['😀😀😀😀😀😀😀', 'someone', 'tooShort'], // seven code points, fourteen UTF-16 units
    ['x'.repeat(MAX_PASSWORD_LENGTH + 1), 'someone', 'tooLong'],
    ['x'.repeat(MAX_PASSWORD_LENGTH), 'someone', null],
    ['password1', 'someone', 'common'],
    ['letmein!!', 'someone', 'common'],
    ['mallory.x', 'mallory.x', 'username'],
    ['Mallory.X ', 'mallory.x', 'username'],
    ['mallory.x', undefined, null],
    ['mallory.x', '  ', null],
    ['Correct-Horse-42', 'someone', null],
  ])('%s for %s → %s', (password, username, expected) => {
    expect(checkPasswordRules(password, username, isCommon)).toBe(expected);
  });

  it('without a common-password check, a common password passes the other rules', () => {
    expect(checkPasswordRules('password1', 'someone')).toBeNull();
  });
});

describe('passwordProblemOf', () => {
  it.each(PASSWORD_PROBLEMS.map((problem) => [PASSWORD_PROBLEM_TEXT[problem], problem]))(
    '%s → %s',
    (text, problem) => {
      expect(passwordProblemOf(text)).toBe(problem);
      expect(passwordProblemOf(` ${text.toUpperCase()} `)).toBe(problem);
    },
  );

  it.each(['required', 'at least 4 characters', ''])('%s names no rule', (text) => {
    expect(passwordProblemOf(text)).toBeNull();
  });

  it('the minimum is 8 characters', () => {
    expect(PASSWORD_PROBLEM_TEXT.tooShort).toBe('at least 8 characters');
  });
});

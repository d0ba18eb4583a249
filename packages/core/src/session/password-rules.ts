/**
 * The rules of a new password, the one source for the services (which refuse) and the forms (which
 * say the rule before sending, and name the rule the services refused). OWASP ASVS 6.2: at least 8
 * characters, at most 1024, not one of the most common passwords (nor one with digits or symbols
 * added at its end, such as `football2024!`), not the username.
 *
 * The common-password list itself stays with the services (a file of 3,546 entries is no part of a
 * browser bundle): the rule takes it as a predicate, and a form without it checks the other rules.
 */

/** The fewest characters (code points) of a new password. */
export const MIN_PASSWORD_LENGTH = 8;
/** The most characters (UTF-16 units) of a new password. */
export const MAX_PASSWORD_LENGTH = 1024;

/** The rule a refused password breaks. */
export type PasswordProblem = 'tooShort' | 'tooLong' | 'common' | 'username';

/** Every rule, in the order they are checked. */
export const PASSWORD_PROBLEMS: readonly PasswordProblem[] = [
  'tooShort',
  'tooLong',
  'common',
  'username',
];

/**
 * The English text of each rule, as the services answer it in `fields.password` (clients name the
 * rule in their own language from {@link passwordProblemOf}).
 */
export const PASSWORD_PROBLEM_TEXT: Readonly<Record<PasswordProblem, string>> = {
  tooShort: `at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: `at most ${MAX_PASSWORD_LENGTH} characters`,
  common: 'one of the most common passwords: choose another',
  username: 'must not be the username',
};

/**
 * True when `password` is in `list` (lower-cased entries), or is an entry of at least 4 characters
 * followed by digits or symbols (`baseball1`, `football2024!`). Compared without case or surrounding
 * spaces.
 */
export function isCommonPasswordIn(list: ReadonlySet<string>, password: string): boolean {
  const lower = password.trim().toLowerCase();
  if (list.has(lower)) return true;
  const base = lower.replace(/[\d\W_]+$/u, '');
  return base.length >= 4 && base !== lower && list.has(base);
}

/**
 * The first rule `password` breaks as the new password of `username`, or null when it may be used.
 * `isCommon` is the common-password check ({@link isCommonPasswordIn} over the services' list); a
 * client without the list leaves it out, and the services decide that rule.
 */
export function checkPasswordRules(
  password: string,
  username: string | undefined,
  isCommon: (password: string) => boolean = () => false,
): PasswordProblem | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return 'tooShort';
  if (password.length > MAX_PASSWORD_LENGTH) return 'tooLong';
  if (isCommon(password)) return 'common';
  if (
    username !== undefined &&
    username.trim() !== '' &&
    password.trim().toLowerCase() === username.trim().toLowerCase()
  )
    return 'username';
  return null;
}

/** The rule an API's password message names (its `fields.password`), or null for any other text. */
export function passwordProblemOf(message: string): PasswordProblem | null {
  const text = message.trim().toLowerCase();
  return PASSWORD_PROBLEMS.find((problem) => text === PASSWORD_PROBLEM_TEXT[problem]) ?? null;
}

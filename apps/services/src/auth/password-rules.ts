// Rules for a new password (issue 13 finding 14; OWASP ASVS 6.2): at least 8 characters, at most
// 1024, not one of the most common passwords (nor one followed by digits or symbols, such as
// `football2024!`), and not the username. The list is John the Ripper's password.lst (Openwall,
// public domain, 3,546 entries), shipped beside this file. Seeded demo accounts are not created
// through the API and keep their `demo` password.
import { readFileSync } from 'node:fs';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

let common: Set<string> | undefined;

/** The common-password list, lower-cased (read once, on first use). */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#!comment'))
      .map((line) => line.trim().toLowerCase()),
  );
  return common;
}

/** True when `password` is a common password, or one with digits or symbols added at its end. */
export function isCommonPassword(password: string): boolean {
  const lower = password.trim().toLowerCase();
  const list = commonPasswords();
  if (list.has(lower)) return true;
  const base = lower.replace(/[\d\W_]+$/u, '');
  return base.length >= 4 && base !== lower && list.has(base);
}

/** Why `password` cannot be a new password of `username`, or null when it can. */
export function checkNewPassword(password: string, username: string | undefined): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return `at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `at most ${MAX_PASSWORD_LENGTH} characters`;
  if (isCommonPassword(password)) return 'one of the most common passwords: choose another';
  if (username !== undefined && password.trim().toLowerCase() === username.trim().toLowerCase())
    return 'must not be the username';
  return null;
}

// The services' side of the password rules (@portico/core's password-rules.ts, the one source):
// the common-password list is John the Ripper's password.lst (Openwall, public domain, 3,546
// entries), shipped beside this file and read once. Seeded demo accounts are not created through
// the API and keep their `demo` password.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_PROBLEM_TEXT,
  checkPasswordRules,
  isCommonPasswordIn,
} from '@portico/core';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

let common: Set<string> | undefined;

/** The common-password list, lower-cased (read once, on first use). */
function commonPasswords(): Set<string> {
  common ??= new Set(
    // a path, not `new URL(…, import.meta.url)`: Vite rewrites that form into an asset address when
    // these services run in a browser-like test (the console's tests)
    readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#!comment'))
      .map((line) => line.trim().toLowerCase()),
  );
  return common;
}

/** True when `password` is a common password, or one with digits or symbols added at its end. */
export function isCommonPassword(password: string): boolean {
  return isCommonPasswordIn(commonPasswords(), password);
}

/** Why `password` cannot be a new password of `username` (the rule's text), or null when it can. */
export function checkNewPassword(password: string, username: string | undefined): string | null {
  const problem = checkPasswordRules(password, username, isCommonPassword);
  return problem ? PASSWORD_PROBLEM_TEXT[problem] : null;
}

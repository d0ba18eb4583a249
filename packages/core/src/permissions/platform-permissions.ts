/**
 * The real platform's forms of a role's and a user's permissions (riot-core-services: RiotShiroRealm
 * lists a user's permissions one string per letter, `thing:r`, `thing:u`; a role grants a resource
 * its letters as one string, `PUT /role/{id}/permission/{resourceId} {"permissions": "ru"}`), read
 * onto Portico's permission strings.
 */
import { parsePermission } from './permission-string.ts';

/**
 * `permissions` in the platform's one-string-per-letter form: `thing:riu` → `thing:r`, `thing:i`,
 * `thing:u` (an object-level grant keeps its instance: `user:ru:7` → `user:r:7`, `user:u:7`).
 * Wildcards (`thing:*`) stay as they are, as the platform lists them; a string that is no
 * permission is left out. No string twice.
 */
export function perLetterPermissions(permissions: readonly string[]): string[] {
  const out = new Set<string>();
  for (const value of permissions) {
    const parsed = parsePermission(value);
    if (!parsed) continue;
    const suffix = parsed.instance === undefined ? '' : `:${parsed.instance}`;
    if (parsed.wildcard) out.add(`${parsed.resource}:*${suffix}`);
    else for (const letter of parsed.letters) out.add(`${parsed.resource}:${letter}${suffix}`);
  }
  return [...out];
}

/**
 * A role's `permissions` after the platform's `PUT /role/{id}/permission/{resourceId}` with
 * `letters`: every grant of `resource` itself (any letters or `*`, case aside; object-level grants
 * are other resources' business) is replaced by one string per letter; no letters remove them.
 */
export function withResourceLetters(
  permissions: readonly string[],
  resource: string,
  letters: string,
): string[] {
  const name = resource.toLowerCase();
  const kept = permissions.filter((value) => {
    const parsed = parsePermission(value);
    return !parsed || parsed.instance !== undefined || parsed.resource.toLowerCase() !== name;
  });
  const added = [...new Set(letters.split(''))].map((letter) => `${resource}:${letter}`);
  return [...kept, ...added];
}

/** The letters `permissions` grant `resource` itself (case aside), in the platform's order (`riu`). */
export function resourceLetters(permissions: readonly string[], resource: string): string {
  const name = resource.toLowerCase();
  const held = new Set<string>();
  for (const value of permissions) {
    const parsed = parsePermission(value);
    if (parsed && parsed.instance === undefined && parsed.resource.toLowerCase() === name)
      for (const letter of parsed.letters) held.add(letter);
  }
  return 'riudax'
    .split('')
    .filter((letter) => held.has(letter))
    .join('');
}

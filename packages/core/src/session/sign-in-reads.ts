/**
 * One round trip for the session: a sign-in (`POST /user/login`) may name the reads the console
 * makes right after it (whoami, the user, the permissions, the configuration), and Portico's
 * services answer them with the sign-in, as each would be answered with the new token. The real
 * platform reads four keys of the login body and ignores the rest, so a console talking to it asks
 * the network as before.
 *
 * The ids a read needs are not known before the sign-in: its path names them as `{userId}` (the
 * signed-in user) and `{groupId}` (the user's active group). Only the reads below can come with a
 * sign-in: each is a read (no write, no stream), answered for the caller only.
 */

export type SignInReadMethod = 'GET' | 'POST';

/** The reads a sign-in can carry: method and path template (spec §7 session calls). */
export const SIGN_IN_READS: ReadonlyArray<{ method: SignInReadMethod; path: string }> = [
  { method: 'GET', path: '/user/whoami' },
  { method: 'GET', path: '/user/{userId}' },
  { method: 'GET', path: '/user/{userId}/permissions' },
  { method: 'GET', path: '/group/{groupId}/inheritedFields' },
  { method: 'POST', path: '/user/{userId}/inheritedFields' },
  { method: 'POST', path: '/user/{userId}/visibilityGroups' },
];

/** At most this many reads come with one sign-in (each of the list above once, and room for a variant). */
export const MAX_SIGN_IN_READS = 8;

/** The ids a sign-in's reads are answered with. */
export interface SignInReadKeys {
  userId: number;
  groupId: number;
}

/** Whether `method path` (a template, without its query) is a read a sign-in can carry. */
export function isSignInRead(method: string, path: string): boolean {
  return SIGN_IN_READS.some((read) => read.method === method && read.path === path);
}

/** The path of a read for the signed-in user: its `{userId}` and `{groupId}` filled. */
export function fillSignInReadPath(path: string, keys: SignInReadKeys): string {
  return path
    .replaceAll('{userId}', String(keys.userId))
    .replaceAll('{groupId}', String(keys.groupId));
}

// Who may read or change a user's own record through the platform's user routes (`GET /user/{id}`,
// its fields, its permissions): anyone their own; another user's with `user:r` / `user:u`, or the
// object-level grant for that user (`user:r:{id}`). Whether the user is in the caller's tree at all
// (else 404) is the route's reading of the row.
import type { Caller } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';

/** Refuses (403) reading (`r`) or changing (`u`) another user's record without the permission. */
export function requireUserAccess(caller: Caller, userId: number, letter: 'r' | 'u'): void {
  if (userId === caller.user.id) return;
  if (
    !caller.permissions.has(`user:${letter}`) &&
    !caller.permissions.has(`user:${letter}:${userId}`)
  )
    throw new HttpError(403, `Permission user:${letter} required`);
}

/** Refuses (403) reading another user's permissions: only the signed-in user's are answered. */
export function requireOwnPermissions(caller: Caller, userId: number): void {
  if (userId !== caller.user.id)
    throw new HttpError(403, 'Permissions can only be read for the signed-in user');
}

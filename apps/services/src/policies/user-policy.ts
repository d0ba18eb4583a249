// Who may read or change a user's own record through the platform's user routes (`GET /user/{id}`,
// its fields, its permissions, its API keys): anyone their own; another user's with `user:r` /
// `user:u`, or the object-level grant for that user (`user:r:{id}`). Whether the user is in the
// caller's tree at all (else 404) is `findVisibleUser`.
import type { Kysely } from 'kysely';
import type { Caller, UserRow } from '../auth/directory.ts';
import type { Database } from '../db/schema.ts';
import { HttpError, withPlatformMessage } from '../http/http-error.ts';

/**
 * The user `userId` when the caller may see it (itself, or one in its tree): else 404, with the
 * platform's text for it (`UserId[7] not found` unless the route's call names it otherwise).
 */
export async function findVisibleUser(
  db: Kysely<Database>,
  caller: Caller,
  userId: number,
  platformMessage = `UserId[${userId}] not found`,
): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user || (user.id !== caller.user.id && !caller.visibleGroupIds.has(user.groupId)))
    throw withPlatformMessage(new HttpError(404, `User ${userId} not found`), platformMessage);
  return user;
}

/**
 * Refuses (403) reading (`r`) or changing (`u`) another user's record without the permission,
 * with the platform's text for the refusal where the route answers as the platform.
 */
export function requireUserAccess(
  caller: Caller,
  userId: number,
  letter: 'r' | 'u',
  platformMessage?: string,
): void {
  if (userId === caller.user.id) return;
  if (
    !caller.permissions.has(`user:${letter}`) &&
    !caller.permissions.has(`user:${letter}:${userId}`)
  ) {
    const error = new HttpError(403, `Permission user:${letter} required`);
    throw platformMessage === undefined ? error : withPlatformMessage(error, platformMessage);
  }
}

/** Refuses (403) reading another user's permissions: only the signed-in user's are answered. */
export function requireOwnPermissions(caller: Caller, userId: number): void {
  if (userId !== caller.user.id)
    throw new HttpError(403, 'Permissions can only be read for the signed-in user');
}

/** Refuses (403) permission queries (`hasPermissions`) about another user, as the platform does. */
export function requireOwnPermissionQueries(caller: Caller, userId: number): void {
  if (userId !== caller.user.id)
    throw withPlatformMessage(
      new HttpError(403, 'Permissions can only be queried for the signed-in user'),
      'Not available for you',
    );
}

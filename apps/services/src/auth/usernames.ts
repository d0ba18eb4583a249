// Usernames are global (one namespace for every tenant: sign-in asks for no tenant, as on the
// platform) and unique without regard to case: `Admin` cannot be
// created beside `admin`, and sign-in takes either. A taken name answers 409 with a message that
// names no tenant. The unique index on lower("username") (migration 0005) backs the check.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AuthError, USERNAME_TAKEN } from './auth-error.ts';
import type { UserRow } from './directory.ts';

/** The form compared for uniqueness and sign-in (usernames are ASCII: `[A-Za-z0-9_.@-]`). */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

/** The user whose username is `username` without regard to case. */
export async function findUserByName(
  db: Kysely<Database>,
  username: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower("username")`, '=', usernameKey(username))
    .executeTakeFirst();
}

/** Refuses (USERNAME_TAKEN) `username` when another user (not `exceptId`) holds it in any case. */
export async function requireUsernameFree(
  db: Kysely<Database>,
  username: string,
  exceptId?: number,
): Promise<void> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower("username")`, '=', usernameKey(username));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw new AuthError('USERNAME_TAKEN', USERNAME_TAKEN);
}

// Usernames are global (one namespace for every tenant: sign-in asks for no tenant) and unique
// without regard to case (issue 13 finding 14): `Admin` cannot be created beside `admin`.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { UserRow } from './directory.ts';

/** The stored form used for uniqueness and sign-in: NFC, lower case. */
export function usernameKey(username: string): string {
  return username.normalize('NFC').toLowerCase();
}

/** The user whose username is `username` without regard to case. */
export async function findUserByName(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

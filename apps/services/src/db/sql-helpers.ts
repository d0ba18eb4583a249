// Small SQL pieces that must behave the same on SQLite and PostgreSQL.
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** Case-insensitive "column contains text" (lower() on both sides; LIKE with an explicit escape). */
export function containsIgnoringCase(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}

/** "column ends with text", case-sensitive. */
export function endsWith(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${`%${escapeLike(text)}`} escape '\\'`;
}

// Insert helpers the seed's parts share.
import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export const NOW = Date.UTC(2024, 0, 15, 9, 0, 0);

export async function insertMany<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  const chunk = 400;
  for (let start = 0; start < rows.length; start += chunk) {
    // Kysely's generic insert typing cannot follow a table name parameter.
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + chunk) as never)
      .execute();
  }
}

export async function insertOne<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  row: Insertable<Database[T]>,
): Promise<number> {
  const result = (await trx
    .insertInto(table)
    .values(row as never)
    .returning('id' as never)
    .executeTakeFirstOrThrow()) as unknown as { id: number };
  return result.id;
}

export async function ids(
  trx: Transaction<Database>,
  table: 'zones' | 'thingTypes',
  groupId: number,
): Promise<number[]> {
  const rows = await trx
    .selectFrom(table)
    .select('id')
    .where('groupId', '=', groupId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

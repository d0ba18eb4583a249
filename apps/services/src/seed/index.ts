// The demo tenant of DESIGN §4, written once into a new database in one transaction.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fillUniqueScopes } from '../db/unique-fields.ts';
import { hashPassword } from '../auth/password.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { seedDirectory } from './directory.ts';
import { seedImportJob } from './import-job.ts';
import { seedModel } from './model.ts';
import { seedLicenses } from './licenses.ts';
import { seedSites } from './sites.ts';

export { DEMO_ACCOUNTS } from './demo-accounts.ts';
export type { DemoAccount } from './demo-accounts.ts';

/** True when the database already holds the seed (or any data): seeding never overwrites. */
async function alreadySeeded(db: Kysely<Database>): Promise<boolean> {
  const marker = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'seededAt')
    .executeTakeFirst();
  if (marker) return true;
  const group = await db.selectFrom('groups').select('id').limit(1).executeTakeFirst();
  return group !== undefined;
}

// The demo accounts' password hashes (scrypt, salted), made once per process: a process seeds one
// database, but the tests open hundreds of fresh in-memory ones, each of which spent six full-cost
// scrypt hashes (≈ 35 ms of CPU each) on the same public demo password.
let demoPasswordHashes: Promise<string[]> | undefined;

/**
 * Seeds the demo tenant when the database is empty. `scale` multiplies things and zones: 1 is a
 * few dozen things; n > 1 gives about 1,000·n things (100 → about 100,000) for load tests.
 * Returns true when it seeded.
 */
export async function seedDemoData(db: Kysely<Database>, scale = 1): Promise<boolean> {
  if (await alreadySeeded(db)) return false;
  demoPasswordHashes ??= Promise.all(DEMO_ACCOUNTS.map(() => hashPassword('demo'))).catch(
    (error: unknown) => {
      demoPasswordHashes = undefined; // a failed hash is tried again by the next seed
      throw error;
    },
  );
  const passwordHashes = await demoPasswordHashes;
  await db.transaction().execute(async (trx) => {
    const directory = await seedDirectory(trx, passwordHashes);
    await seedModel(trx, scale, directory);
    await seedImportJob(trx, directory);
    await seedLicenses(trx, directory.acme);
    await seedSites(trx, directory);
    // the tenant each row's unique values are unique in (the index on them counts from here)
    await fillUniqueScopes(trx as unknown as Kysely<unknown>);
    await trx
      .insertInto('meta')
      .values({ key: 'seededAt', value: new Date().toISOString() })
      .execute();
  });
  // Planner statistics: with them, an ordered page of things walks the name index instead of sorting.
  await sql`analyze`.execute(db);
  return true;
}

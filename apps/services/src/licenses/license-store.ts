// A tenant's installed license and what it uses of each limit, read in the caller's transaction
// (a create checks the limit and inserts in one transaction).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { LICENSE_LIMITS, readLicensePayload } from '@portico/core';
import type { LicenseLimit, LicensePayload } from '@portico/core';
import type { Database } from '../db/schema.ts';
import type { Dialect } from '../db/dialect.ts';

/** The table each limit counts, and whether its deleted rows wait for a purge (deletedAt). */
const COUNTED: Readonly<
  Record<LicenseLimit, { table: 'things' | 'users' | 'zones'; soft: boolean }>
> = {
  maxThings: { table: 'things', soft: true },
  maxUsers: { table: 'users', soft: false },
  maxZones: { table: 'zones', soft: true },
};

export interface InstalledLicense {
  payload: LicensePayload;
  text: string;
  at: number;
  actorName: string;
}

/**
 * The license tenant `tenantId` installed, or undefined. `lock` (PostgreSQL): hold its row until
 * the transaction ends, so two creates of one tenant count one after the other.
 */
export async function installedLicense(
  db: Kysely<Database>,
  tenantId: number,
  options: { lock?: Dialect } = {},
): Promise<InstalledLicense | undefined> {
  let query = db
    .selectFrom('installedLicenses')
    .select(['payload', 'text', 'at', 'actorName'])
    .where('tenantId', '=', tenantId);
  if (options.lock === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const read = readLicensePayload(JSON.parse(row.payload));
  // stored only after its signature and payload were checked: a row that no longer reads is a bug
  if ('problem' in read)
    throw new Error(`installed license of tenant ${tenantId}: ${read.problem}`);
  return { payload: read.payload, text: row.text, at: Number(row.at), actorName: row.actorName };
}

/** How many rows of `limit` the tenant whose tree starts at `hierarchyCode` holds. */
export async function usedOf(
  db: Kysely<Database>,
  limit: LicenseLimit,
  hierarchyCode: string,
): Promise<number> {
  const { table, soft } = COUNTED[limit];
  // hierarchy codes are `>1>2>`: digits and `>`, nothing LIKE reads as a pattern
  let query = db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('groupId', 'in', (eb) =>
      eb.selectFrom('groups').select('id').where('hierarchyCode', 'like', `${hierarchyCode}%`),
    );
  if (soft) query = query.where(sql.ref('deletedAt'), 'is', null);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every limit's use by a tenant. */
export async function usageOf(
  db: Kysely<Database>,
  hierarchyCode: string,
): Promise<Record<LicenseLimit, number>> {
  const used = {} as Record<LicenseLimit, number>;
  for (const limit of LICENSE_LIMITS) used[limit] = await usedOf(db, limit, hierarchyCode);
  return used;
}

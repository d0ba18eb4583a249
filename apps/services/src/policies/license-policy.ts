// Licenses: who generates them (root, with `license_generator`), whose license a caller reads and
// installs (`license:r` / `license:u`: a tenant's own, root names any tenant), and the limits an
// installed license sets on creating things, users and zones. Without an installed license a tenant
// has no limits; with an expired one it may create none of the limited kinds.
import { limitExceeded, licenseLimitOf, isLicenseExpired } from '@portico/core';
import type { LicenseLimit } from '@portico/core';
import type { Kysely } from 'kysely';
import type { Caller } from '../auth/directory.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import { installedLicense, usedOf } from '../licenses/license-store.ts';
import type { WriteContext } from '../resources/resource-spec.ts';

/** How the refusals name a limit. */
const LIMIT_WORDS: Readonly<Record<LicenseLimit, string>> = {
  maxThings: 'maximum things',
  maxUsers: 'maximum users',
  maxZones: 'maximum zones',
};

/** Refuses generating (`u`) or listing generated (`r`) licenses to anyone but root with `license_generator`. */
export function requireLicenseGenerator(caller: Caller, letter: 'r' | 'u'): void {
  if (!caller.isRoot) throw new HttpError(403, 'Only root generates licenses');
  if (!caller.permissions.has(`license_generator:${letter}`))
    throw new HttpError(403, `Permission license_generator:${letter} required`);
}

/**
 * The tenant whose license the caller reads (`r`) or installs (`u`): its own; root names one
 * (`requested`). Another tenant's answers 404, as if it did not exist.
 */
export function licenseTenantOf(
  caller: Caller,
  letter: 'r' | 'u',
  requested: number | undefined,
): number {
  if (!caller.permissions.has(`license:${letter}`))
    throw new HttpError(403, `Permission license:${letter} required`);
  if (!caller.tenant) {
    if (requested === undefined)
      throw new HttpError(400, 'Invalid query: tenantId: root names the tenant', {
        tenantId: 'required',
      });
    return requested;
  }
  if (requested !== undefined && requested !== caller.tenant.id)
    throw new HttpError(404, `Tenant ${requested} not found`);
  return caller.tenant.id;
}

/**
 * Refuses (403, naming the limit) adding `adding` rows of resource `path` to group `groupId` when
 * its tenant's installed license does not allow them: over a limit, or expired. Runs in the write's
 * transaction, before the insert; on PostgreSQL it holds the license row so concurrent creates of
 * one tenant count one after the other.
 */
export async function requireLicenseRoom(
  write: WriteContext,
  path: string,
  groupId: number,
  adding = 1,
): Promise<void> {
  const limit = licenseLimitOf(path);
  if (limit === undefined || adding <= 0) return;
  const trx = write.trx as unknown as Kysely<Database>;
  const tenant = await write.ctx.directory.tenantOf(groupId, trx);
  if (!tenant) return;
  const license = await installedLicense(trx, tenant.id, { lock: write.ctx.dialect });
  if (!license) return;
  const words = LIMIT_WORDS[limit].replace('maximum ', '');
  if (isLicenseExpired(license.payload, Date.now()))
    throw new HttpError(
      403,
      `The license of ${tenant.name} expired on ${license.payload.expiresAt.slice(0, 10)}: no new ${words} until a new license is installed`,
      undefined,
      undefined,
      { license: 'expired', limit, expiresAt: license.payload.expiresAt },
    );
  // no such limit: nothing to count (the count is the one cost a limited create adds)
  if (license.payload.limits[limit] === undefined) return;
  const used = await usedOf(trx, limit, tenant.hierarchyCode);
  const exceeded = limitExceeded(license.payload.limits, limit, used, adding);
  if (exceeded)
    throw new HttpError(
      403,
      `License limit reached: ${LIMIT_WORDS[limit]} is ${exceeded.max} and ${tenant.name} has ${used}; ask for a license with more ${words}`,
      undefined,
      undefined,
      { license: 'limitReached', ...exceeded },
    );
}

/** As requireLicenseRoom, for a row of `path` moved from group `fromGroupId` to `toGroupId`: only a move into another tenant adds to its count. */
export async function requireLicenseRoomForMove(
  write: WriteContext,
  path: string,
  fromGroupId: number,
  toGroupId: number,
): Promise<void> {
  if (licenseLimitOf(path) === undefined || fromGroupId === toGroupId) return;
  const trx = write.trx as unknown as Kysely<Database>;
  const from = await write.ctx.directory.tenantOf(fromGroupId, trx);
  const to = await write.ctx.directory.tenantOf(toGroupId, trx);
  if (from?.id !== to?.id) await requireLicenseRoom(write, path, toGroupId);
}

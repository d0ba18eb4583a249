// Device profiles: reader and edge-box configuration templates, their settings matched against their
// device kind's JSON Schema (core's device-profiles.ts), and the check that a logical reader or an
// edge box is given only a profile of its own kind.
import { DEVICE_PROFILE_SCHEMAS, deviceKindOf, isDeviceKind } from '@portico/core';
import { invalidField } from '../../http/http-error.ts';
import { schemaProblems } from '../app-config.ts';
import { parseJsonColumn } from '../resource-fields.ts';
import type { ResourceSpec, Row, WriteContext } from '../resource-spec.ts';
import { identity, catalogFields } from './fields.ts';

/** The rows (logical readers, edge boxes) that use profile `id`. */
async function usersOf(write: WriteContext, id: number): Promise<number> {
  let count = 0;
  for (const table of ['logicalReaders', 'edgeboxes']) {
    const row = await write.trx
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .where('deviceProfileId', '=', id)
      .executeTakeFirst();
    count += Number(row?.count ?? 0);
  }
  return count;
}

export const DEVICE_PROFILE: ResourceSpec = {
  ...identity('deviceProfile'),
  table: 'deviceProfiles',
  // a tenant's profiles serve every site of it
  visibility: 'tenant',
  fields: catalogFields('deviceProfile'),
  async beforeWrite(values, write) {
    const existing = write.existing;
    // a used profile keeps its kind: its devices would hold a profile of another kind
    if (
      existing &&
      values.deviceKind !== undefined &&
      values.deviceKind !== existing.deviceKind &&
      (await usersOf(write, Number(existing.id))) > 0
    )
      throw invalidField('deviceKind', 'cannot change while devices use this profile');
    if (values.deviceKind === undefined && values.settings === undefined) return;
    const kind = values.deviceKind ?? existing?.deviceKind;
    if (!isDeviceKind(kind)) return;
    const value = values.settings ?? parseJsonColumn(existing?.settings, {}) ?? {};
    const problems = schemaProblems(DEVICE_PROFILE_SCHEMAS[kind], value);
    if (problems.length === 0) return;
    const detail = problems.map((problem) => `${problem.pointer} ${problem.message}`).join('; ');
    throw invalidField('settings', `does not match the ${kind} schema: ${detail}`, { problems });
  },
};

/**
 * The hook of a resource with a `deviceProfileId`: after the reference check (the profile exists, in
 * the row's tenant, readable by the caller), the profile must be of the resource's device kind.
 * Throwing rolls the write back.
 */
export function deviceProfileOfKind(resource: string) {
  const kind = deviceKindOf(resource);
  return async (_id: number, values: Row, write: WriteContext): Promise<void> => {
    const profileId = values.deviceProfileId;
    if (typeof profileId !== 'number') return;
    const profile = await write.trx
      .selectFrom('deviceProfiles')
      .select('deviceKind')
      .where('id', '=', profileId)
      .executeTakeFirst();
    if (profile && profile.deviceKind !== kind)
      throw invalidField('deviceProfileId', `must be a ${String(kind)} profile`);
  };
}

// The directory part of the seed: the group tree, its fields, roles, users and permission resources.
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  OPERATOR_PERMISSIONS,
  PERMISSION_RESOURCES,
  PLAIN_PERMISSIONS,
  ROOT_PERMISSIONS,
  TENANT_ADMIN_PERMISSIONS,
  VIEWER_PERMISSIONS,
} from '../auth/permission-catalog.ts';
import { NOW, insertMany, insertOne } from './insert.ts';
import { ACME_LABELS } from './labels.ts';

/** A seeded group, as the later parts of the seed need it. */
export interface SeededGroup {
  id: number;
  name: string;
  hierarchyCode: string;
  treeLevel: number;
  fqnBase: string;
}

export interface SeededDirectory {
  root: SeededGroup;
  acme: SeededGroup;
  north: SeededGroup;
  south: SeededGroup;
  globex: SeededGroup;
  userIds: Record<string, number>;
}

export async function seedDirectory(
  trx: Transaction<Database>,
  passwordHashes: readonly string[],
): Promise<SeededDirectory> {
  const group = async (
    name: string,
    code: string,
    parent: { id: number; hierarchyCode: string; treeLevel: number; fqnBase: string } | null,
    groupTypeId: number | null,
    description: string,
  ) => {
    const treeLevel = parent ? parent.treeLevel + 1 : 1;
    const fqnBase = parent ? (parent.fqnBase ? `${parent.fqnBase}.${code}` : code) : '';
    const id = await insertOne(trx, 'groups', {
      parentId: parent?.id ?? null,
      groupTypeId,
      name,
      code,
      description,
      hierarchyCode: '',
      fqnBase,
      treeLevel,
      archived: 0,
      createdBy: 'system',
      creationTime: NOW,
    });
    const hierarchyCode = `${parent?.hierarchyCode ?? '>'}${id}>`;
    await trx.updateTable('groups').set({ hierarchyCode }).where('id', '=', id).execute();
    return { id, name, hierarchyCode, treeLevel, fqnBase };
  };

  const root = await group('Root', 'root', null, null, 'The platform root');
  const groupType = (name: string, code: string, description: string) =>
    insertOne(trx, 'groupTypes', {
      groupId: root.id,
      name,
      code,
      description,
      archived: 0,
      createdBy: 'system',
      creationTime: NOW,
    });
  const rootType = await groupType('Root', 'root', 'The root of the tree');
  const tenantType = await groupType('Company', 'company', 'A tenant');
  const facilityType = await groupType('Facility', 'facility', 'A site of a tenant');
  await trx
    .updateTable('groups')
    .set({ groupTypeId: rootType })
    .where('id', '=', root.id)
    .execute();
  const acme = await group(
    'Acme Logistics',
    'acme',
    root,
    tenantType,
    'Third-party logistics, two distribution centres',
  );
  const north = await group(
    'Acme / North DC',
    'acme-north',
    acme,
    facilityType,
    'North distribution centre',
  );
  const south = await group(
    'Acme / South DC',
    'acme-south',
    acme,
    facilityType,
    'South distribution centre',
  );
  const globex = await group('Globex', 'globex', root, tenantType, 'Globex Corporation');

  const fields = [
    { ownerId: root.id, name: 'sessionTimeout', value: '60' },
    { ownerId: root.id, name: 'language', value: 'en' },
    ...Object.entries(ACME_LABELS).map(([concept, value]) => ({
      ownerId: acme.id,
      name: `vizixVocabularyLabel${concept}`,
      value,
    })),
    { ownerId: acme.id, name: 'defaultNavBar', value: 'things' },
    { ownerId: acme.id, name: 'autoLoadTabMenus', value: 'true' },
    { ownerId: acme.id, name: 'timeZoneConfiguration', value: 'America/Chicago' },
    { ownerId: acme.id, name: 'dateFormatConfiguration', value: 'MM/DD/YYYY' },
    { ownerId: acme.id, name: 'calendarFormatConfiguration', value: '12h' },
    { ownerId: acme.id, name: 'sessionTimeout', value: '30' },
    { ownerId: acme.id, name: 'language', value: 'en' },
    { ownerId: globex.id, name: 'timeZoneConfiguration', value: 'Europe/Berlin' },
    { ownerId: globex.id, name: 'dateFormatConfiguration', value: 'DD.MM.YYYY' },
    { ownerId: globex.id, name: 'calendarFormatConfiguration', value: '24h' },
  ];
  await insertMany(trx, 'groupFields', fields);

  // one role a row, inserted in this order (their ids follow it); each tenant has its administrator
  const tenantAdministrator = [
    'Tenant Administrator',
    'Every tenant permission',
    TENANT_ADMIN_PERMISSIONS,
  ] as const;
  const roleId = {} as Record<'root' | 'admin' | 'operator' | 'viewer' | 'globex', number>;
  for (const [key, groupId, name, description, permissions] of [
    ['root', root.id, 'Root Administrator', 'Every permission', ROOT_PERMISSIONS],
    ['admin', acme.id, ...tenantAdministrator],
    ['operator', acme.id, 'Operator', 'Things, zones and reports', OPERATOR_PERMISSIONS],
    ['viewer', acme.id, 'Viewer', 'Read-only access', VIEWER_PERMISSIONS],
    ['globex', globex.id, ...tenantAdministrator],
  ] as const)
    roleId[key] = await insertOne(trx, 'roles', {
      groupId,
      name,
      description,
      permissions: JSON.stringify(permissions),
      archived: 0,
      creationTime: NOW,
    });

  const people: Array<[string, number, string, string, number[]]> = [
    ['root', root.id, 'Root', 'Administrator', [roleId.root]],
    ['admin', acme.id, 'Ada', 'Admin', [roleId.admin]],
    ['operator', north.id, 'Oscar', 'Operator', [roleId.operator]],
    ['viewer', acme.id, 'Vera', 'Viewer', [roleId.viewer]],
    ['nobody', acme.id, 'Noah', 'Body', []],
    ['globex', globex.id, 'Gina', 'Globex', [roleId.globex]],
  ];
  const userIds: Record<string, number> = {};
  for (const [index, [username, groupId, firstName, lastName, roleIds]] of people.entries()) {
    userIds[username] = await insertOne(trx, 'users', {
      groupId,
      username,
      firstName,
      lastName,
      email: `${username}@${groupId === globex.id ? 'globex.example' : 'acme.example'}`,
      passwordHash: passwordHashes[index] ?? '',
      apiKeyHash: null,
      roleIds: JSON.stringify(roleIds),
      archived: 0,
      passwordExpirationTime: null,
      displayPasswordExpirationTime: 0,
      createdBy: 'system',
      creationTime: NOW,
    });
  }
  await insertMany(trx, 'userFields', [
    {
      ownerId: userIds.viewer ?? 0,
      name: 'hiddenTabs',
      value: JSON.stringify(['gateway', 'services']),
    },
  ]);

  await insertMany(trx, 'resources', [
    ...PERMISSION_RESOURCES.map((name) => ({
      groupId: root.id,
      name,
      label: name,
      description: `The ${name} resource`,
      typeName: 'class',
      acceptedAttributes: 'riuda',
    })),
    ...PLAIN_PERMISSIONS.map((permission) => {
      const name = permission.slice(0, -2);
      return {
        groupId: root.id,
        name,
        label: name,
        description: `The ${name} module`,
        typeName: 'module',
        acceptedAttributes: 'x',
      };
    }),
  ]);
  return { root, acme, north, south, globex, userIds };
}

// JSON shapes of users and groups (spec §3, §7).
import type { Directory, GroupRow, UserRow } from '../auth/directory.ts';

export type Json = Record<string, unknown>;

export const USER_FIELDS = [
  'id',
  'username',
  'firstName',
  'lastName',
  'email',
  'timeZone',
  'calendarFormat',
  'dateFormat',
  'hiddenTabs',
  'archived',
  'displayPasswordExpirationTime',
  'passwordExpirationTime',
  'groupId',
  'roleIds',
  'userRoles',
  'userFields',
] as const;

export const USER_EXTRAS = [
  'group',
  'group.groupType',
  'group.parentLevel2',
  'group.parentLevel2.groupType',
  'activeGroup',
  'activeGroup.groupType',
  'activeGroup.parentLevel2',
  'activeGroup.parentLevel2.groupType',
] as const;

export function groupJson(group: GroupRow): Json {
  return {
    id: group.id,
    name: group.name,
    code: group.code,
    description: group.description,
    hierarchyCode: group.hierarchyCode,
    fqnBase: group.fqnBase,
    treeLevel: group.treeLevel,
    parentId: group.parentId,
    groupId: group.parentId,
    groupTypeId: group.groupTypeId,
    archived: group.archived === 1,
    createdBy: group.createdBy,
    creationTime: group.creationTime,
  };
}

function parseHiddenTabs(value: string | undefined): string[] {
  if (value === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed)
      ? parsed.filter((tab): tab is string => typeof tab === 'string')
      : [];
  } catch {
    return [];
  }
}

function parseRoleIds(value: string): number[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** The user's own fields; `fields` are its user fields (timeZoneConfiguration, ...). */
export function userJson(user: UserRow, fields: ReadonlyMap<string, string>): Json {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    timeZone: fields.get('timeZoneConfiguration') ?? null,
    calendarFormat: fields.get('calendarFormatConfiguration') ?? null,
    dateFormat: fields.get('dateFormatConfiguration') ?? null,
    language: fields.get('language') ?? null,
    hiddenTabs: parseHiddenTabs(fields.get('hiddenTabs')),
    archived: user.archived === 1,
    displayPasswordExpirationTime: user.displayPasswordExpirationTime === 1,
    passwordExpirationTime: user.passwordExpirationTime,
    groupId: user.groupId,
    roleIds: parseRoleIds(user.roleIds),
  };
}

async function expandGroup(
  directory: Directory,
  group: GroupRow,
  wanted: ReadonlySet<string>,
  prefix: string,
): Promise<Json> {
  const json = groupJson(group);
  if (wanted.has(`${prefix}.groupType`) && group.groupTypeId !== null) {
    json.groupType = await directory.groupTypeJson(group.groupTypeId);
  }
  if (wanted.has(`${prefix}.parentLevel2`)) {
    const tenant = await directory.tenantOf(group.id);
    json.parentLevel2 = tenant
      ? await expandGroup(directory, tenant, wanted, `${prefix}.parentLevel2`)
      : null;
  }
  return json;
}

/** Applies `extra` (relations to expand) and `only` (top-level fields to keep) of spec §7. */
export async function shapeUser(
  directory: Directory,
  user: UserRow,
  fields: ReadonlyMap<string, string>,
  extra: ReadonlySet<string>,
  only: ReadonlySet<string> | undefined,
): Promise<Json> {
  let json: Json = {
    ...userJson(user, fields),
    // the platform's User.publicMap lists these too
    userRoles: await directory.roleSummaries(parseRoleIds(user.roleIds)),
    userFields: [...fields].map(([name, value]) => ({ name, value })),
  };
  if (only) json = Object.fromEntries(Object.entries(json).filter(([key]) => only.has(key)));
  const group = await directory.group(user.groupId);
  for (const relation of ['group', 'activeGroup'] as const) {
    const requested = [...extra].some(
      (name) => name === relation || name.startsWith(`${relation}.`),
    );
    if (requested && group) json[relation] = await expandGroup(directory, group, extra, relation);
  }
  return json;
}

// The 403 decisions of the services, each a table of callers and what they ask: the user routes'
// own-record rule, the permissions of another user, the role members' two permissions, a list's
// visibility base, and the report folder rules.
import { describe, expect, it } from 'vitest';
import { createPermissionSet } from '@portico/core';
import type { Caller, GroupRow, UserRow } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';
import { requireAllPermissions, requireVisibleBase } from './access.ts';
import type { Readable } from './access.ts';
import { requireEdgeReporter } from './edge-policy.ts';
import { requireReportReader, requireReportTarget } from './report-policy.ts';
import type { ResourceSpec } from '../resources/resource-spec.ts';
import { requireModelFileAccess } from './trained-model-policy.ts';
import { licenseTenantOf, requireLicenseGenerator } from './license-policy.ts';
import { folderSubject, requireFolderDeletable, requireFolderEditable } from './folder-policy.ts';
import {
  requireOwnPermissionQueries,
  requireOwnPermissions,
  requireUserAccess,
} from './user-policy.ts';
import { maySeeSnapshot, requireVersioning, versioningScope } from './versioning-policy.ts';
import { isCallersSite, requireSiteAction } from './site-policy.ts';
import type { SiteAction } from './site-policy.ts';
import { requireThingTypeFields, requireThingTypeWritable } from './thing-type-field-policy.ts';

const SELF = 10;
const OTHER = 11;

function caller(permissions: string[]): Caller {
  const group = { id: 3, treeLevel: 2, hierarchyCode: '>1>3>' } as unknown as GroupRow;
  return {
    user: { id: SELF, username: 'ada', groupId: 3 } as unknown as UserRow,
    group,
    tenant: group,
    isRoot: false,
    permissions: createPermissionSet(permissions),
    permissionList: permissions,
    visibleGroupIds: new Set([3, 4]),
    tenantAncestorIds: new Set(),
    ancestorIds: new Set([1]),
  };
}

/** The status the decision answers: 'allowed', or the HttpError's status and message. */
function outcome(decide: () => unknown): string {
  try {
    decide();
    return 'allowed';
  } catch (error) {
    if (error instanceof HttpError) return `${error.status} ${error.message}`;
    throw error;
  }
}

describe('a user record through the user routes', () => {
  it.each<[string, string[], number, 'r' | 'u', string]>([
    ['one’s own, with nothing', [], SELF, 'r', 'allowed'],
    ['one’s own change, with nothing', [], SELF, 'u', 'allowed'],
    ['another’s, with user:r', ['user:r'], OTHER, 'r', 'allowed'],
    ['another’s, with user:*', ['user:*'], OTHER, 'u', 'allowed'],
    ['another’s, with the object grant', [`user:r:${OTHER}`], OTHER, 'r', 'allowed'],
    [
      'another’s, with the grant of a third',
      ['user:r:12'],
      OTHER,
      'r',
      '403 Permission user:r required',
    ],
    ['another’s, without user:r', ['thing:r'], OTHER, 'r', '403 Permission user:r required'],
    [
      'another’s change, with user:r only',
      ['user:r'],
      OTHER,
      'u',
      '403 Permission user:u required',
    ],
  ])('%s', (_name, permissions, userId, letter, expected) => {
    expect(outcome(() => requireUserAccess(caller(permissions), userId, letter))).toBe(expected);
  });

  it.each<[string, string[], number, string]>([
    ['one’s own permissions', [], SELF, 'allowed'],
    [
      'another’s, even with user:*',
      ['user:*'],
      OTHER,
      '403 Permissions can only be read for the signed-in user',
    ],
  ])('%s', (_name, permissions, userId, expected) => {
    expect(outcome(() => requireOwnPermissions(caller(permissions), userId))).toBe(expected);
  });

  it.each<[string, string[], number, string]>([
    ['one’s own permission queries', [], SELF, 'allowed'],
    [
      'another’s, even with user:*',
      ['user:*'],
      OTHER,
      '403 Permissions can only be queried for the signed-in user',
    ],
  ])('%s', (_name, permissions, userId, expected) => {
    expect(outcome(() => requireOwnPermissionQueries(caller(permissions), userId))).toBe(expected);
  });

  it('answers the platform’s text for the refusal when the route names one', () => {
    try {
      requireUserAccess(caller(['thing:r']), OTHER, 'u', 'Forbidden UserField');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ status: 403, platformMessage: 'Forbidden UserField' });
    }
  });
});

describe('every one of several permissions', () => {
  it.each<[string[], string]>([
    [['role:r', 'user:r'], 'allowed'],
    [['role:*', 'user:*'], 'allowed'],
    [['user:r'], '403 Permission role:r required'],
    [['role:r'], '403 Permission user:r required'],
    [[], '403 Permission role:r required'],
  ])('%j', (permissions, expected) => {
    expect(outcome(() => requireAllPermissions(caller(permissions), ['role:r', 'user:r']))).toBe(
      expected,
    );
  });
});

describe('a list’s visibility base', () => {
  const some: Readable = { readable: new Set([3, 4]), key: '3,4' };
  const every: Readable = { readable: undefined, key: '*' };
  it.each<[string, Readable, number, boolean, string]>([
    ['a group the caller reads', some, 4, true, 'allowed'],
    [
      'a group above the caller',
      some,
      1,
      true,
      '403 visibilityGroupId 1 is not a group you can see',
    ],
    ['no group at all', some, 99, false, '403 visibilityGroupId 99 is not a group you can see'],
    ['any group, for root', every, 1, true, 'allowed'],
    [
      'no group, even for root',
      every,
      99,
      false,
      '403 visibilityGroupId 99 is not a group you can see',
    ],
  ])('%s', (_name, readable, groupId, exists, expected) => {
    const group = exists ? { id: groupId } : undefined;
    expect(outcome(() => requireVisibleBase(readable, groupId, group))).toBe(expected);
  });
});

describe('a report folder', () => {
  const mine = { id: 7, createdByUserId: SELF };
  const theirs = { id: 7, createdByUserId: OTHER };
  it('is the caller’s when the caller created it', () => {
    expect(folderSubject(mine, SELF)).toMatchObject({ id: 7, isOwner: true });
    expect(folderSubject(theirs, SELF)).toMatchObject({ id: 7, isOwner: false });
  });

  it.each<[string, string[], Record<string, unknown>, string, string]>([
    [
      'type-level update',
      ['reportDefinitionfolder:u'],
      theirs,
      'allowed',
      '403 You may not delete this folder',
    ],
    [
      'type-level delete',
      ['reportDefinitionfolder:d'],
      theirs,
      '403 You may not edit this folder',
      'allowed',
    ],
    [
      'type-level, but this folder read-only',
      ['reportDefinitionfolder:u', 'reportDefinitionfolder:d', '_folderinstance_7:r'],
      theirs,
      '403 You may not edit this folder',
      '403 You may not delete this folder',
    ],
    [
      'this folder’s own update grant',
      ['_folderinstance_7:u'],
      theirs,
      'allowed',
      '403 You may not delete this folder',
    ],
    ['the owner’s folder edit', ['foldereditown:u'], mine, 'allowed', 'allowed'],
    [
      'the owner’s folder edit on another’s folder',
      ['foldereditown:u'],
      theirs,
      '403 You may not edit this folder',
      '403 You may not delete this folder',
    ],
    ['nothing', [], mine, '403 You may not edit this folder', '403 You may not delete this folder'],
  ])('%s', (_name, permissions, row, edit, remove) => {
    expect(outcome(() => requireFolderEditable(caller(permissions), row))).toBe(edit);
    expect(outcome(() => requireFolderDeletable(caller(permissions), row))).toBe(remove);
  });
});

describe('a stream app state reported by its edge box', () => {
  const refused = '403 Permission edgebox:u required: only an edge box reports its state';
  it.each<[string, string[], string]>([
    ['with edgebox:u', ['edgebox:u'], 'allowed'],
    ['with edgebox:*', ['edgebox:*'], 'allowed'],
    ['with edgebox:r only', ['edgebox:r'], refused],
    ['with every stream app permission but no edge box one', ['streamapp:*'], refused],
    ['with nothing', [], refused],
  ])('%s', (_name, permissions, expected) => {
    expect(outcome(() => requireEdgeReporter(caller(permissions)))).toBe(expected);
  });
});

describe('a trained model’s file', () => {
  const upload = "403 Permission trainedmodel:u required to upload a model's file";
  const download = "403 Permission trainedmodel:r required to download a model's file";
  it.each<[string, string[], 'upload' | 'download', string]>([
    ['an administrator uploads', ['trainedmodel:*'], 'upload', 'allowed'],
    ['an administrator downloads', ['trainedmodel:*'], 'download', 'allowed'],
    ['an editor uploads', ['trainedmodel:r', 'trainedmodel:u'], 'upload', 'allowed'],
    ['a reader downloads', ['trainedmodel:r'], 'download', 'allowed'],
    ['a reader uploads', ['trainedmodel:r'], 'upload', upload],
    ['a creator without update uploads', ['trainedmodel:i', 'trainedmodel:d'], 'upload', upload],
    ['an updater without read downloads', ['trainedmodel:u'], 'download', download],
    ['another resource’s holder downloads', ['thingtype:*'], 'download', download],
    ['nobody uploads', [], 'upload', upload],
    ['nobody downloads', [], 'download', download],
  ])('%s', (_name, permissions, action, expected) => {
    expect(outcome(() => requireModelFileAccess(caller(permissions), action))).toBe(expected);
  });
});

describe('licenses', () => {
  /** A root-level caller: its group is the root, it has no tenant. */
  function rootCaller(permissions: string[]): Caller {
    const group = { id: 1, treeLevel: 1, hierarchyCode: '>1>' } as unknown as GroupRow;
    return { ...caller(permissions), group, tenant: null, isRoot: true };
  }

  it.each<[string, Caller, 'r' | 'u', string]>([
    [
      'root with license_generator:u generates',
      rootCaller(['license_generator:u']),
      'u',
      'allowed',
    ],
    ['root with license_generator:* lists', rootCaller(['license_generator:*']), 'r', 'allowed'],
    [
      'root without it',
      rootCaller(['license_generator:r']),
      'u',
      '403 Permission license_generator:u required',
    ],
    [
      'a tenant administrator, even granted the generator',
      caller(['license_generator:*', 'license:*']),
      'u',
      '403 Only root generates licenses',
    ],
  ])('the generator: %s', (_name, who, letter, expected) => {
    expect(outcome(() => requireLicenseGenerator(who, letter))).toBe(expected);
  });

  it.each<[string, Caller, 'r' | 'u', number | undefined, string]>([
    ['a tenant reads its own', caller(['license:r']), 'r', undefined, 'allowed 3'],
    ['a tenant names its own', caller(['license:*']), 'u', 3, 'allowed 3'],
    ['a tenant names another', caller(['license:*']), 'r', 9, '404 Tenant 9 not found'],
    [
      'a reader installs',
      caller(['license:r']),
      'u',
      undefined,
      '403 Permission license:u required',
    ],
    ['no permission', caller(['thing:*']), 'r', 3, '403 Permission license:r required'],
    ['root names a tenant', rootCaller(['license:*']), 'u', 9, 'allowed 9'],
    [
      'root names none',
      rootCaller(['license:*']),
      'r',
      undefined,
      '400 Invalid query: tenantId: root names the tenant',
    ],
  ])('whose license: %s', (_name, who, letter, requested, expected) => {
    let tenant = 0;
    const result = outcome(() => (tenant = licenseTenantOf(who, letter, requested)));
    expect(result === 'allowed' ? `allowed ${tenant}` : result).toBe(expected);
  });
});

describe('configuration versions', () => {
  function rootCaller(permissions: string[]): Caller {
    const group = { id: 1, treeLevel: 1, hierarchyCode: '>1>' } as unknown as GroupRow;
    return { ...caller(permissions), group, tenant: null, isRoot: true };
  }

  it.each<[string, Caller, 'r' | 'i' | 'u' | 'd', string]>([
    ['a reader lists', caller(['versioning:r']), 'r', 'allowed'],
    ['a reader takes', caller(['versioning:r']), 'i', '403 Permission versioning:i required'],
    ['a taker takes', caller(['versioning:r', 'versioning:i']), 'i', 'allowed'],
    ['a taker restores', caller(['versioning:i']), 'u', '403 Permission versioning:u required'],
    ['every letter restores', caller(['versioning:*']), 'u', 'allowed'],
    ['every letter deletes', caller(['versioning:*']), 'd', 'allowed'],
    ['no permission', caller(['thing:*']), 'r', '403 Permission versioning:r required'],
    ['root with every letter', rootCaller(['versioning:*']), 'd', 'allowed'],
  ])('%s', (_name, who, letter, expected) => {
    expect(outcome(() => requireVersioning(who, letter))).toBe(expected);
  });

  it.each<[string, Caller, number, boolean]>([
    ['a tenant sees its own', caller(['versioning:r']), 3, true],
    ['a tenant does not see another', caller(['versioning:r']), 9, false],
    ['root sees a tenant', rootCaller(['versioning:r']), 9, true],
    ['root sees its own', rootCaller(['versioning:r']), 1, true],
  ])('whose snapshot: %s', (_name, who, scopeGroupId, expected) => {
    expect(maySeeSnapshot(who, scopeGroupId)).toBe(expected);
  });

  it('snapshots the tenant, or the root level', () => {
    expect(versioningScope(caller([]))).toEqual({ groupId: 3, tenantId: 3 });
    expect(versioningScope(rootCaller([]))).toEqual({ groupId: 1, tenantId: null });
  });
});

describe('running a report', () => {
  const zone = { path: 'zone', permission: 'zone' } as ResourceSpec;
  it.each([
    [['report_definition:r', 'zone:r'], 'allowed', 'allowed'],
    [['report_definition:*', 'zone:*'], 'allowed', 'allowed'],
    [['report_definition:r'], 'allowed', '403 Permission zone:r required'],
    [
      ['zone:r'],
      '403 Permission report_definition:r required',
      '403 Permission report_definition:r required',
    ],
    [
      [],
      '403 Permission report_definition:r required',
      '403 Permission report_definition:r required',
    ],
  ])('%j: reader %s, over zones %s', (permissions, reader, target) => {
    expect(outcome(() => requireReportReader(caller(permissions)))).toBe(reader);
    expect(outcome(() => requireReportTarget(caller(permissions), zone))).toBe(target);
  });
});

describe('sites', () => {
  const rootCaller = (permissions: string[]): Caller => ({
    ...caller(permissions),
    group: { id: 1, treeLevel: 1, hierarchyCode: '>1>' } as unknown as GroupRow,
    tenant: null,
    isRoot: true,
  });
  const ADMIN = ['group:*', 'localmap:*', 'zone:*', 'sites_configuration_dashboard:x'];
  const VIEWER = ['group:r', 'localmap:r', 'zone:r', 'sites_configuration_dashboard:x'];
  const OPERATOR = ['zone:r', 'zone:u'];
  const NO_DASHBOARD = ['group:*', 'localmap:*'];
  const NEEDS_UPDATE = '403 Permission group:u and sites_configuration_dashboard:x required';
  const NEEDS_MAP = '403 Permission localmap:u and sites_configuration_dashboard:x required';
  const NEEDS_DELETE = '403 Permission localmap:d and sites_configuration_dashboard:x required';
  it.each<[string, string[], SiteAction, string]>([
    ['admin reads', ADMIN, 'read', 'allowed'],
    ['admin updates', ADMIN, 'update', 'allowed'],
    ['admin uploads a map', ADMIN, 'writeMap', 'allowed'],
    ['admin removes a map', ADMIN, 'deleteMap', 'allowed'],
    ['viewer reads', VIEWER, 'read', 'allowed'],
    ['viewer reads a map', VIEWER, 'readMap', 'allowed'],
    ['viewer updates', VIEWER, 'update', NEEDS_UPDATE],
    ['viewer uploads a map', VIEWER, 'writeMap', NEEDS_MAP],
    ['viewer removes a map', VIEWER, 'deleteMap', NEEDS_DELETE],
    ['operator reads a map (zone:r)', OPERATOR, 'readMap', 'allowed'],
    ['operator reads details', OPERATOR, 'read', '403 Permission group:r required'],
    ['operator updates', OPERATOR, 'update', NEEDS_UPDATE],
    ['without the dashboard: updates', NO_DASHBOARD, 'update', NEEDS_UPDATE],
    ['without the dashboard: uploads', NO_DASHBOARD, 'writeMap', NEEDS_MAP],
    ['without the dashboard: reads', NO_DASHBOARD, 'read', 'allowed'],
    [
      'nobody reads a map',
      [],
      'readMap',
      '403 Permission localmap:r or zone:r or group:r required',
    ],
    ['nobody updates', [], 'update', NEEDS_UPDATE],
  ])('%s', (_name, permissions, action, expected) => {
    expect(outcome(() => requireSiteAction(caller(permissions), action))).toBe(expected);
  });

  const group = (id: number, treeLevel: number) => ({ id, treeLevel }) as unknown as GroupRow;
  it.each<[string, Caller, GroupRow | undefined, boolean]>([
    ['a site in the tree', caller([]), group(4, 3), true],
    ['the tenant itself', caller([]), group(3, 2), false],
    ['a site of another tenant', caller([]), group(9, 3), false],
    ['no group', caller([]), undefined, false],
    ['root: any site', rootCaller([]), group(9, 3), true],
    ['root: not a tenant', rootCaller([]), group(9, 2), false],
  ])('whose site: %s', (_name, who, site, expected) => {
    expect(isCallersSite(who, site)).toBe(expected);
  });
});

describe('thing attributes', () => {
  it.each<[string, string[], 'read' | 'change', string]>([
    ['a reader reads', ['thingtype:r'], 'read', 'allowed'],
    ['a reader changes', ['thingtype:r'], 'change', '403 Permission thingtype:u required'],
    ['an updater changes', ['thingtype:u'], 'change', 'allowed'],
    [
      'an updater without read reads',
      ['thingtype:u'],
      'read',
      '403 Permission thingtype:r required',
    ],
    [
      'an inserter changes',
      ['thingtype:i', 'thingtype:r'],
      'change',
      '403 Permission thingtype:u required',
    ],
    ['every letter changes', ['thingtype:*'], 'change', 'allowed'],
    ['thing permissions only', ['thing:*'], 'read', '403 Permission thingtype:r required'],
    ['nothing', [], 'change', '403 Permission thingtype:u required'],
  ])('%s', (_name, permissions, action, expected) => {
    expect(outcome(() => requireThingTypeFields(caller(permissions), action))).toBe(expected);
  });

  it.each<[string, number, string]>([
    ['its own group', 3, 'allowed'],
    ['a group below', 4, 'allowed'],
    [
      'a parent group',
      1,
      '403 This thingType belongs to a parent group: its attributes are read-only for you',
    ],
  ])('a thing type of %s', (_name, groupId, expected) => {
    expect(outcome(() => requireThingTypeWritable(caller(['thingtype:*']), groupId))).toBe(
      expected,
    );
  });
});

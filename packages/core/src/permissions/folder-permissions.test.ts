import { describe, expect, it, vi } from 'vitest';
import {
  FOLDER_DELETE_PERMISSION_TEMPLATE,
  FOLDER_EDIT_PERMISSION_TEMPLATE,
  buildFolderPermissionExpressions,
  canDeleteFolder,
  canEditFolder,
  canReadFolder,
  folderInstanceKey,
  folderPermissionVariables,
  folderTypeKey,
} from './folder-permissions.ts';
import {
  createPermissionExpressionEvaluator,
  evaluatePermissionExpression,
} from './permission-expression.ts';

const folder = { id: 7, isOwner: false };
const owned = { id: 7, isOwner: true };

describe('spec §6: "Folder edit is allowed with type-level update, unless the instance is delete-only or read-only. It is also allowed with instance-level update, or if the user owns the folder and holds foldereditown:u"', () => {
  it.each([
    ['type-level update', ['reportDefinitionfolder:u'], folder, true],
    ['type-level update, lower-case key', ['reportdefinitionfolder:u'], folder, true],
    ['type-level *', ['reportDefinitionfolder:*'], folder, true],
    [
      'type-level update, instance delete-only',
      ['reportDefinitionfolder:u', '_folderinstance_7:d'],
      folder,
      false,
    ],
    [
      'type-level update, instance read-only',
      ['reportDefinitionfolder:u', '_folderinstance_7:r'],
      folder,
      false,
    ],
    [
      'type-level update, another instance read-only',
      ['reportDefinitionfolder:u', '_folderinstance_8:r'],
      folder,
      true,
    ],
    ['instance-level update', ['_folderinstance_7:u'], folder, true],
    [
      'instance-level update with read',
      ['_folderinstance_7:r', '_folderinstance_7:u'],
      folder,
      true,
    ],
    ['instance-level update of another folder', ['_folderinstance_8:u'], folder, false],
    ['owner with foldereditown:u', ['foldereditown:u'], owned, true],
    ['owner without foldereditown:u', [], owned, false],
    ['not owner with foldereditown:u', ['foldereditown:u'], folder, false],
    ['type-level read only', ['reportDefinitionfolder:r'], folder, false],
    ['type-level delete only', ['reportDefinitionfolder:d'], folder, false],
    ['another folder type', ['zonefolder:u'], folder, false],
    ['custom type', ['zonefolder:u'], { ...folder, type: 'zone' }, true],
  ])('%s -> %s', (_label, permissions, subject, expected) => {
    expect(canEditFolder(subject, permissions)).toBe(expected);
  });
});

describe('spec §6: "Folder delete mirrors this with type-level delete and instance-level delete, and also allows the owner with foldereditown:u"', () => {
  it.each([
    ['type-level delete', ['reportDefinitionfolder:d'], folder, true],
    [
      'type-level delete, instance update-only',
      ['reportDefinitionfolder:d', '_folderinstance_7:u'],
      folder,
      false,
    ],
    [
      'type-level delete, instance read-only',
      ['reportDefinitionfolder:d', '_folderinstance_7:r'],
      folder,
      false,
    ],
    ['instance-level delete', ['_folderinstance_7:d'], folder, true],
    [
      'instance-level delete with read',
      ['_folderinstance_7:r', '_folderinstance_7:d'],
      folder,
      true,
    ],
    ['owner with foldereditown:u', ['foldereditown:u'], owned, true],
    ['owner without it', ['reportDefinitionfolder:u'], owned, false],
    ['type-level update only', ['reportDefinitionfolder:u'], folder, false],
  ])('%s -> %s', (_label, permissions, subject, expected) => {
    expect(canDeleteFolder(subject, permissions)).toBe(expected);
  });
});

describe('folder read (our rule: type-level read, any instance grant, or ownership)', () => {
  it.each([
    [['reportDefinitionfolder:r'], folder, true],
    [['_folderinstance_7:u'], folder, true],
    [['_folderinstance_7:d'], folder, true],
    [['_folderinstance_7:r'], folder, true],
    [[], owned, true],
    [['reportDefinitionfolder:u'], folder, false],
  ])('%o for %o -> %s', (permissions, subject, expected) => {
    expect(canReadFolder(subject, permissions)).toBe(expected);
  });
});

describe('folder expressions', () => {
  it('builds the hasEditPermission / hasDeletePermission a folder carries, which evaluate like the rules', () => {
    const built = buildFolderPermissionExpressions({ id: 12 });
    expect(built.hasEditPermission).toBe(
      '(reportDefinitionfolder:u && !_folderinstance_12:d && !_folderinstance_12:r) || _folderinstance_12:u || ({isOwner} && foldereditown:u)',
    );
    expect(built.hasDeletePermission).toContain('reportDefinitionfolder:d');
    expect(
      evaluatePermissionExpression(built.hasEditPermission, ['_folderinstance_12:u'], {
        isOwner: false,
      }),
    ).toBe(true);
    expect(
      evaluatePermissionExpression(built.hasDeletePermission, ['foldereditown:u'], {
        isOwner: true,
      }),
    ).toBe(true);
    expect(buildFolderPermissionExpressions({ id: 'a', type: 'zone' }).hasEditPermission).toContain(
      'zonefolder:u',
    );
  });

  it('names the keys', () => {
    expect(folderTypeKey('reportDefinition', 'u')).toBe('reportDefinitionfolder:u');
    expect(folderInstanceKey(7, 'r')).toBe('_folderinstance_7:r');
    expect(folderPermissionVariables(folder)).toEqual({
      type: 'reportDefinition',
      id: 7,
      isOwner: false,
    });
    expect(FOLDER_EDIT_PERMISSION_TEMPLATE).toContain('foldereditown:u');
    expect(FOLDER_DELETE_PERMISSION_TEMPLATE).toContain('foldereditown:u');
  });

  it('uses an injected evaluator when given (its logger sees refusals)', () => {
    const logger = { warn: vi.fn() };
    const evaluator = createPermissionExpressionEvaluator({ logger });
    expect(canEditFolder({ id: 'x y', isOwner: false }, [], evaluator)).toBe(false);
    expect(canDeleteFolder({ id: 'x y', isOwner: false }, [], evaluator)).toBe(false);
    expect(canReadFolder({ id: 'x y', isOwner: false }, [], evaluator)).toBe(false);
    expect(logger.warn).toHaveBeenCalledTimes(3);
  });
});

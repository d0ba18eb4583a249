/**
 * Folder permissions (spec §6, "Permission expressions").
 *
 * Keys: `{type}folder:r|u|d` (type level, e.g. `reportDefinitionfolder:u`, compared
 * case-insensitively), `_folderinstance_{id}:r|u|d` (one folder), `foldereditown:u` (owners may
 * edit and delete what they created).
 *
 * - Edit: type-level update, unless the instance is delete-only or read-only (an instance grant
 *   of `d` or `r` without `u`); or instance-level update; or the owner holding `foldereditown:u`.
 * - Delete mirrors it: type-level delete unless the instance is update-only or read-only; or
 *   instance-level delete; or the owner holding `foldereditown:u`.
 * - Read (our decision; the spec names `{type}folder:r` without a rule): type-level read, any
 *   instance-level grant, or ownership.
 *
 * The templates are expressions in the language of {@link evaluatePermissionExpression}, with the
 * placeholders `{type}`, `{id}` and the truth flag `{isOwner}`.
 */
import { evaluatePermissionExpression } from './permission-expression.ts';
import type { PermissionExpressionEvaluator } from './permission-expression.ts';

/** The folder type of report folders (the platform's `typeElement`). */
export const REPORT_FOLDER_TYPE = 'reportDefinition';

/** Owner key: the creator of a folder may edit and delete it (spec §6). */
export const FOLDER_OWNER_EDIT_KEY = 'foldereditown:u';

/** The `hasEditPermission` rule of a folder, as a template. */
export const FOLDER_EDIT_PERMISSION_TEMPLATE =
  '({type}folder:u && !_folderinstance_{id}:d && !_folderinstance_{id}:r) || _folderinstance_{id}:u || ({isOwner} && foldereditown:u)';

/** The `hasDeletePermission` rule of a folder, as a template. */
export const FOLDER_DELETE_PERMISSION_TEMPLATE =
  '({type}folder:d && !_folderinstance_{id}:u && !_folderinstance_{id}:r) || _folderinstance_{id}:d || ({isOwner} && foldereditown:u)';

/** Who may open a folder (our decision, see the module comment), as a template. */
export const FOLDER_READ_PERMISSION_TEMPLATE =
  '{type}folder:r || _folderinstance_{id}:r || _folderinstance_{id}:u || _folderinstance_{id}:d || {isOwner}';

/** The facts about one folder that its permission rules need. */
export interface FolderAccessSubject {
  /** The folder id (the `{id}` of `_folderinstance_{id}`). */
  readonly id: number | string;
  /** The folder type; default {@link REPORT_FOLDER_TYPE}. */
  readonly type?: string;
  /** True when the current user created the folder. */
  readonly isOwner: boolean;
}

/** The variables of the folder templates for one folder. */
export function folderPermissionVariables(
  folder: FolderAccessSubject,
): Record<string, string | number | boolean> {
  return { type: folder.type ?? REPORT_FOLDER_TYPE, id: folder.id, isOwner: folder.isOwner };
}

/** The type-level key for a folder type and operation: `folderTypeKey('reportDefinition', 'u')` is `reportDefinitionfolder:u`. */
export function folderTypeKey(type: string, letter: 'r' | 'i' | 'u' | 'd'): string {
  return `${type}folder:${letter}`;
}

/** The instance-level key for a folder id and operation: `_folderinstance_7:u`. */
export function folderInstanceKey(id: number | string, letter: 'r' | 'u' | 'd'): string {
  return `_folderinstance_${id}:${letter}`;
}

/** The folder's edit and delete expressions with its type and id filled in (what `hasEditPermission` / `hasDeletePermission` carry). */
export function buildFolderPermissionExpressions(folder: Omit<FolderAccessSubject, 'isOwner'>): {
  hasEditPermission: string;
  hasDeletePermission: string;
} {
  const fill = (template: string) =>
    template
      .replaceAll('{type}', folder.type ?? REPORT_FOLDER_TYPE)
      .replaceAll('{id}', String(folder.id));
  return {
    hasEditPermission: fill(FOLDER_EDIT_PERMISSION_TEMPLATE),
    hasDeletePermission: fill(FOLDER_DELETE_PERMISSION_TEMPLATE),
  };
}

const evaluateWith = (
  evaluator: PermissionExpressionEvaluator | undefined,
): PermissionExpressionEvaluator => evaluator ?? evaluatePermissionExpression;

/** True when the user may rename or change the folder (spec §6 folder edit rule). */
export function canEditFolder(
  folder: FolderAccessSubject,
  permissions: Iterable<string>,
  evaluator?: PermissionExpressionEvaluator,
): boolean {
  return evaluateWith(evaluator)(
    FOLDER_EDIT_PERMISSION_TEMPLATE,
    permissions,
    folderPermissionVariables(folder),
  );
}

/** True when the user may delete the folder (spec §6 folder delete rule). */
export function canDeleteFolder(
  folder: FolderAccessSubject,
  permissions: Iterable<string>,
  evaluator?: PermissionExpressionEvaluator,
): boolean {
  return evaluateWith(evaluator)(
    FOLDER_DELETE_PERMISSION_TEMPLATE,
    permissions,
    folderPermissionVariables(folder),
  );
}

/** True when the user may open the folder (our read rule). */
export function canReadFolder(
  folder: FolderAccessSubject,
  permissions: Iterable<string>,
  evaluator?: PermissionExpressionEvaluator,
): boolean {
  return evaluateWith(evaluator)(
    FOLDER_READ_PERMISSION_TEMPLATE,
    permissions,
    folderPermissionVariables(folder),
  );
}

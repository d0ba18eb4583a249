/**
 * @portico/core: the pure rules of the Portico console (DESIGN.md §2).
 * Explicit named re-exports only.
 */
export {
  PERMISSION_LETTERS,
  createPermissionSet,
  hasPermission,
  parsePermission,
} from './permissions/permission-string.ts';
export type { ParsedPermission, PermissionLetter, PermissionSet } from './permissions/permission-string.ts';

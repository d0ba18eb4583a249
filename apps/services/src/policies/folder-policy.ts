// Who may edit or delete a report folder: spec §6's folder rules (core's canEditFolder and
// canDeleteFolder) over the folder row and the caller. A type-level update or delete does not reach
// a folder marked read-only or delete-only for the caller; the owner's `foldereditown` does.
import { REPORT_FOLDER_TYPE, canDeleteFolder, canEditFolder } from '@portico/core';
import type { Caller } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';
import type { Row } from '../resources/resource-spec.ts';

/** The folder as core's folder rules see it: its id, its type, whether the caller created it. */
export function folderSubject(row: Row, callerId: number) {
  return {
    id: row.id as number,
    type: REPORT_FOLDER_TYPE,
    isOwner: row.createdByUserId === callerId,
  };
}

/** Refuses (403) an update of a folder the caller may not edit. */
export function requireFolderEditable(caller: Caller, row: Row): void {
  if (!canEditFolder(folderSubject(row, caller.user.id), caller.permissions))
    throw new HttpError(403, 'You may not edit this folder');
}

/** Refuses (403) the delete of a folder the caller may not delete. */
export function requireFolderDeletable(caller: Caller, row: Row): void {
  if (!canDeleteFolder(folderSubject(row, caller.user.id), caller.permissions))
    throw new HttpError(403, 'You may not delete this folder');
}

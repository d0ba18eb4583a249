// Who may touch a trained model's file: uploading (or replacing) it changes the model, so it needs
// the model's update permission (`trainedmodel:u`); downloading it reads the model (`trainedmodel:r`).
// Which model (its tenant, a parent group's read-only row) is the resource mechanism's rule
// (access.ts findReadableRow, requireWritable), asked by the route after this.
import type { Caller } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';

export type ModelFileAction = 'upload' | 'download';

const LETTER: Record<ModelFileAction, 'u' | 'r'> = { upload: 'u', download: 'r' };

export function requireModelFileAccess(caller: Caller, action: ModelFileAction): void {
  const permission = `trainedmodel:${LETTER[action]}`;
  if (!caller.permissions.has(permission))
    throw new HttpError(403, `Permission ${permission} required to ${action} a model's file`);
}

// Who may speak for an edge box: the state an edge box reports of the stream apps it runs is written
// with the edge box's own update permission (`edgebox:u`), not the stream app's: the edge reports
// what it does, it does not edit what it was asked to do.
import type { Caller } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';

export function requireEdgeReporter(caller: Caller): void {
  if (!caller.permissions.has('edgebox:u'))
    throw new HttpError(403, 'Permission edgebox:u required: only an edge box reports its state');
}

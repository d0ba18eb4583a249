// Who may run a report: whoever reads report definitions, and only over a resource it reads itself
// (a report shows exactly the rows of the caller's own list of that resource).
import type { Caller } from '../auth/directory.ts';
import type { ResourceSpec } from '../resources/resource-spec.ts';
import { requireAllPermissions } from './access.ts';

/** The permission that reads report definitions (and runs them). */
export const REPORT_READ = 'report_definition:r';

/** Refuses (403) running any report without `report_definition:r`. */
export function requireReportReader(caller: Caller): void {
  requireAllPermissions(caller, [REPORT_READ]);
}

/** Refuses (403) running a report over a resource whose list the caller may not read. */
export function requireReportTarget(caller: Caller, target: ResourceSpec): void {
  requireAllPermissions(caller, [REPORT_READ, `${target.permission}:r`]);
}

// Who may read and change a thing type's attributes (its user-defined fields). The attributes are
// part of the thing type: `thingtype:r` reads them, `thingtype:u` adds, changes, orders and deletes
// them; a thing type the caller only reads (one of its tenant's parent groups') keeps its attributes.
import type { Caller } from '../auth/directory.ts';
import { HttpError } from '../http/http-error.ts';

export type AttributeAction = 'read' | 'change';

export function requireThingTypeFields(caller: Caller, action: AttributeAction): void {
  const letter = action === 'read' ? 'r' : 'u';
  if (!caller.permissions.has(`thingtype:${letter}`))
    throw new HttpError(403, `Permission thingtype:${letter} required`);
}

/** Refuses (403) changing the attributes of a thing type owned above the caller's own tree. */
export function requireThingTypeWritable(caller: Caller, thingTypeGroupId: number): void {
  if (!caller.visibleGroupIds.has(thingTypeGroupId))
    throw new HttpError(
      403,
      'This thingType belongs to a parent group: its attributes are read-only for you',
    );
}

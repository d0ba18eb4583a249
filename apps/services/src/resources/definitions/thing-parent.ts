// A thing's parent, as the real platform holds it: two levels only (ThingControllerTest's
// testTreeLevelHigherThanTwo; ThingsService: a parent cannot take a parent, a child cannot take
// children). Which rows the caller may name is the references' check (policies/access.ts).
import { HttpError, withPlatformMessage } from '../../http/http-error.ts';
import type { Row, WriteContext } from '../resource-spec.ts';

function refused(text: string): HttpError {
  return withPlatformMessage(
    new HttpError(400, `Invalid body: parentId: ${text}`, { parentId: text }),
    text,
  );
}

/** Refuses a parent that would make a third level, or a thing its own parent. */
export async function checkThingParent(values: Row, write: WriteContext): Promise<void> {
  const parentId = values.parentId;
  if (typeof parentId !== 'number') return;
  const selfId = write.existing?.id as number | undefined;
  if (parentId === selfId) throw refused('a thing cannot be its own parent');
  const parent = await write.trx
    .selectFrom('things')
    .select(['id', 'parentId'])
    .where('id', '=', parentId)
    .where('groupId', 'in', [...write.caller.visibleGroupIds])
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  // an unknown or unreadable parent is the references' check to refuse, with its own answer
  if (!parent) return;
  if (parent.parentId !== null && parent.parentId !== undefined)
    throw refused('the parent thing has a parent itself: things nest two levels only');
  if (selfId !== undefined) {
    const child = await write.trx
      .selectFrom('things')
      .select('id')
      .where('parentId', '=', selfId)
      .where('deletedAt', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (child) throw refused('this thing has children: things nest two levels only');
  }
}

// The real platform's rule for group names and codes (GroupService.validateUniqueCode /
// validateUniqueName): a group may not share its code, nor its name, with a sibling, an ancestor or
// a descendant of its own. Groups in other branches may repeat them (two tenants each have a
// "North DC"). A repeat is refused as Portico refuses every taken value (409 naming the field), with
// the platform's words in `message`.
import { HttpError, withPlatformMessage } from '../../http/http-error.ts';
import type { Row, WriteContext } from '../resource-spec.ts';

interface Lineage {
  id: number;
  parentId: number | null;
  name: string;
  code: string;
  hierarchyCode: string;
}

function taken(field: 'code' | 'name', platformText: string): HttpError {
  return withPlatformMessage(
    new HttpError(
      409,
      `A group with this ${field} already exists beside, above or below it: ${field} must be unique along its branch`,
      { [field]: 'duplicate' },
    ),
    platformText,
  );
}

/**
 * Refuses `values.code` / `values.name` when a sibling, an ancestor or a descendant of the group
 * (the one being created under `values.parentId`, or `write.existing`) holds it.
 */
export async function checkGroupLineage(values: Row, write: WriteContext): Promise<void> {
  const existing = write.existing as unknown as Lineage | undefined;
  const code = typeof values.code === 'string' ? values.code : undefined;
  const name = typeof values.name === 'string' ? values.name : undefined;
  if (code === undefined && name === undefined) return;
  const parentId = existing ? existing.parentId : (values.parentId as number | null);
  const groups = (await write.trx
    .selectFrom('groups')
    .select(['id', 'parentId', 'name', 'code', 'hierarchyCode'])
    .execute()) as unknown as Lineage[];
  const byId = new Map(groups.map((group) => [Number(group.id), group]));
  const related = new Set<number>();
  for (const group of groups) {
    if (parentId !== null && group.parentId === parentId) related.add(Number(group.id));
    if (existing && group.hierarchyCode.startsWith(existing.hierarchyCode))
      related.add(Number(group.id));
  }
  for (let id = parentId; id !== null;) {
    const ancestor = byId.get(id);
    if (!ancestor) break;
    related.add(Number(ancestor.id));
    id = ancestor.parentId;
  }
  if (existing) related.delete(Number(existing.id));
  const lineage = [...related].flatMap((id) => byId.get(id) ?? []);
  if (code !== undefined && lineage.some((group) => group.code === code))
    throw taken('code', 'Duplicated Code group');
  if (name !== undefined && lineage.some((group) => group.name === name))
    throw taken('name', 'Duplicated Name');
}

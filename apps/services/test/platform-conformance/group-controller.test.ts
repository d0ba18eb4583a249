// Ported from the real platform's GroupControllerTest.java (one case per real @Test; see harness.ts).
import { describe, expect, it } from 'vitest';
import type { JsonMap } from './harness.ts';
import { UNKNOWN_RECORD, expectWrite, millis, usePlatform } from './harness.ts';

const platform = usePlatform();

/** A taken unique value: the platform answers 400, Portico 409 (API.md, Compatibility). */
const TAKEN = 409;

function createGroupMap(suffix: string, parentId: number | null, groupTypeId: number): JsonMap {
  return {
    code: `code${suffix}`,
    description: `description${suffix}`,
    name: `name${suffix}`,
    archived: false,
    'parent.id': parentId,
    'groupType.id': groupTypeId,
  };
}

async function insertGroup(
  status: number,
  suffix: string,
  parentId: number | null,
  groupTypeId: number,
): Promise<JsonMap> {
  return expectWrite(
    platform,
    '/group',
    status,
    'PUT',
    createGroupMap(suffix, parentId, groupTypeId),
  );
}

function updateGroup(status: number, id: unknown, groupMap: JsonMap): Promise<JsonMap> {
  return expectWrite(platform, `/group/${String(id)}`, status, 'PATCH', groupMap);
}

describe('GroupControllerTest (real platform)', () => {
  it('testListGroup: GET /group/ lists', async () => {
    const list = await platform.expectResponse('/group/', 200, 'GET');
    expect(Array.isArray(list.results)).toBe(true);
  });

  it('testGetGroup: GET /group/1', async () => {
    await platform.expectResponse('/group/1', 200, 'GET');
  });

  it('testValidateGetGroup: an unknown group is refused with the platform message', async () => {
    const answer = await platform.expectResponse('/group/99999', UNKNOWN_RECORD, 'GET');
    expect(answer.message).toBe('GroupId[99999] not found');
  });

  it('testCreateUpdateDeleteGroup: PUT create with dotted references, PATCH, DELETE', async () => {
    const suffix = millis();
    // Portico: a group needs a parent (only the seed makes the root), as the platform's 400 says
    await insertGroup(400, suffix, null, 1);
    let groupMap = await insertGroup(201, suffix, 1, 1);
    const id = groupMap.id;
    groupMap = await updateGroup(200, id, groupMap);
    groupMap['parent.id'] = null;
    await updateGroup(400, id, groupMap);
    await platform.expectResponse(`/group/${String(id)}`, 204, 'DELETE');
    await platform.expectResponse(`/group/${String(id)}`, UNKNOWN_RECORD, 'GET');
  });

  it('testCreateUpdateDuplicateGroup: a code or name taken beside the group is refused (Portico: 409)', async () => {
    const suffix1 = millis();
    const suffix2 = millis();
    const groupMap1 = await insertGroup(201, suffix1, 1, 1);
    const id1 = groupMap1.id;
    const duplicate = await insertGroup(TAKEN, suffix1, 1, 1);
    expect(duplicate.message).toBe('Duplicated Code group');
    const groupMap2 = await insertGroup(201, suffix2, 1, 1);
    const id2 = groupMap2.id;
    groupMap2.name = groupMap1.name;
    const renamed = await updateGroup(TAKEN, id2, groupMap1); // duplicated name (and code)
    expect(renamed.message).toBe('Duplicated Code group');
    await platform.expectResponse(`/group/${String(id1)}`, 204, 'DELETE');
    await platform.expectResponse(`/group/${String(id2)}`, 204, 'DELETE');
    await platform.expectResponse(`/group/${String(id1)}`, UNKNOWN_RECORD, 'DELETE');
    await platform.expectResponse(`/group/${String(id2)}`, UNKNOWN_RECORD, 'DELETE');
  });

  it('testSelectTree: GET /group/tree twice', async () => {
    const tree = await platform.expectResponse('/group/tree', 200, 'GET');
    await platform.expectResponse('/group/tree', 200, 'GET');
    const roots = tree.results as JsonMap[];
    expect(roots.length).toBeGreaterThan(0);
    expect(Array.isArray(roots[0]?.children)).toBe(true);
  });

  describe("Portico: the platform's rule is the branch, not the whole tree", () => {
    it('a sibling, an ancestor or a descendant may not share the name; another branch may', async () => {
      const suffix = millis();
      const parent = await insertGroup(201, suffix, 1, 1);
      const child = await platform.expectResponse('/group', 201, 'PUT', {
        name: `child${suffix}`,
        code: `childcode${suffix}`,
        'parent.id': parent.id,
        'groupType.id': 1,
      });
      // the parent's name under the parent: an ancestor holds it
      const under = await platform.expectResponse('/group', TAKEN, 'PUT', {
        name: parent.name,
        code: `other${suffix}`,
        'parent.id': child.id,
        'groupType.id': 1,
      });
      expect(under).toMatchObject({ message: 'Duplicated Name', fields: { name: 'duplicate' } });
      // renaming the parent as its child: a descendant holds it
      const renamed = await platform.expectResponse(`/group/${String(parent.id)}`, TAKEN, 'PATCH', {
        name: child.name,
      });
      expect(renamed.message).toBe('Duplicated Name');
      // another branch (under a sibling of the parent) may repeat both
      const other = await insertGroup(201, millis(), 1, 1);
      await platform.expectResponse('/group', 201, 'PUT', {
        name: child.name,
        code: child.code,
        'parent.id': other.id,
        'groupType.id': 1,
      });
      // nothing was written by the refusals
      const named = await platform.expectResponse(
        `/group?pageSize=-1&where=${encodeURIComponent(`name=${String(parent.name)}`)}`,
        200,
        'GET',
      );
      expect((named.results as JsonMap[]).map((group) => group.id)).toEqual([parent.id]);
    });
  });
});

// Ported from the real platform's GroupTypeControllerTest.java (one case per real @Test; see harness.ts).
import { describe, expect, it } from 'vitest';
import type { JsonMap } from './harness.ts';
import { UNKNOWN_RECORD, expectWrite, millis, usePlatform } from './harness.ts';

const platform = usePlatform();

function createGroupTypeMap(suffix: string, parentId: number, groupId: number): JsonMap {
  return {
    name: `name${suffix}`,
    code: `code${suffix}`,
    description: `description${suffix}`,
    'group.id': groupId,
    'parent.id': parentId,
  };
}

function insertGroupType(status: number, suffix: string, parentId: number, groupId: number) {
  const groupTypeMap = createGroupTypeMap(suffix, parentId, groupId);
  return expectWrite(platform, '/groupType', status, 'PUT', groupTypeMap);
}

function updateGroupType(status: number, id: unknown, groupTypeMap: JsonMap) {
  return expectWrite(platform, `/groupType/${String(id)}`, status, 'PATCH', groupTypeMap);
}

describe('GroupTypeControllerTest (real platform)', () => {
  it('testListGroupType', async () => {
    await platform.expectResponse('/groupType', 200, 'GET');
  });

  it('testValidateGetGroupType: an unknown group type is refused with the platform message', async () => {
    const answer = await platform.expectResponse('/groupType/99999', UNKNOWN_RECORD, 'GET');
    expect(answer.message).toBe('GroupTypeId[99999] not found');
  });

  it('testCreateUpdateDeleteGroupType: PUT create (parent.id skipped: no group type hierarchy), PATCH, GET, DELETE', async () => {
    const suffix = millis();
    const groupTypeMap = await insertGroupType(201, suffix, 1, 1);
    const id = groupTypeMap.id;
    await updateGroupType(200, id, groupTypeMap);
    await platform.expectResponse(`/groupType/${String(id)}`, 200, 'GET');
    await platform.expectResponse(`/groupType/${String(id)}`, 204, 'DELETE');
    await platform.expectResponse(`/groupType/${String(id)}`, UNKNOWN_RECORD, 'GET');
  });

  it('testSelectTree: GET /groupType/tree twice', async () => {
    await platform.expectResponse('/groupType/tree', 200, 'GET');
    await platform.expectResponse('/groupType/tree', 200, 'GET');
  });
});
